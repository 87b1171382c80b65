import {
  MARGIN,
  drawTable,
  finish,
  money,
  newDocument,
  printable,
  titleBlock,
  widthOf,
  type Column,
  type Row,
} from '../../../lib/documents/pdf.ts';
import {
  registryHeading,
  registryKeeper,
  registryLabel,
  groupTotalLabel,
  registryLayout,
  registryPreamble,
  type RegistryDocumentData,
  type RegistryTotals,
} from './registry.ts';

const COLUMNS: Column[] = [
  { label: 'Date', width: 56, align: 'left' },
  { label: 'Reference', width: 90, align: 'left' },
  { label: 'Particulars', width: 209.89, align: 'left' },
  { label: 'Budget', width: 80, align: 'right' },
  { label: 'Commitments', width: 80, align: 'right' },
  { label: 'Payments', width: 80, align: 'right' },
  { label: 'Balance: Available Budget', width: 95, align: 'right' },
  // The rest of the A4 landscape width between the margins (785.89 pt).
  { label: 'Balance: Unpaid Commitments', width: 95, align: 'right' },
];

const amount = (centavos: number | null) => (centavos === null ? '' : money(centavos));
const totalCells = (t: RegistryTotals) =>
  [t.budget, t.commitments, t.payments, t.available, t.unpaid].map(money);

/** The RBCPB of one class as a PDF. */
export function registryPdf(data: RegistryDocumentData): Promise<Buffer> {
  const label = registryLabel(data);
  const doc = newDocument(label);
  titleBlock(doc, registryHeading(data), registryPreamble(data));
  const layout = registryLayout(data);
  const rows: Row[] = [];
  for (const group of layout.groups) {
    rows.push({ kind: 'group', cells: [group.title] });
    for (const r of group.rows) {
      rows.push({
        kind: 'line',
        cells: [
          r.date,
          r.reference,
          r.particulars,
          amount(r.budget),
          amount(r.commitment),
          amount(r.payment),
          money(r.available),
          money(r.unpaid),
        ],
      });
    }
    rows.push({
      kind: 'subtotal',
      cells: ['', '', groupTotalLabel(data, group.title), ...totalCells(group.totals)],
    });
  }
  rows.push({ kind: 'total', cells: ['', '', 'GRAND TOTAL', ...totalCells(layout.total)] });
  rows.push({ kind: 'group', cells: ['SUMMARY BY OBJECT OF EXPENDITURE'] });
  for (const o of layout.byObject) {
    rows.push({ kind: 'line', cells: ['', o.code, o.name, ...totalCells(o.totals)] });
  }
  drawTable(doc, COLUMNS, rows);
  if (doc.y + 90 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
  }
  const half = widthOf(doc) / 2;
  const top = doc.y + 24;
  doc.font('body').fontSize(9);
  doc.text('Prepared by:', MARGIN, top, { width: half });
  doc.text('Noted by:', MARGIN + half, top, { width: half });
  doc.font('bold').fontSize(10);
  doc.text(printable(registryKeeper(data) || '____________________', 'bold'), MARGIN, top + 30, {
    width: half,
  });
  doc.text('____________________', MARGIN + half, top + 30, { width: half });
  doc.font('body').fontSize(9);
  doc.text('Budget Monitoring Officer', MARGIN, top + 44, { width: half });
  doc.text('SK Chairperson', MARGIN + half, top + 44, { width: half });
  return finish(doc, label);
}
