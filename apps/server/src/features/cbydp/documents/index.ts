import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../../lib/documents/rendered.ts';
import { documentName, type CbydpDocument } from './model.ts';

/**
 * The CBYDP as a workbook or a PDF. The writers (exceljs, pdfkit) load on the first document a
 * process makes, as the budget plans' documents do.
 */
export async function renderCbydpDocument(
  doc: CbydpDocument,
  format: 'xlsx' | 'pdf',
): Promise<RenderedDocument> {
  const bytes =
    format === 'xlsx'
      ? await (await import('./xlsx.ts')).cbydpWorkbook(doc)
      : await (await import('./pdf.ts')).cbydpPdf(doc);
  return {
    fileName: documentName(doc, format),
    contentType: DOCUMENT_CONTENT_TYPES[format],
    bytes,
  };
}
