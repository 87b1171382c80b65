import type ExcelJS from 'exceljs';
import { toCentavos, toPesos } from '@sk-tanaw/contract';
import {
  GROUP_FILL,
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
  abyipLayout,
  centsTotal,
  RECEIPTS_WORDING,
  receiptRows,
  statusLine,
  versionTitle,
  type Cents,
  type DocumentPlan,
} from './model.ts';
import {
  abyipResolutionLine,
  approvalParagraph,
  headerLines,
  kkConcurrenceLine,
} from './official.ts';
import { expenditureProgram } from './budget-xlsx.ts';

/** The plan's workbooks: the ABYIP and the SK annual budget, on the shared workbook layout. */

const pesos = (centavos: number) => toPesos(centavos);

function abyipSheet(workbook: ExcelJS.Workbook, plan: DocumentPlan) {
  const ws = sheet(workbook, 'ABYIP', [18, 30, 34, 28, 28, 14, 15, 15, 15, 16, 22]);
  titleRows(
    ws,
    [
      'ANNUAL BARANGAY YOUTH INVESTMENT PROGRAM (ABYIP)',
      `Calendar Year ${String(plan.year)}${versionTitle(plan) ? `, ${versionTitle(plan)}` : ''}`,
      `Sangguniang Kabataan of Barangay ${plan.barangay.name}`,
      statusLine(plan),
    ],
    'K',
    headerLines(plan),
  );
  const head = headerRow(ws, [
    'Reference Code',
    'PPA',
    'Description',
    'Expected Result',
    'Performance Indicator',
    'Period of Implementation',
    'PS',
    'MOOE',
    'CO',
    'Total',
    'Person / Committee Responsible',
  ]);
  ws.views = [{ state: 'frozen', ySplit: head.number }];
  ws.pageSetup.printTitlesRow = `${String(head.number)}:${String(head.number)}`;
  const layout = abyipLayout(plan);
  const amountColumns = [7, 8, 9, 10];
  const letters = ['G', 'H', 'I', 'J'] as const;
  const programSubtotalRows: { row: number; cents: Cents }[] = [];
  for (const program of layout.programs) {
    const titleRow = ws.addRow([`${program.program}: ${program.title}`]);
    ws.mergeCells(`A${String(titleRow.number)}:K${String(titleRow.number)}`);
    styleRow(titleRow, 11, [], { fill: GROUP_FILL, bold: true });
    const centreSubtotals: number[] = [];
    for (const centre of program.centres) {
      if (centre.title) {
        const centreRow = ws.addRow([centre.title]);
        ws.mergeCells(`A${String(centreRow.number)}:K${String(centreRow.number)}`);
        styleRow(centreRow, 11, [], { bold: true });
      }
      const first = ws.rowCount + 1;
      for (const line of centre.rows) {
        const row = ws.addRow([
          line.referenceCode,
          line.ppa,
          line.description,
          line.expectedResult,
          line.performanceIndicator,
          line.period,
          pesos(line.amounts.ps),
          pesos(line.amounts.mooe),
          pesos(line.amounts.co),
        ]);
        const n = String(row.number);
        row.getCell(10).value = formula(`G${n}+H${n}+I${n}`, centsTotal(line.amounts));
        row.getCell(11).value = line.responsible;
        styleRow(row, 11, amountColumns);
      }
      const last = ws.rowCount;
      const subtotal = ws.addRow([
        '',
        centre.title ? `Subtotal, ${centre.title}` : `Subtotal, ${program.title}`,
      ]);
      const values = [
        centre.subtotal.ps,
        centre.subtotal.mooe,
        centre.subtotal.co,
        centsTotal(centre.subtotal),
      ];
      letters.forEach((letter, i) => {
        subtotal.getCell(7 + i).value =
          last >= first
            ? formula(`SUM(${letter}${String(first)}:${letter}${String(last)})`, values[i] ?? 0)
            : 0;
      });
      styleRow(subtotal, 11, amountColumns, { bold: true });
      centreSubtotals.push(subtotal.number);
    }
    if (program.program === 'YDEP') {
      const total = ws.addRow(['', `Subtotal, ${program.title}`]);
      const values = [
        program.subtotal.ps,
        program.subtotal.mooe,
        program.subtotal.co,
        centsTotal(program.subtotal),
      ];
      letters.forEach((letter, i) => {
        total.getCell(7 + i).value = sumOf(
          centreSubtotals.map((r) => `${letter}${String(r)}`),
          values[i] ?? 0,
        );
      });
      styleRow(total, 11, amountColumns, { bold: true, fill: GROUP_FILL });
      programSubtotalRows.push({ row: total.number, cents: program.subtotal });
    } else {
      programSubtotalRows.push({ row: centreSubtotals[0] ?? 0, cents: program.subtotal });
    }
  }
  const grand = ws.addRow(['', 'GRAND TOTAL']);
  const totals = [layout.total.ps, layout.total.mooe, layout.total.co, centsTotal(layout.total)];
  letters.forEach((letter, i) => {
    grand.getCell(7 + i).value = sumOf(
      programSubtotalRows.map((p) => `${letter}${String(p.row)}`),
      totals[i] ?? 0,
    );
  });
  styleRow(grand, 11, amountColumns, { bold: true, fill: TOTAL_FILL });
  ws.addRow([]);
  for (const text of [abyipResolutionLine(plan), kkConcurrenceLine(plan)]) {
    const row = ws.addRow([text]);
    ws.mergeCells(`A${String(row.number)}:K${String(row.number)}`);
  }
  signatoryRows(ws, plan.signatories, [2, 4, 9]);
}

