import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../../lib/documents/rendered.ts';
import { reportFileName, type TrackerReportData } from './model.ts';

export {
  itemAmounts,
  periodRange,
  periodTitle,
  reportLayout,
  utilisationPercent,
  type ReportAmounts,
  type ReportLayout,
  type TrackerReportData,
  type TrackerReportItem,
} from './model.ts';

/**
 * The quarterly or year-end accomplishment report of a year's tracked items. Its writers
 * (exceljs, pdfkit) load on first use, as the budget plan's documents do.
 */
export async function renderTrackerReport(
  data: TrackerReportData,
  format: 'xlsx' | 'pdf',
): Promise<RenderedDocument> {
  const bytes =
    format === 'xlsx'
      ? await (await import('./xlsx.ts')).reportWorkbook(data)
      : await (await import('./pdf.ts')).reportPdf(data);
  return {
    fileName: reportFileName(data, format),
    contentType: DOCUMENT_CONTENT_TYPES[format],
    bytes,
  };
}
