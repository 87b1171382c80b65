import { toPesos } from '@sk-tanaw/contract';
import {
  GROUP_FILL,
  TOTAL_FILL,
  headerRow,
  newWorkbook,
  sheet,
  styleRow,
  titleRows,
  workbookBytes,
} from '../../../lib/documents/xlsx.ts';
import {
  REGISTRY_COLUMNS,
  registryHeading,
  registryKeeper,
  groupTotalLabel,
  registryLayout,
  registryPreamble,
  type RegistryDocumentData,
  type RegistryTotals,
} from './registry.ts';

const COLUMNS = REGISTRY_COLUMNS.length;
const AMOUNT_COLUMNS = [4, 5, 6, 7, 8];
const peso = (centavos: number | null) => (centavos === null ? null : toPesos(centavos));
const totalCells = (t: RegistryTotals) =>
  [t.budget, t.commitments, t.payments, t.available, t.unpaid].map(toPesos);

/** The RBCPB of one class as an .xlsx file: a block per line, its total, the grand total. */
export async function registryWorkbook(data: RegistryDocumentData): Promise<Buffer> {
  const workbook = newWorkbook();
  const ws = sheet(workbook, `RBCPB ${data.expenseClass}`, [12, 22, 44, 16, 16, 16, 18, 18]);
  titleRows(ws, registryHeading(data), 'H', registryPreamble(data));
  const head = headerRow(ws, [...REGISTRY_COLUMNS]);
  ws.views = [{ state: 'frozen', ySplit: head.number }];
  ws.pageSetup.printTitlesRow = `${String(head.number)}:${String(head.number)}`;
  const layout = registryLayout(data);
  for (const group of layout.groups) {
    const title = ws.addRow([group.title]);
    ws.mergeCells(`A${String(title.number)}:H${String(title.number)}`);
    styleRow(title, COLUMNS, [], { fill: GROUP_FILL, bold: true });
    for (const r of group.rows) {
      const row = ws.addRow([
        r.date,
        r.reference,
        r.particulars,
        peso(r.budget),
        peso(r.commitment),
        peso(r.payment),
        toPesos(r.available),
        toPesos(r.unpaid),
      ]);
      styleRow(row, COLUMNS, AMOUNT_COLUMNS);
    }
    const subtotal = ws.addRow([
      '',
      '',
      groupTotalLabel(data, group.title),
      ...totalCells(group.totals),
    ]);
    styleRow(subtotal, COLUMNS, AMOUNT_COLUMNS, { bold: true });
  }
  const grand = ws.addRow(['', '', 'GRAND TOTAL', ...totalCells(layout.total)]);
  styleRow(grand, COLUMNS, AMOUNT_COLUMNS, { bold: true, fill: TOTAL_FILL });
  const recap = ws.addRow(['SUMMARY BY OBJECT OF EXPENDITURE']);
  ws.mergeCells(`A${String(recap.number)}:H${String(recap.number)}`);
  styleRow(recap, COLUMNS, [], { fill: GROUP_FILL, bold: true });
  for (const o of layout.byObject) {
    styleRow(ws.addRow(['', o.code, o.name, ...totalCells(o.totals)]), COLUMNS, AMOUNT_COLUMNS);
  }
  ws.addRow([]);
  const labels = ws.addRow(['', 'Prepared by:', '', '', '', 'Noted by:']);
  labels.font = { italic: true };
  ws.addRow([]);
  const names = ws.addRow(['', registryKeeper(data) || '____________________']);
  names.getCell(2).font = { bold: true };
  const titles = ws.addRow(['', 'Budget Monitoring Officer', '', '', '', 'SK Chairperson']);
  titles.font = { size: 10 };
  return workbookBytes(workbook);
}
