import { formatPlanPeso } from '@sk-tanaw/contract';
import {
  MARGIN,
  drawTable,
  money,
  signerBlock,
  type Column,
  type Doc,
  type Row,
} from '../../../lib/documents/pdf.ts';
import { BUDGET_COLUMNS, budgetSections } from './budget-layout.ts';
import { centsTotal, type Cents, type DocumentPlan } from './model.ts';
import { budgetSigners } from './official.ts';

/** Part II of the SK annual budget's PDF, its balance and signatories. */

const WIDTHS = [170, 62, 62, 66, 62, 70, 110, 110, 73.89];

const COLUMNS: Column[] = BUDGET_COLUMNS.map((label, i) => ({
  label,
  width: WIDTHS[i] ?? 60,
  align: i >= 2 && i <= 5 ? 'right' : 'left',
}));

const amountsCells = (c: Cents) => [money(c.ps), money(c.mooe), money(c.co), money(centsTotal(c))];

export function expenditureProgramPdf(doc: Doc, plan: DocumentPlan): void {
  doc.font('bold').fontSize(10).text('PART II. EXPENDITURE PROGRAM', MARGIN, doc.y);
  doc.moveDown(0.3);
  const { sections, total } = budgetSections(plan);
  const rows: Row[] = [];
  for (const section of sections) {
    rows.push({ kind: 'group', cells: [section.title] });
    for (const group of section.groups) {
      if (group.title) {
        rows.push({ kind: 'centre', cells: [group.title] });
      }
      for (const item of group.items) {
        const amounts = item.amounts ? amountsCells(item.amounts) : ['', '', '', ''];
        rows.push({
          kind: 'line',
          cells: [
            item.particulars,
            item.accountCode,
            ...amounts,
            item.expectedResult,
            item.performanceIndicator,
            item.remarks,
          ],
        });
      }
      if (group.title) {
        rows.push({
          kind: 'subtotal',
          cells: [`Subtotal, ${group.title}`, '', ...amountsCells(group.subtotal)],
        });
      }
    }
    rows.push({
      kind: 'subtotal',
      cells: [`Subtotal, ${section.title.slice(3)}`, '', ...amountsCells(section.subtotal)],
    });
  }
  rows.push({ kind: 'total', cells: ['TOTAL EXPENDITURE PROGRAM', '', ...amountsCells(total)] });
  rows.push({
    kind: 'line',
    cells: [
      'Unappropriated balance (receipts less expenditures)',
      '',
      '',
      '',
      '',
      formatPlanPeso(plan.totals.unappropriated),
    ],
  });
  drawTable(doc, COLUMNS, rows, 8);
  signerBlock(doc, budgetSigners(plan));
}
