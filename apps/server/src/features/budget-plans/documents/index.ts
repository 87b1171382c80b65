import type { PlanDocument, PlanDocumentFormat } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../../lib/documents/rendered.ts';
import { documentFileName, type DocumentPlan } from './model.ts';

export type { DocumentPlan } from './model.ts';
export type { RenderedDocument } from '../../../lib/documents/rendered.ts';

/**
 * The ABYIP or the SK annual budget of a plan, as a workbook or a PDF. The writers (exceljs,
 * pdfkit with fontkit: about 40 MB of resident memory together) load on the first document a
 * process makes, not at start-up: most processes serve hours of calls without making one.
 */
export async function renderPlanDocument(
  plan: DocumentPlan,
  document: PlanDocument,
  format: PlanDocumentFormat,
): Promise<RenderedDocument> {
  const bytes =
    format === 'xlsx'
      ? await (await import('./xlsx.ts')).planWorkbook(plan, document)
      : await (await import('./pdf.ts')).planPdf(plan, document);
  return {
    fileName: documentFileName(plan, document, format),
    contentType: DOCUMENT_CONTENT_TYPES[format],
    bytes,
  };
}
