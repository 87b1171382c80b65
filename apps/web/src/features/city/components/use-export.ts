import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { errorMessage } from '../../../lib/api-errors.ts';

/**
 * An export button's state: `exporting` while `download` runs; a failure becomes a toast with
 * the server's message. The city dashboard's and the youth statistics' .xlsx share it.
 */
export function useExport(download: () => Promise<unknown>) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await download();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
