import {
  MARGIN,
  drawTable,
  finish,
  money,
  newDocument,
  printable,
  signerBlock,
  titleBlock,
  widthOf,
  type Column,
  type Row,
} from '../../../lib/documents/pdf.ts';
import {
  CBYDP_TITLE,
  approvalLines,
  centreTitle,
  centresOf,
  centreTotals,
  columnLabels,
  formNote,
  preambleOf,
  rowTexts,
  signers,
  titleLines,
  type CbydpDocument,
} from './model.ts';

/** Relative widths of the eleven columns (the texts wide, the targets and budgets narrow). */
const SHARES = [13, 12, 10, 7, 7, 7, 13, 7, 7, 7, 10];

/** The CBYDP as a landscape A4 PDF in the NYC form's layout. */
export function cbydpPdf(doc: CbydpDocument): Promise<Buffer> {
  const { plan } = doc;
  const pdf = newDocument(`${CBYDP_TITLE} ${plan.period}`);
  titleBlock(pdf, titleLines(doc), preambleOf(doc));
  const width = widthOf(pdf);
  const sum = SHARES.reduce((a, b) => a + b, 0);
  const labels = columnLabels(plan);
  const columns: Column[] = SHARES.map((share, i) => ({
    label: labels[i] ?? '',
    width: (width * share) / sum,
    align: i >= 7 && i <= 9 ? 'right' : 'left',
  }));
  const rows: Row[] = [];
  const blank = ['', '', '', '', '', '', ''];
  for (const { centre, rows: centreRows } of centresOf(plan)) {
    rows.push({ kind: 'group', cells: [centreTitle(centre)] });
    for (const row of centreRows) {
      rows.push({ kind: 'line', cells: rowTexts(row) });
    }
    rows.push({
      kind: 'subtotal',
      cells: [`Subtotal, ${centre}`, ...blank.slice(1), ...centreTotals(centreRows).map(money), ''],
    });
  }
  rows.push({
    kind: 'total',
    cells: ['TOTAL', ...blank.slice(1), ...centreTotals(plan.rows).map(money), ''],
  });
  drawTable(pdf, columns, rows);
  pdf.moveDown(1);
  pdf.font('body').fontSize(9);
  for (const line of approvalLines(plan, doc.barangay.name)) {
    pdf.text(printable(line), MARGIN, pdf.y, { width });
  }
  pdf.fontSize(8).text(printable(formNote), MARGIN, pdf.y + 4, { width });
  signerBlock(pdf, signers(plan));
  return finish(pdf, `CBYDP ${plan.period}, Barangay ${doc.barangay.name}`);
}
