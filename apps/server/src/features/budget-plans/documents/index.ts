import type { PlanDocument, PlanDocumentFormat } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../../lib/documents/rendered.ts';
import { documentFileName, type DocumentPlan } from './model.ts';
import { planPdf } from './pdf.ts';
import { planWorkbook } from './xlsx.ts';

export type { DocumentPlan } from './model.ts';
export type { RenderedDocument } from '../../../lib/documents/rendered.ts';

/** The ABYIP or the SK annual budget of a plan, as a workbook or a PDF. */
export async function renderPlanDocument(
  plan: DocumentPlan,
  document: PlanDocument,
  format: PlanDocumentFormat,
): Promise<RenderedDocument> {
  const bytes =
    format === 'xlsx' ? await planWorkbook(plan, document) : await planPdf(plan, document);
  return {
    fileName: documentFileName(plan, document, format),
    contentType: DOCUMENT_CONTENT_TYPES[format],
    bytes,
  };
}
