import type { CashPosition, ChecksIssued, FundRegistry } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  drawTable,
  finish,
  money,
  newDocument,
  signerBlock,
  titleBlock,
  widthOf,
  type Row,
} from '../../lib/documents/pdf.ts';
import {
  TOTAL_FILL,
  headerRow,
  newWorkbook,
  sheet,
  styleRow,
  titleRows,
  workbookBytes,
} from '../../lib/documents/xlsx.ts';
import { monthName } from './register-xlsx.ts';

/**
 * The treasurer's monthly reports as the .xlsx and the .pdf: one table model each (title, columns
 * with their share of the width, rows of text and peso amounts), drawn by both writers, so the
 * workbook and the printed report never differ.
 */

type Cell = string | number | null;
export interface ReportTable {
  file: string;
  title: string;
  columns: { label: string; share: number; amount: boolean }[];
  rows: { kind: 'line' | 'group' | 'total'; cells: Cell[] }[];
}

const REPORT_TITLES = {
  checks: 'REPORT OF CHECKS ISSUED',
  position: 'CASH POSITION REPORT',
} as const;

export function checksIssuedTable(report: ChecksIssued): ReportTable {
  const rows: ReportTable['rows'] = report.rows.map((r) => ({
    kind: 'line',
    cells: [
      r.date,
      r.mode === 'ada' ? `ADA ${r.checkNumber}` : r.checkNumber,
      r.dvNumber,
      r.payee,
      r.particulars,
      r.amount,
    ],
  }));
  rows.push(
    { kind: 'total', cells: ['', '', '', '', 'Total of checks issued', report.totalChecks] },
    {
      kind: 'total',
      cells: ['', '', '', '', 'Total of advices to debit the account', report.totalAda],
    },
    { kind: 'total', cells: ['', '', '', '', 'TOTAL', report.total] },
  );
  return {
    file: 'Checks-Issued',
    title: REPORT_TITLES.checks,
    columns: [
      { label: 'Date', share: 0.1, amount: false },
      { label: 'Check no.', share: 0.13, amount: false },
      { label: 'DV no.', share: 0.13, amount: false },
      { label: 'Payee', share: 0.2, amount: false },
      { label: 'Nature of payment', share: 0.29, amount: false },
      { label: 'Amount', share: 0.15, amount: true },
    ],
    rows,
  };
}

export function cashPositionTable(report: CashPosition): ReportTable {
  const line = (label: string, value: number | null, note = ''): ReportTable['rows'][number] => ({
    kind: 'line',
    cells: [label, note, value],
  });
  const rows: ReportTable['rows'] = [
    { kind: 'group', cells: ['Cash on hand (RCRD)'] },
    line('Balance brought forward', report.cashOnHand.broughtForward),
    line('Add: collections', report.cashOnHand.in),
    line('Less: deposits', report.cashOnHand.out),
    { kind: 'total', cells: ['Cash on hand, end of month', '', report.cashOnHand.carriedForward] },
    { kind: 'group', cells: ['Cash in bank (RCB)'] },
    line('Balance brought forward', report.cashInBank.broughtForward),
    line('Add: deposits, transfers and credits', report.cashInBank.in),
    line('Less: checks issued and debits', report.cashInBank.out),
    { kind: 'total', cells: ['Cash in bank, end of month', '', report.cashInBank.carriedForward] },
    { kind: 'group', cells: ['Bank reconciliation'] },
  ];
  const r = report.reconciliation;
  if (r) {
    rows.push(
      line('Balance per bank statement', r.statement),
      line('Add: deposits in transit', r.depositsInTransit),
      line('Less: outstanding checks', r.outstandingChecks),
      line('Adjusted bank balance', r.adjusted, `Reconciled ${r.recordedAt.slice(0, 10)}`),
    );
  } else {
    rows.push(line('The month is not reconciled yet', null));
  }
  rows.push(
    { kind: 'group', cells: ['Cash available'] },
    line(
      'Cash on hand and in bank',
      report.cashOnHand.carriedForward + report.cashInBank.carriedForward,
    ),
    line(
      'Less: vouchers awaiting payment',
      report.awaitingPayment.amount,
      `${String(report.awaitingPayment.count)} voucher(s)`,
    ),
    { kind: 'total', cells: ['Cash available', '', report.available] },
  );
  return {
    file: 'Cash-Position',
    title: REPORT_TITLES.position,
    columns: [
      { label: 'Item', share: 0.5, amount: false },
      { label: 'Note', share: 0.28, amount: false },
      { label: 'Amount', share: 0.22, amount: true },
    ],
    rows,
  };
}

const fileName = (t: ReportTable, barangay: string, stamp: string, ext: string) =>
  `${barangay.replace(/[^A-Za-z0-9]+/g, '-')}-${t.file}-${stamp}.${ext}`;

const letter = (n: number) => String.fromCharCode(64 + n);

