import { formatPlanPeso } from '@sk-tanaw/contract';
import {
  MARGIN,
  drawTable,
  finish,
  money,
  newDocument,
  printable,
  signatoryBlock,
  titleBlock,
  type Column,
  type Row,
} from '../../../lib/documents/pdf.ts';
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
import { expenditureProgramPdf } from './budget-pdf.ts';
import {
  abyipResolutionLine,
  approvalParagraph,
  headerLines,
  kkConcurrenceLine,
} from './official.ts';

/** The plan's PDFs: the ABYIP and the SK annual budget, on the shared document layout. */

function heading(plan: DocumentPlan, title: string, yearLabel: string): string[] {
  const version = versionTitle(plan);
  return [
    title,
    `${yearLabel} ${String(plan.year)}${version ? `, ${version}` : ''}`,
    `Sangguniang Kabataan of Barangay ${plan.barangay.name}`,
    statusLine(plan),
  ];
}

const amountsCells = (c: Cents) => [money(c.ps), money(c.mooe), money(c.co), money(centsTotal(c))];

/** The ABYIP form's columns (JMC No. 1 s. 2019), in points: together the page's width. */
export const ABYIP_COLUMNS: Column[] = [
  { label: 'Reference Code', width: 60, align: 'left' },
  { label: 'PPA', width: 92, align: 'left' },
  { label: 'Description', width: 102, align: 'left' },
  { label: 'Expected Result', width: 86, align: 'left' },
  { label: 'Performance Indicator', width: 86, align: 'left' },
  { label: 'Period of Implementation', width: 58, align: 'left' },
  { label: 'PS', width: 56, align: 'right' },
  { label: 'MOOE', width: 60, align: 'right' },
  { label: 'CO', width: 56, align: 'right' },
  { label: 'Total', width: 64, align: 'right' },
  { label: 'Person / Committee Responsible', width: 65.89, align: 'left' },
];

function abyipPdf(plan: DocumentPlan): Promise<Buffer> {
  const doc = newDocument(`ABYIP ${String(plan.year)}, Barangay ${plan.barangay.name}`);
  titleBlock(
    doc,
    heading(plan, 'ANNUAL BARANGAY YOUTH INVESTMENT PROGRAM (ABYIP)', 'Calendar Year'),
    headerLines(plan),
  );
  const columns = ABYIP_COLUMNS;
  const layout = abyipLayout(plan);
  const rows: Row[] = [];
  for (const program of layout.programs) {
    rows.push({ kind: 'group', cells: [`${program.program}: ${program.title}`] });
    for (const centre of program.centres) {
      if (centre.title) {
        rows.push({ kind: 'centre', cells: [centre.title] });
      }
      for (const line of centre.rows) {
        rows.push({
          kind: 'line',
          cells: [
            line.referenceCode,
            line.ppa,
            line.description,
            line.expectedResult,
            line.performanceIndicator,
            line.period,
            ...amountsCells(line.amounts),
            line.responsible,
          ],
        });
      }
      if (centre.title) {
        rows.push({
          kind: 'subtotal',
          cells: [
            '',
            `Subtotal, ${centre.title}`,
            '',
            '',
            '',
            '',
            ...amountsCells(centre.subtotal),
            '',
          ],
        });
      }
    }
    rows.push({
      kind: 'subtotal',
      cells: [
        '',
        `Subtotal, ${program.title}`,
        '',
        '',
        '',
        '',
        ...amountsCells(program.subtotal),
        '',
      ],
    });
  }
  rows.push({
    kind: 'total',
    cells: ['', 'GRAND TOTAL', '', '', '', '', ...amountsCells(layout.total), ''],
  });
  drawTable(doc, columns, rows);
  doc.moveDown(0.8);
  for (const text of [abyipResolutionLine(plan), kkConcurrenceLine(plan)]) {
    doc.font('body').fontSize(9).text(printable(text), MARGIN, doc.y, { width: 600 });
  }
  signatoryBlock(doc, plan.signatories);
  return finish(doc, `ABYIP ${String(plan.year)}, Barangay ${plan.barangay.name}`);
}

function annualBudgetPdf(plan: DocumentPlan): Promise<Buffer> {
  const doc = newDocument(`SK Annual Budget ${String(plan.year)}, Barangay ${plan.barangay.name}`);
  titleBlock(doc, heading(plan, 'SANGGUNIANG KABATAAN ANNUAL BUDGET', 'Calendar Year'), [
    ...headerLines(plan),
    'OFFICE OF THE SANGGUNIANG KABATAAN',
  ]);
  doc
    .font('body')
    .fontSize(9)
    .text(printable(approvalParagraph(plan)), MARGIN, doc.y, { align: 'justify' });
  doc.moveDown(0.8);

  doc.font('bold').fontSize(10).text('PART I. RECEIPTS PROGRAM', MARGIN, doc.y);
  doc.moveDown(0.3);
  const receiptColumns: Column[] = [
    { label: 'Particulars', width: 420, align: 'left' },
    { label: 'Details', width: 246, align: 'left' },
    { label: 'Amount', width: 119.89, align: 'right' },
  ];
  const rows: Row[] = [
    ...receiptRows(plan).map(
      (r): Row => ({
        kind: 'line',
        cells: [r.particulars, r.details, formatPlanPeso(r.amount)],
      }),
    ),
    { kind: 'total', cells: [RECEIPTS_WORDING.total, '', formatPlanPeso(plan.totals.receipts)] },
  ];
  drawTable(doc, receiptColumns, rows, 8);
  doc.moveDown(1);

  expenditureProgramPdf(doc, plan);
  return finish(doc, `SK Annual Budget ${String(plan.year)}, Barangay ${plan.barangay.name}`);
}

/** The ABYIP or the SK annual budget as a PDF file. */
export function planPdf(plan: DocumentPlan, document: 'abyip' | 'annual-budget'): Promise<Buffer> {
  return document === 'abyip' ? abyipPdf(plan) : annualBudgetPdf(plan);
}
