import { toPesos } from '@sk-tanaw/contract';
import {
  PERCENT_FORMAT,
  TOTAL_FILL,
  formula,
  headerRow,
  newWorkbook,
  sheet,
  signatoryRows,
  styleRow,
  titleRows,
  workbookBytes,
} from '../../lib/documents/xlsx.ts';
import {
  END_OF_TERM_COLUMNS,
  endOfTermHeading,
  endOfTermPreamble,
  termTotals,
  type EndOfTermReportData,
} from './end-of-term.ts';

const COLUMNS = END_OF_TERM_COLUMNS.length;
const AMOUNT_COLUMNS = [7, 8, 9];
const FORMATS = { 10: PERCENT_FORMAT };

/** The end-of-term report as an .xlsx file: a row per fiscal year, totals as formulas. */
export async function endOfTermWorkbook(data: EndOfTermReportData): Promise<Buffer> {
  const workbook = newWorkbook();
  const ws = sheet(workbook, 'End-of-Term Report', [12, 16, 18, 10, 12, 10, 18, 18, 18, 12]);
  titleRows(ws, endOfTermHeading(data), 'J', endOfTermPreamble(data));
  headerRow(ws, [...END_OF_TERM_COLUMNS]);
  const first = ws.rowCount + 1;
  for (const y of data.years) {
    const row = ws.addRow([
      y.year,
      y.plan || 'None posted',
      y.resolutionNumber,
      y.items,
      y.completed,
      y.ongoing,
      toPesos(y.appropriatedCents),
      toPesos(y.disbursedCents),
    ]);
    const n = String(row.number);
    row.getCell(9).value = formula(`G${n}-H${n}`, y.appropriatedCents - y.disbursedCents);
    row.getCell(10).value = {
      formula: `IF(G${n}=0,"",H${n}/G${n})`,
      result: y.appropriatedCents === 0 ? '' : y.disbursedCents / y.appropriatedCents,
    };
    styleRow(row, COLUMNS, AMOUNT_COLUMNS, { formats: FORMATS });
  }
  const last = ws.rowCount;
  const t = termTotals(data.years);
  const total = ws.addRow(['TERM TOTAL', '', '', t.items, t.completed, t.ongoing]);
  const range = (letter: string) => `SUM(${letter}${String(first)}:${letter}${String(last)})`;
  total.getCell(7).value = formula(range('G'), t.appropriatedCents);
  total.getCell(8).value = formula(range('H'), t.disbursedCents);
  const n = String(total.number);
  total.getCell(9).value = formula(`G${n}-H${n}`, t.appropriatedCents - t.disbursedCents);
  total.getCell(10).value = {
    formula: `IF(G${n}=0,"",H${n}/G${n})`,
    result: t.appropriatedCents === 0 ? '' : t.disbursedCents / t.appropriatedCents,
  };
  styleRow(total, COLUMNS, AMOUNT_COLUMNS, { bold: true, fill: TOTAL_FILL, formats: FORMATS });
  signatoryRows(ws, data.signatories, [2, 5, 8], 'Approved by:');
  return workbookBytes(workbook);
}