function annualBudgetSheet(workbook: ExcelJS.Workbook, plan: DocumentPlan) {
  const ws = sheet(workbook, 'SK Annual Budget', [52, 16, 17, 17, 17, 18, 30, 30, 24]);
  titleRows(
    ws,
    [
      'SANGGUNIANG KABATAAN ANNUAL BUDGET',
      `Calendar Year ${String(plan.year)}${versionTitle(plan) ? `, ${versionTitle(plan)}` : ''}`,
      `Sangguniang Kabataan of Barangay ${plan.barangay.name}`,
      statusLine(plan),
    ],
    'I',
    [...headerLines(plan), 'OFFICE OF THE SANGGUNIANG KABATAAN'],
  );
  const approval = ws.addRow([approvalParagraph(plan)]);
  ws.mergeCells(`A${String(approval.number)}:I${String(approval.number)}`);
  approval.getCell(1).alignment = { wrapText: true, vertical: 'top' };
  approval.height = 48;
  ws.addRow([]);

  // Part I: receipts.
  const part1 = ws.addRow(['PART I. RECEIPTS PROGRAM']);
  part1.font = { bold: true, size: 12 };
  headerRow(ws, ['Particulars', 'Details', '', '', '', 'Amount']);
  const firstReceipt = ws.rowCount + 1;
  for (const r of receiptRows(plan)) {
    styleRow(ws.addRow([r.particulars, r.details, '', '', '', r.amount]), 6, [6]);
  }
  const lastReceipt = ws.rowCount;
  const totalReceipts = ws.addRow([RECEIPTS_WORDING.total, '', '', '', '']);
  totalReceipts.getCell(6).value = formula(
    `SUM(F${String(firstReceipt)}:F${String(lastReceipt)})`,
    toCentavos(plan.totals.receipts),
  );
  styleRow(totalReceipts, 6, [6], { bold: true, fill: TOTAL_FILL });
  ws.addRow([]);

  expenditureProgram(ws, plan, totalReceipts.number);
}

/** The ABYIP or the SK annual budget as an .xlsx file. */
export async function planWorkbook(
  plan: DocumentPlan,
  document: 'abyip' | 'annual-budget',
): Promise<Buffer> {
  const workbook = newWorkbook();
  if (document === 'abyip') {
    abyipSheet(workbook, plan);
  } else {
    annualBudgetSheet(workbook, plan);
  }
  return workbookBytes(workbook);
}
