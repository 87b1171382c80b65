import type ExcelJS from 'exceljs';
import { toPesos } from '@sk-tanaw/contract';
import {
  GROUP_FILL,
  PERCENT_FORMAT,
  TOTAL_FILL,
  formula,
  headerRow,
  newWorkbook,
  sheet,
  signatoryRows,
  styleRow,
  sumOf,
  titleRows,
  workbookBytes,
} from '../../../lib/documents/xlsx.ts';
import {
  reportHeading,
  reportLayout,
  remarksOf,
  reportPreamble,
  statusText,
  type ReportAmounts,
  type TrackerReportData,
} from './model.ts';

const COLUMNS = 10;
const AMOUNT_COLUMNS = [6, 7, 8];
const AMOUNT_LETTERS = ['F', 'G', 'H'] as const;
const UTILISATION_COLUMN = 9;
const FORMATS = { [UTILISATION_COLUMN]: PERCENT_FORMAT };

const amountList = (a: ReportAmounts) => [a.appropriated, a.disbursedInPeriod, a.disbursedToDate];

/** `=IF(F9=0,"",H9/F9)`: disbursed to date over appropriated, a fraction shown as a %. */
function utilisation(row: ExcelJS.Row, amounts: ReportAmounts): void {
  const n = String(row.number);
  row.getCell(UTILISATION_COLUMN).value = {
    formula: `IF(F${n}=0,"",H${n}/F${n})`,
    result: amounts.appropriated === 0 ? '' : amounts.disbursedToDate / amounts.appropriated,
  };
}

/** The accomplishment report as an .xlsx file: items by centre, subtotals as formulas. */
export async function reportWorkbook(data: TrackerReportData): Promise<Buffer> {
  const workbook = newWorkbook();
  const ws = sheet(workbook, 'Accomplishment Report', [16, 30, 34, 34, 12, 16, 16, 16, 12, 28]);
  titleRows(ws, reportHeading(data), 'J', reportPreamble(data));
  const head = headerRow(ws, [
    'Reference Code',
    'PPA',
    'Target (Expected Result / Performance Indicator)',
    'Accomplishment',
    'Status',
    'Appropriated',
    'Disbursed This Period',
    'Disbursed To Date',
    'Utilisation (To Date)',
    'Remarks',
  ]);
  ws.views = [{ state: 'frozen', ySplit: head.number }];
  ws.pageSetup.printTitlesRow = `${String(head.number)}:${String(head.number)}`;
  const layout = reportLayout(data);
  const subtotalRows: number[] = [];
  for (const group of layout.groups) {
    const title = ws.addRow([group.title]);
    ws.mergeCells(`A${String(title.number)}:J${String(title.number)}`);
    styleRow(title, COLUMNS, [], { fill: GROUP_FILL, bold: true });
    const first = ws.rowCount + 1;
    for (const item of group.items) {
      const row = ws.addRow([
        item.referenceCode,
        item.ppa,
        item.target,
        item.accomplishment,
        statusText(item.status),
        toPesos(item.appropriatedCents),
        toPesos(item.disbursedInPeriodCents),
        toPesos(item.disbursedToDateCents),
        null,
        remarksOf(item),
      ]);
      utilisation(row, {
        appropriated: item.appropriatedCents,
        disbursedInPeriod: item.disbursedInPeriodCents,
        disbursedToDate: item.disbursedToDateCents,
      });
      styleRow(row, COLUMNS, AMOUNT_COLUMNS, { formats: FORMATS });
    }
    const last = ws.rowCount;
    const subtotal = ws.addRow(['', `Subtotal, ${group.title}`]);
    const values = amountList(group.subtotal);
    AMOUNT_LETTERS.forEach((letter, i) => {
      subtotal.getCell(6 + i).value = formula(
        `SUM(${letter}${String(first)}:${letter}${String(last)})`,
        values[i] ?? 0,
      );
    });
    utilisation(subtotal, group.subtotal);
    styleRow(subtotal, COLUMNS, AMOUNT_COLUMNS, { bold: true, formats: FORMATS });
    subtotalRows.push(subtotal.number);
  }
  const grand = ws.addRow(['', 'GRAND TOTAL']);
  const totals = amountList(layout.total);
  AMOUNT_LETTERS.forEach((letter, i) => {
    grand.getCell(6 + i).value = sumOf(
      subtotalRows.map((r) => `${letter}${String(r)}`),
      totals[i] ?? 0,
    );
  });
  utilisation(grand, layout.total);
  styleRow(grand, COLUMNS, AMOUNT_COLUMNS, { bold: true, fill: TOTAL_FILL, formats: FORMATS });
  signatoryRows(ws, data.signatories, [2, 4, 8], 'Approved by:');
  return workbookBytes(workbook);
}
