import {
  SK_FUND_SOURCE,
  procurementModeLabel,
  toCentavos,
  type PmrRow,
  type ProcurementMonitoringReport,
} from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  MARGIN,
  SOFT_HYPHEN,
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
 * The semestral Procurement Monitoring Report in the GPPB's PMR form (RA 9184 revised IRR s.
 * 12.2; the form as procuring entities publish it): code (PAP), procurement program/project,
 * PMO/end-user, mode of procurement, the dates of each procurement activity actually done (for
 * the SK's small value procurement: the purchase request and the request for quotation's
 * posting, the quotations opened in the abstract, the BAC resolution recommending award, the
 * notice of award and purchase order, the delivery, its inspection and acceptance), source of
 * funds, the ABC (total, MOOE, CO), the contract cost (total, MOOE, CO) and remarks; prepared by
 * the BAC secretariat, approved and submitted by the Head of the Procuring Entity.
 */

export interface PmrDocumentData {
  barangay: { name: string; city: string | null; province: string | null };
  report: ProcurementMonitoringReport;
  secretariat: string;
  chairperson: string;
}

export const PMR_COLUMNS = [
  'Code (PAP)',
  'Procurement Program/Project',
  'PMO/End-User',
  'Mode of Procurement',
  'Purchase Request / RFQ Posting',
  'Quotations Opened (Abstract)',
  'BAC Resolution Recommending Award',
  'Notice of Award / Purchase Order',
  'Delivery',
  'Inspection and Acceptance',
  'Source of Funds',
  'ABC Total (PhP)',
  'ABC MOOE',
  'ABC CO',
  'Contract Cost Total (PhP)',
  'Contract Cost MOOE',
  'Contract Cost CO',
  'Remarks',
] as const;

const day = (value: string | null) => value ?? '';

const postingText = (r: PmrRow) =>
  r.dates.postingUntil
    ? `${r.dates.requested}\n(posted to ${r.dates.postingUntil})`
    : r.dates.requested;

const projectText = (r: PmrRow) => `${r.project}\nPR ${r.number}`;
const remarksText = (r: PmrRow) =>
  r.supplier ? `${r.remarks}. Supplier: ${r.supplier}` : r.remarks;

const periodText = (report: ProcurementMonitoringReport) =>
  `${report.half === 1 ? 'First' : 'Second'} semester (${longDate(report.from)} to ${longDate(report.to)})`;

const titleOf = (data: PmrDocumentData) => [
  `PROCUREMENT MONITORING REPORT, ${periodText(data.report)}`,
  `Sangguniang Kabataan of Barangay ${data.barangay.name}`,
  [data.barangay.city, data.barangay.province].filter(Boolean).join(', '),
];

const dueText = (report: ProcurementMonitoringReport) =>
  `Due to the GPPB by ${longDate(report.dueOn)} (${String(report.dueRule.days)} calendar days after the semester; ${report.dueRule.source}). As of ${longDate(report.asOf)}.`;

const signers = (data: PmrDocumentData) => [
  { label: 'Prepared by:', name: data.secretariat, title: 'BAC Secretariat' },
  {
    label: 'Approved and submitted by:',
    name: data.chairperson,
    title: 'SK Chairperson (Head of the Procuring Entity)',
  },
];

const fileName = (data: PmrDocumentData, ext: string) =>
  `PMR-${String(data.report.year)}-S${String(data.report.half)}-${data.barangay.name.replace(/[^A-Za-z0-9]+/g, '-')}.${ext}`;

const amountCells = (r: PmrRow) => [
  r.abc.total,
  r.abc.mooe,
  r.abc.co,
  r.contractCost?.total ?? null,
  r.contractCost?.mooe ?? null,
  r.contractCost?.co ?? null,
];

