import {
  SK_FUND_SOURCE,
  procurementModeLabel,
  procurementRule,
  toCentavos,
  type AnnualProcurementPlan,
  type AppRow,
  type Bac,
} from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
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
} from '../../lib/documents/pdf.ts';
import {
  TOTAL_FILL,
  formula,
  headerRow,
  newWorkbook,
  sheet,
  signerRows,
  styleRow,
  titleRows,
  workbookBytes,
} from '../../lib/documents/xlsx.ts';
import { longDate } from '../tracker/reports/model.ts';

/**
 * The Annual Procurement Plan in the GPPB's APP form ("(Name of Agency) Annual Procurement Plan
 * for FY ____", the template of the 2016 revised IRR of RA 9184 and its 2025 revision, read as
 * procuring entities reproduce it): code (PAP), procurement program/project, PMO/end-user, mode
 * of procurement, schedule for each procurement activity (advertisement/posting of IB/REI,
 * submission/opening of bids, notice of award, contract signing; N/A where the mode has no such
 * step), source of funds, estimated budget (total, MOOE, CO), remarks; prepared by the BAC
 * secretariat, recommended by the BAC, approved by the Head of the Procuring Entity.
 */

export interface PlanDocumentData {
  barangay: { name: string; city: string | null; province: string | null };
  app: AnnualProcurementPlan;
  bac: Bac | null;
  chairperson: string;
}

