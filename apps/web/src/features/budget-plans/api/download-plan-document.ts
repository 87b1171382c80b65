import {
  PLAN_DOCUMENT_PATH,
  endpointPath,
  type PlanDocument,
  type PlanDocumentFormat,
} from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { isAxiosError } from '../../../lib/api-errors.ts';
import { saveBlob } from '../../../lib/file-download.ts';

/** The file name the server gives (`Content-Disposition`), else a readable one of our own. */
export function documentFileName(disposition: string | undefined, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Badly encoded: try the plain form.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

export interface PlanDocumentRequest {
  id: number;
  year: number;
  document: PlanDocument;
  format: PlanDocumentFormat;
}

/**
 * GET /api/budget-plans/:id/documents/:document?format= with the session's token, saved through
 * a blob (the raw-data export does the same). An error answer arrives as a blob too: it is read
 * back as JSON so the server's message can be shown.
 */
export async function downloadPlanDocument(request: PlanDocumentRequest): Promise<void> {
  try {
    const response = await apiClient.get<Blob>(
      endpointPath(PLAN_DOCUMENT_PATH, { id: request.id, document: request.document }),
      { params: { format: request.format }, responseType: 'blob' },
    );
    const disposition: unknown = response.headers['content-disposition'];
    const name = documentFileName(
      typeof disposition === 'string' ? disposition : undefined,
      `${request.document}-${request.year}.${request.format}`,
    );
    saveBlob(response.data, name, 'The document could not be saved.');
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
