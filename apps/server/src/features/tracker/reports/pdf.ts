import {
  drawTable,
  finish,
  money,
  newDocument,
  signatoryBlock,
  titleBlock,
  type Column,
  type Row,
} from '../../../lib/documents/pdf.ts';
import {
  reportHeading,
  reportLabel,
  reportLayout,
  remarksOf,
  reportPreamble,
  statusText,
  utilisationText,
  type ReportAmounts,
  type TrackerReportData,
} from './model.ts';

const COLUMNS: Column[] = [
  { label: 'Reference Code', width: 58, align: 'left' },
  { label: 'PPA', width: 100, align: 'left' },
  { label: 'Target (Expected Result / Performance Indicator)', width: 120, align: 'left' },
  { label: 'Accomplishment', width: 130, align: 'left' },
  { label: 'Status', width: 46, align: 'left' },
  { label: 'Appropriated', width: 64, align: 'right' },
  { label: 'Disbursed This Period', width: 62, align: 'right' },
  { label: 'Disbursed To Date', width: 64, align: 'right' },
  { label: 'Utilisation (To Date)', width: 44, align: 'right' },
  // The rest of the A4 landscape width between the margins (785.89 pt).
  { label: 'Remarks', width: 97.89, align: 'left' },
];

const amountCells = (a: ReportAmounts) => [
  money(a.appropriated),
  money(a.disbursedInPeriod),
  money(a.disbursedToDate),
  utilisationText(a),
];

/** The accomplishment report as a PDF: items by centre, subtotals, total and signatories. */
export function reportPdf(data: TrackerReportData): Promise<Buffer> {
  const label = reportLabel(data);
  const doc = newDocument(label);
  titleBlock(doc, reportHeading(data), reportPreamble(data));
  const layout = reportLayout(data);
  const rows: Row[] = [];
  for (const group of layout.groups) {
    rows.push({ kind: 'group', cells: [group.title] });
    for (const item of group.items) {
      rows.push({
        kind: 'line',
        cells: [
          item.referenceCode,
          item.ppa,
          item.target,
          item.accomplishment,
          statusText(item.status),
          ...amountCells({
            appropriated: item.appropriatedCents,
            disbursedInPeriod: item.disbursedInPeriodCents,
            disbursedToDate: item.disbursedToDateCents,
          }),
          remarksOf(item),
        ],
      });
    }
    rows.push({
      kind: 'subtotal',
      cells: ['', `Subtotal, ${group.title}`, '', '', '', ...amountCells(group.subtotal), ''],
    });
  }
  rows.push({
    kind: 'total',
    cells: ['', 'GRAND TOTAL', '', '', '', ...amountCells(layout.total), ''],
  });
  drawTable(doc, COLUMNS, rows);
  signatoryBlock(doc, data.signatories, 'Approved by:');
  return finish(doc, label);
}