export const APP_COLUMNS = [
  'Code (PAP)',
  'Procurement Program/Project',
  'PMO/End-User',
  'Mode of Procurement',
  'Advertisement/Posting of IB/REI/RFQ',
  'Submission/Opening of Bids',
  'Notice of Award',
  'Contract Signing',
  'Source of Funds',
  'Estimated Budget Total (PhP)',
  'MOOE',
  'CO',
  'Remarks',
] as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2027-03` as "Mar 2027"; null as "N/A" (a step the mode does not have). */
export const monthText = (value: string | null) =>
  value === null ? 'N/A' : `${MONTHS[Number(value.slice(5, 7)) - 1] ?? ''} ${value.slice(0, 4)}`;

type Step = 'posting' | 'opening' | 'award' | 'signing';
const STEPS: readonly Step[] = ['posting', 'opening', 'award', 'signing'];

/**
 * A step's month; "N/A" where the mode has no such step (small value procurement opens no bids
 * and posts its request for quotation only above the posting threshold), "Not scheduled" where
 * the plan line gives no implementation period.
 */
function stepText(r: AppRow, step: Step, year: number): string {
  const applies =
    r.mode === 'bidding' ||
    step === 'award' ||
    step === 'signing' ||
    (step === 'posting' &&
      toCentavos(r.estimated.total) > procurementRule('posting-threshold', year).value);
  if (!applies) {
    return 'N/A';
  }
  return r.schedule.from === null ? 'Not scheduled' : monthText(r.schedule[step]);
}

const projectText = (r: AppRow) =>
  [r.project, ...r.objects.map((o) => `${o.code} ${o.name}: ${money(toCentavos(o.amount))}`)].join(
    '\n',
  );

const remarksText = (r: AppRow) => {
  const period =
    r.schedule.from === null
      ? ''
      : `Implementation ${monthText(r.schedule.from)} to ${monthText(r.schedule.to)}. `;
  return `${period}${r.remarks}`.trim();
};

const titleOf = (data: PlanDocumentData) => [
  `ANNUAL PROCUREMENT PLAN FOR FY ${String(data.app.year)}`,
  `Sangguniang Kabataan of Barangay ${data.barangay.name}`,
  [data.barangay.city, data.barangay.province].filter(Boolean).join(', '),
];

const approvalText = (app: AnnualProcurementPlan) =>
  app.approval?.current
    ? `Approved by the Head of the Procuring Entity on ${longDate(app.approval.approvedAt.slice(0, 10))}.`
    : 'Not yet approved by the Head of the Procuring Entity.';

const nameOf = (bac: Bac | null, role: string) =>
  bac?.members
    .filter((m) => m.role === role)
    .map((m) => m.name)
    .join(', ') ?? '';

function signers(data: PlanDocumentData) {
  return [
    { label: 'Prepared by:', name: nameOf(data.bac, 'secretariat'), title: 'BAC Secretariat' },
    { label: 'Recommended by:', name: nameOf(data.bac, 'chair'), title: 'BAC Chairperson' },
    {
      label: 'Approved by:',
      name: data.app.approval?.current ? data.app.approval.approvedBy : data.chairperson,
      title: 'SK Chairperson (Head of the Procuring Entity)',
    },
  ];
}

const fileName = (data: PlanDocumentData, ext: string) =>
  `APP-${String(data.app.year)}-${data.barangay.name.replace(/[^A-Za-z0-9]+/g, '-')}.${ext}`;

export async function planPdf(data: PlanDocumentData): Promise<RenderedDocument> {
  const { app } = data;
  const label = `Annual Procurement Plan FY ${String(app.year)}, SK of Barangay ${data.barangay.name}`;
  const doc = newDocument(label);
  titleBlock(doc, titleOf(data));
  doc
    .font('body')
    .fontSize(8)
    .text(
      printable(
        `${approvalText(app)} Source of funds: ${SK_FUND_SOURCE}. Small value procurement up to ${money(toCentavos(app.svpCeiling))}.`,
      ),
      MARGIN,
      doc.y,
      { width: widthOf(doc) },
    );
  doc.moveDown(0.4);
  const scale = widthOf(doc) / 100;
  const widths = [9, 15, 7, 9, 6, 6, 6, 6, 5, 7, 6.5, 6.5, 11];
  const right = new Set([9, 10, 11]);
  const columns: Column[] = APP_COLUMNS.map((c, i) => ({
    label: c,
    width: (widths[i] ?? 5) * scale,
    align: right.has(i) ? 'right' : 'left',
  }));
  drawTable(doc, columns, [
    ...app.rows.map((r) => ({
      kind: 'line' as const,
      cells: [
        r.code,
        projectText(r),
        r.pmo,
        procurementModeLabel(r.mode, true),
        ...STEPS.map((step) => stepText(r, step, app.year)),
        'SK Fund',
        money(toCentavos(r.estimated.total)),
        money(toCentavos(r.estimated.mooe)),
        money(toCentavos(r.estimated.co)),
        remarksText(r),
      ],
    })),
    {
      kind: 'total' as const,
      cells: [
        '',
        'Total',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        money(toCentavos(app.totals.total)),
        money(toCentavos(app.totals.mooe)),
        money(toCentavos(app.totals.co)),
        '',
      ],
    },
  ]);
  signerBlock(doc, signers(data));
  return {
    fileName: fileName(data, 'pdf'),
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, label),
  };
}

export async function planWorkbook(data: PlanDocumentData): Promise<RenderedDocument> {
  const { app } = data;
  const workbook = newWorkbook();
  const ws = sheet(workbook, 'APP', [16, 40, 14, 30, 14, 14, 12, 12, 28, 16, 16, 16, 40]);
  titleRows(ws, titleOf(data), 'M');
  ws.addRow([approvalText(app)]);
  headerRow(ws, [...APP_COLUMNS]);
  const amounts = [10, 11, 12];
  const first = ws.rowCount + 1;
  for (const r of app.rows) {
    styleRow(
      ws.addRow([
        r.code,
        projectText(r),
        r.pmo,
        r.modeLabel,
        ...STEPS.map((step) => stepText(r, step, app.year)),
        r.sourceOfFunds,
        r.estimated.total,
        r.estimated.mooe,
        r.estimated.co,
        remarksText(r),
      ]),
      13,
      amounts,
    );
  }
  const last = ws.rowCount;
  const total = (column: string, cents: number) =>
    app.rows.length === 0
      ? 0
      : formula(`SUM(${column}${String(first)}:${column}${String(last)})`, cents);
  styleRow(
    ws.addRow([
      '',
      'Total',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      total('J', toCentavos(app.totals.total)),
      total('K', toCentavos(app.totals.mooe)),
      total('L', toCentavos(app.totals.co)),
      '',
    ]),
    13,
    amounts,
    { fill: TOTAL_FILL, bold: true },
  );
  signerRows(ws, signers(data), [2, 4, 10]);
  return {
    fileName: fileName(data, 'xlsx'),
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    bytes: await workbookBytes(workbook),
  };
}
