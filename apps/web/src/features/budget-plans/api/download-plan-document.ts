import {
  PLAN_DOCUMENT_PATH,
  endpointPath,
  type PlanDocument,
  type PlanDocumentFormat,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../../lib/api-download.ts';

export interface PlanDocumentRequest {
  id: number;
  year: number;
  document: PlanDocument;
  format: PlanDocumentFormat;
}

/**
 * GET /api/budget-plans/:id/documents/:document?format= with the session's token, saved through
 * a blob (the raw-data export does the same); an error answer's message is read back.
 */
export function downloadPlanDocument(request: PlanDocumentRequest): Promise<void> {
  return downloadApiFile(
    endpointPath(PLAN_DOCUMENT_PATH, { id: request.id, document: request.document }),
    { format: request.format },
    `${request.document}-${request.year}.${request.format}`,
  );
}