/** Who signs a report: the treasurer's monthly reports, the officer's fund registry. */
export interface ReportMeta {
  barangayName: string;
  /** The heading's period ("February 2026", "As of 10 March 2026"). */
  period: string;
  /** The file name's stamp ("2026-02"). */
  stamp: string;
  signer: { label: string; name: string; title: string };
}

/** The treasurer's monthly report's heading and signature. */
export const monthlyMeta = (m: {
  barangayName: string;
  year: number;
  month: number;
  treasurer: string;
}): ReportMeta => ({
  barangayName: m.barangayName,
  period: `${monthName(m.month)} ${String(m.year)}`,
  stamp: `${String(m.year)}-${String(m.month).padStart(2, '0')}`,
  signer: { label: 'Prepared and certified correct by:', name: m.treasurer, title: 'SK Treasurer' },
});

/** The report as .xlsx or .pdf, signed. */
export async function renderReport(
  table: ReportTable,
  format: 'xlsx' | 'pdf',
  meta: ReportMeta,
): Promise<RenderedDocument> {
  const heading = [
    table.title,
    `Sangguniang Kabataan of Barangay ${meta.barangayName}`,
    meta.period,
  ];
  const amounts = table.columns.flatMap((c, i) => (c.amount ? [i + 1] : []));
  const n = table.columns.length;
  if (format === 'xlsx') {
    const workbook = newWorkbook();
    const ws = sheet(
      workbook,
      table.file,
      table.columns.map((c) => Math.round(c.share * 120)),
    );
    titleRows(ws, heading, letter(n));
    headerRow(
      ws,
      table.columns.map((c) => c.label),
    );
    for (const r of table.rows) {
      const row = ws.addRow(r.cells);
      if (r.kind === 'group') {
        ws.mergeCells(`A${String(row.number)}:${letter(n)}${String(row.number)}`);
      }
      styleRow(row, n, r.kind === 'group' ? [] : amounts, {
        bold: r.kind !== 'line',
        ...(r.kind === 'total' ? { fill: TOTAL_FILL } : {}),
      });
    }
    ws.addRow([]);
    ws.addRow([meta.signer.label]);
    ws.addRow([meta.signer.name || '____________________']).font = { bold: true };
    ws.addRow([meta.signer.title]);
    return {
      fileName: fileName(table, meta.barangayName, meta.stamp, 'xlsx'),
      contentType: DOCUMENT_CONTENT_TYPES.xlsx,
      bytes: await workbookBytes(workbook),
    };
  }
  const doc = newDocument(table.title);
  titleBlock(doc, heading);
  const width = widthOf(doc);
  const rows: Row[] = table.rows.map((r) => ({
    kind: r.kind,
    cells: r.cells.map((c, i) =>
      typeof c === 'number' && table.columns[i]?.amount
        ? money(Math.round(c * 100))
        : String(c ?? ''),
    ),
  }));
  drawTable(
    doc,
    table.columns.map((c) => ({
      label: c.label,
      width: width * c.share,
      align: c.amount ? 'right' : 'left',
    })),
    rows,
  );
  doc.moveDown(2);
  signerBlock(doc, [meta.signer]);
  return {
    fileName: fileName(table, meta.barangayName, meta.stamp, 'pdf'),
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, table.title),
  };
}

/**
 * The Registry of Specific Purpose Fund, Commitments, Payments and Balances of one fund: its
 * receipts, vouchers and payments with the uncommitted and unexpended balances (COA Handbook on
 * the Financial Transactions of the SK, item 3.21.4; its columns were not at hand: not confirmed).
 */
export function fundRegistryTable(registry: FundRegistry): ReportTable {
  const { fund } = registry;
  const rows: ReportTable['rows'] = [
    { kind: 'group', cells: [`${fund.name}: ${fund.purpose} (${fund.source}; ${fund.reference})`] },
    ...registry.rows.map((r) => ({
      kind: 'line' as const,
      cells: [
        r.date,
        r.reference,
        r.particulars,
        r.received || null,
        r.committed || null,
        r.paid || null,
        r.uncommitted,
        r.unexpended,
      ],
    })),
    {
      kind: 'total',
      cells: [
        '',
        '',
        'TOTAL',
        fund.received,
        fund.committed,
        fund.paid,
        fund.uncommitted,
        fund.unexpended,
      ],
    },
  ];
  return {
    file: 'SPF-Registry',
    title: 'REGISTRY OF SPECIFIC PURPOSE FUND, COMMITMENTS, PAYMENTS AND BALANCES',
    columns: [
      { label: 'Date', share: 0.09, amount: false },
      { label: 'Reference', share: 0.13, amount: false },
      { label: 'Particulars', share: 0.24, amount: false },
      { label: 'Received', share: 0.09, amount: true },
      { label: 'Commitments', share: 0.1, amount: true },
      { label: 'Payments', share: 0.1, amount: true },
      { label: 'Balance: Uncommitted', share: 0.125, amount: true },
      { label: 'Balance: Unexpended', share: 0.125, amount: true },
    ],
    rows,
  };
}
