import {
  GROUP_FILL,
  TOTAL_FILL,
  formula,
  headerRow,
  newWorkbook,
  sheet,
  signerRows,
  styleRow,
  sumOf,
  titleRows,
  workbookBytes,
} from '../../../lib/documents/xlsx.ts';
import {
  approvalLines,
  centreTitle,
  centresOf,
  centreTotals,
  columnLabels,
  formNote,
  preambleOf,
  signers,
  titleLines,
  type CbydpDocument,
} from './model.ts';

const COLUMNS = 11;
/** Budget columns H, I and J. */
const BUDGET_COLUMNS = [8, 9, 10];
const LETTERS = ['H', 'I', 'J'] as const;

/** The CBYDP workbook: one sheet in the NYC form's layout, the totals as formulas. */
export async function cbydpWorkbook(doc: CbydpDocument): Promise<Buffer> {
  const { plan } = doc;
  const workbook = newWorkbook();
  const ws = sheet(workbook, 'CBYDP', [30, 30, 26, 16, 16, 16, 34, 15, 15, 15, 22]);
  titleRows(ws, titleLines(doc), 'K', preambleOf(doc));
  const head = headerRow(ws, columnLabels(plan));
  ws.views = [{ state: 'frozen', ySplit: head.number }];
  ws.pageSetup.printTitlesRow = `${String(head.number)}:${String(head.number)}`;
  const subtotalRows: number[] = [];
  for (const { centre, rows } of centresOf(plan)) {
    const title = ws.addRow([centreTitle(centre)]);
    ws.mergeCells(`A${String(title.number)}:K${String(title.number)}`);
    styleRow(title, COLUMNS, [], { fill: GROUP_FILL, bold: true });
    const first = title.number + 1;
    for (const row of rows) {
      const added = ws.addRow([
        row.concern,
        row.objective,
        row.indicator,
        ...row.targets,
        row.ppas,
        ...row.budgets,
        row.responsible,
      ]);
      styleRow(added, COLUMNS, BUDGET_COLUMNS);
    }
    const last = first + rows.length - 1;
    const totals = centreTotals(rows);
    const subtotal = ws.addRow([`Subtotal, ${centre}`]);
    LETTERS.forEach((letter, i) => {
      subtotal.getCell(BUDGET_COLUMNS[i] ?? 0).value = formula(
        `SUM(${letter}${String(first)}:${letter}${String(last)})`,
        totals[i] ?? 0,
      );
    });
    styleRow(subtotal, COLUMNS, BUDGET_COLUMNS, { bold: true });
    subtotalRows.push(subtotal.number);
  }
  const grand = centreTotals(plan.rows);
  const total = ws.addRow(['TOTAL']);
  LETTERS.forEach((letter, i) => {
    total.getCell(BUDGET_COLUMNS[i] ?? 0).value = sumOf(
      subtotalRows.map((r) => `${letter}${String(r)}`),
      grand[i] ?? 0,
    );
  });
  styleRow(total, COLUMNS, BUDGET_COLUMNS, { fill: TOTAL_FILL, bold: true });
  ws.addRow([]);
  for (const line of approvalLines(plan, doc.barangay.name)) {
    ws.addRow([line]);
  }
  ws.addRow([formNote]).getCell(1).font = { italic: true, size: 9 };
  signerRows(ws, signers(plan), [1, 7]);
  return workbookBytes(workbook);
}
