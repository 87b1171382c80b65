import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Download from '@mui/icons-material/Download';
import { toast } from 'react-toastify';
import type { PlanDocument, PlanDocumentFormat } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { downloadPlanDocument } from '../api/download-plan-document.ts';

const ITEMS: { document: PlanDocument; format: PlanDocumentFormat; labelKey: string }[] = [
  { document: 'abyip', format: 'xlsx', labelKey: 'plans.downloads.abyipExcel' },
  { document: 'abyip', format: 'pdf', labelKey: 'plans.downloads.abyipPdf' },
  { document: 'annual-budget', format: 'xlsx', labelKey: 'plans.downloads.budgetExcel' },
  { document: 'annual-budget', format: 'pdf', labelKey: 'plans.downloads.budgetPdf' },
];

/** The ABYIP and the SK annual budget as Excel workbooks and PDFs (as last saved). */
export function DownloadsMenu({ id, year }: { id: number; year: number }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (document: PlanDocument, format: PlanDocumentFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadPlanDocument({ id, year, document, format });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Download />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? 'plan-downloads' : undefined}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? t('plans.downloads.preparing') : t('plans.downloads.button')}
      </Button>
      <Menu
        id="plan-downloads"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
      >
        {ITEMS.map((item) => (
          <MenuItem key={item.labelKey} onClick={() => void download(item.document, item.format)}>
            {t(item.labelKey)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
