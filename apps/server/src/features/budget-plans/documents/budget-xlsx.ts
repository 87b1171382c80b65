import type ExcelJS from 'exceljs';
import { toCentavos, toPesos } from '@sk-tanaw/contract';
import {
  GROUP_FILL,
  TOTAL_FILL,
  formula,
  headerRow,
  signerRows,
  styleRow,
  sumOf,
} from '../../../lib/documents/xlsx.ts';
import { BUDGET_COLUMNS, budgetSections, type BudgetItem } from './budget-layout.ts';
import { centsTotal, type Cents, type DocumentPlan } from './model.ts';
import { budgetSigners } from './official.ts';

/** Part II of the SK annual budget's workbook, its balance and signatories. */

const WIDTH = BUDGET_COLUMNS.length;
const AMOUNT_COLUMNS = [3, 4, 5, 6];
const LETTERS = ['C', 'D', 'E', 'F'] as const;

const valuesOf = (c: Cents) => [c.ps, c.mooe, c.co, centsTotal(c)];

function itemRow(ws: ExcelJS.Worksheet, item: BudgetItem): void {
  const a = item.amounts;
  const row = ws.addRow([
    item.particulars,
    item.accountCode,
    a ? toPesos(a.ps) : null,
    a ? toPesos(a.mooe) : null,
    a ? toPesos(a.co) : null,
  ]);
  const n = String(row.number);
  if (a) {
    row.getCell(6).value = formula(`C${n}+D${n}+E${n}`, centsTotal(a));
  }
  row.getCell(7).value = item.expectedResult;
  row.getCell(8).value = item.performanceIndicator;
  row.getCell(9).value = item.remarks;
  styleRow(row, WIDTH, AMOUNT_COLUMNS, { bold: item.kind === 'ppa' });
}

/** A row of sums: of the range first..last, or of the given cells. */
function sumRow(
  ws: ExcelJS.Worksheet,
  label: string,
  cents: Cents,
  over: { first: number; last: number } | number[],
  fill: ExcelJS.Fill,
): ExcelJS.Row {
  const row = ws.addRow([label]);
  const values = valuesOf(cents);
  LETTERS.forEach((letter, i) => {
    const result = values[i] ?? 0;
    row.getCell(3 + i).value = Array.isArray(over)
      ? sumOf(
          over.map((r) => `${letter}${String(r)}`),
          result,
        )
      : over.last >= over.first
        ? formula(`SUM(${letter}${String(over.first)}:${letter}${String(over.last)})`, result)
        : 0;
  });
  styleRow(row, WIDTH, AMOUNT_COLUMNS, { bold: true, fill });
  return row;
}

/**
 * Part II: each section's PPAs and objects of expenditure with their account codes, subtotals by
 * centre and section, the total and the unappropriated balance (against `receiptsRow`, Part I's
 * total); then the form's signatories.
 */
export function expenditureProgram(
  ws: ExcelJS.Worksheet,
  plan: DocumentPlan,
  receiptsRow: number,
): void {
  const part2 = ws.addRow(['PART II. EXPENDITURE PROGRAM']);
  part2.font = { bold: true, size: 12 };
  headerRow(ws, [...BUDGET_COLUMNS]);
  const { sections, total } = budgetSections(plan);
  const sectionRows: number[] = [];
  for (const section of sections) {
    const title = ws.addRow([section.title]);
    styleRow(title, WIDTH, [], { bold: true });
    const groupRows: number[] = [];
    for (const group of section.groups) {
      if (group.title) {
        const centre = ws.addRow([group.title]);
        styleRow(centre, WIDTH, [], { bold: true });
      }
      const first = ws.rowCount + 1;
      group.items.forEach((item) => {
        itemRow(ws, item);
      });
      if (group.title) {
        groupRows.push(
          sumRow(
            ws,
            `Subtotal, ${group.title}`,
            group.subtotal,
            { first, last: ws.rowCount },
            GROUP_FILL,
          ).number,
        );
      } else {
        groupRows.push(first, ws.rowCount);
      }
    }
    const label = `Subtotal, ${section.title.slice(3)}`;
    const over =
      section.groups.length === 1 && !section.groups[0]?.title
        ? { first: groupRows[0] ?? 0, last: groupRows[1] ?? -1 }
        : groupRows;
    sectionRows.push(sumRow(ws, label, section.subtotal, over, GROUP_FILL).number);
  }
  const totalRow = sumRow(ws, 'TOTAL EXPENDITURE PROGRAM', total, sectionRows, TOTAL_FILL);
  const balance = ws.addRow(['Unappropriated balance (receipts less expenditures)']);
  balance.getCell(6).value = formula(
    `F${String(receiptsRow)}-F${String(totalRow.number)}`,
    toCentavos(plan.totals.unappropriated),
  );
  styleRow(balance, WIDTH, [6], { bold: true });
  signerRows(ws, budgetSigners(plan), [1, 7]);
}
