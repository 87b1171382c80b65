import {
  drawTable,
  finish,
  money,
  newDocument,
  signatoryBlock,
  titleBlock,
  type Column,
  type Row,
} from '../../lib/documents/pdf.ts';
import {
  END_OF_TERM_COLUMNS,
  endOfTermHeading,
  endOfTermPreamble,
  termTotals,
  utilisationText,
  type EndOfTermReportData,
} from './end-of-term.ts';

// The A4 landscape width between the margins is 785.89 pt.
const WIDTHS = [60, 80, 90, 50, 60, 50, 100, 100, 100, 95.89];
const COLUMNS: Column[] = END_OF_TERM_COLUMNS.map((label, i) => ({
  label,
  width: WIDTHS[i] ?? 60,
  align: i < 3 ? 'left' : 'right',
}));

/** The end-of-term report as a PDF: a row per fiscal year, the term's total, signatories. */
export function endOfTermPdf(data: EndOfTermReportData): Promise<Buffer> {
  const label = `SK End-of-Term Report, Barangay ${data.barangay.name}`;
  const doc = newDocument(label);
  titleBlock(doc, endOfTermHeading(data), endOfTermPreamble(data));
  const rows: Row[] = data.years.map((y) => ({
    kind: 'line',
    cells: [
      String(y.year),
      y.plan || 'None posted',
      y.resolutionNumber,
      String(y.items),
      String(y.completed),
      String(y.ongoing),
      money(y.appropriatedCents),
      money(y.disbursedCents),
      money(y.appropriatedCents - y.disbursedCents),
      utilisationText(y),
    ],
  }));
  const t = termTotals(data.years);
  rows.push({
    kind: 'total',
    cells: [
      'TERM TOTAL',
      '',
      '',
      String(t.items),
      String(t.completed),
      String(t.ongoing),
      money(t.appropriatedCents),
      money(t.disbursedCents),
      money(t.appropriatedCents - t.disbursedCents),
      utilisationText(t),
    ],
  });
  drawTable(doc, COLUMNS, rows);
  signatoryBlock(doc, data.signatories, 'Approved by:');
  return finish(doc, label);
}
