import {
  RAW_DATA_EXPORT_FILE,
  rawDataDownloadEndpoint,
  type RawDataFilter,
} from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { isAxiosError } from '../../../lib/api-errors.ts';

export type ExportFormat = 'excel' | 'csv';

/**
 * GET /api/rawdata/download as a blob, saved as raw_data_export.xlsx or .csv. An error answer
 * arrives as a blob too; it is turned back into JSON so the server's message can be shown.
 */
export async function downloadRawData(format: ExportFormat, filter: RawDataFilter): Promise<void> {
  try {
    const response = await apiClient.get<Blob>(rawDataDownloadEndpoint.path, {
      params: { format, ...filter },
      responseType: 'blob',
    });
    const url = URL.createObjectURL(response.data);
    const link = document.createElement('a');
    link.href = url;
    link.download = RAW_DATA_EXPORT_FILE[format];
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    if (isAxiosError(error) && error.response?.data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await error.response.data.text()) as unknown;
      } catch {
        // Not JSON: keep the status text.
      }
    }
    throw error;
  }
}