export async function monitoringPdf(data: PmrDocumentData): Promise<RenderedDocument> {
  const { report } = data;
  const label = `Procurement Monitoring Report ${String(report.year)} S${String(report.half)}, SK of Barangay ${data.barangay.name}`;
  const doc = newDocument(label);
  titleBlock(doc, titleOf(data));
  doc
    .font('body')
    .fontSize(8)
    .text(printable(`${dueText(report)} Source of funds: ${SK_FUND_SOURCE}.`), MARGIN, doc.y, {
      width: widthOf(doc),
    });
  doc.moveDown(0.4);
  const scale = widthOf(doc) / 100;
  const widths = [6, 10, 4, 5.5, 4.6, 4.6, 4.6, 4.6, 4.6, 4.6, 3.4, 6, 6, 6, 6, 6, 6, 7.5];
  const columns: Column[] = PMR_COLUMNS.map((c, i) => ({
    // Narrow columns: the long word may break at a hyphen rather than anywhere.
    label: c.replace('Recommending', `Recom${SOFT_HYPHEN}mending`),
    width: (widths[i] ?? 5) * scale,
    align: i >= 11 && i <= 16 ? 'right' : 'left',
  }));
  const peso = (v: number | null) => (v === null ? '' : money(toCentavos(v)));
  const { abc, contractCost } = report.totals;
  drawTable(
    doc,
    columns,
    [
      ...report.rows.map((r) => ({
        kind: 'line' as const,
        cells: [
          r.code,
          projectText(r),
          r.pmo,
          procurementModeLabel(r.mode, true),
          postingText(r),
          day(r.dates.quotationsOpened),
          day(r.dates.resolution),
          day(r.dates.order),
          day(r.dates.delivered),
          day(r.dates.accepted),
          'SK Fund',
          ...amountCells(r).map(peso),
          remarksText(r),
        ],
      })),
      {
        kind: 'total' as const,
        cells: [
          '',
          `Total (${String(report.rows.length)} requests)`,
          ...Array<string>(9).fill(''),
          ...[
            abc.total,
            abc.mooe,
            abc.co,
            contractCost.total,
            contractCost.mooe,
            contractCost.co,
          ].map(peso),
          '',
        ],
      },
    ],
    5.5,
  );
  signerBlock(doc, signers(data));
  return {
    fileName: fileName(data, 'pdf'),
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, label),
  };
}

export async function monitoringWorkbook(data: PmrDocumentData): Promise<RenderedDocument> {
  const { report } = data;
  const workbook = newWorkbook();
  const ws = sheet(
    workbook,
    'PMR',
    [16, 36, 14, 28, 14, 14, 14, 14, 12, 12, 26, 15, 15, 15, 15, 15, 15, 40],
  );
  titleRows(ws, titleOf(data), 'R');
  ws.addRow([dueText(report)]);
  headerRow(ws, [...PMR_COLUMNS]);
  const amounts = [12, 13, 14, 15, 16, 17];
  const first = ws.rowCount + 1;
  for (const r of report.rows) {
    styleRow(
      ws.addRow([
        r.code,
        projectText(r),
        r.pmo,
        r.modeLabel,
        postingText(r),
        day(r.dates.quotationsOpened),
        day(r.dates.resolution),
        day(r.dates.order),
        day(r.dates.delivered),
        day(r.dates.accepted),
        r.sourceOfFunds,
        ...amountCells(r),
        remarksText(r),
      ]),
      18,
      amounts,
    );
  }
  const last = ws.rowCount;
  const { abc, contractCost } = report.totals;
  const total = (column: string, pesos: number) =>
    report.rows.length === 0
      ? 0
      : formula(`SUM(${column}${String(first)}:${column}${String(last)})`, toCentavos(pesos));
  styleRow(
    ws.addRow([
      '',
      `Total (${String(report.rows.length)} requests)`,
      ...Array<string>(9).fill(''),
      total('L', abc.total),
      total('M', abc.mooe),
      total('N', abc.co),
      total('O', contractCost.total),
      total('P', contractCost.mooe),
      total('Q', contractCost.co),
      '',
    ]),
    18,
    amounts,
    { fill: TOTAL_FILL, bold: true },
  );
  signerRows(ws, signers(data), [2, 8]);
  return {
    fileName: fileName(data, 'xlsx'),
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    bytes: await workbookBytes(workbook),
  };
}
