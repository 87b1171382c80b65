import {
  toCentavos,
  type Registry,
  type RegistryClass,
  type RegistryLine,
} from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../../lib/documents/rendered.ts';
import { longDate } from './model.ts';

/**
 * The Registry of Budget, Commitments, Payments and Balances of one class (MOOE or CO), laid out
 * after the COA Handbook on SK financial transactions, Annex 1: per program, project or activity
 * and object of expenditure (the accounts the plan line names; tracker/registry-objects.ts), the
 * budget, then every commitment and payment in date order (date, reference, particulars), each
 * with the two running balances, the available budget (budget less commitments) and the unpaid
 * commitments (commitments less payments); then a summary by object. A month's registry opens
 * each object with the balances brought forward from the months before and closes it with the
 * balances carried forward to the next, as the handbook's hand-kept sheets carry them.
 */

export interface RegistryDocumentData {
  barangay: { code: string; name: string };
  registry: Registry;
  expenseClass: RegistryClass;
  /** A month (1-12): that month's registry with balances brought and carried forward. */
  month?: number | null;
}

/** One row of a line: amounts in centavos, null where the column has none. */
export interface RegistryRow {
  date: string;
  reference: string;
  particulars: string;
  budget: number | null;
  commitment: number | null;
  payment: number | null;
  available: number;
  unpaid: number;
}

export interface RegistryTotals {
  budget: number;
  commitments: number;
  payments: number;
  available: number;
  unpaid: number;
}

export interface RegistryGroup {
  title: string;
  rows: RegistryRow[];
  /** To the end of the period: the balances carried forward of a month's registry. */
  totals: RegistryTotals;
}

/** One object of expenditure across the class's lines. */
export interface RegistryObjectTotal {
  code: string;
  name: string;
  totals: RegistryTotals;
}

const CLASS_NAMES: Record<RegistryClass, string> = {
  MOOE: 'MAINTENANCE AND OTHER OPERATING EXPENSES',
  CO: 'CAPITAL OUTLAY',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const cents = (pesos: number) => toCentavos(pesos);

const emptyTotals = (): RegistryTotals => ({
  budget: 0,
  commitments: 0,
  payments: 0,
  available: 0,
  unpaid: 0,
});

function addTotals(into: RegistryTotals, t: RegistryTotals): void {
  into.budget += t.budget;
  into.commitments += t.commitments;
  into.payments += t.payments;
  into.available += t.available;
  into.unpaid += t.unpaid;
}

type Entry = Omit<RegistryRow, 'available' | 'unpaid'> & { order: number };

/** A line's commitments and payments charged to one object, in date order. */
function entriesOf(line: RegistryLine, code: string): Entry[] {
  const entries: Entry[] = [];
  let order = 0;
  for (const c of line.commitments) {
    if (c.objectCode === code) {
      entries.push({
        order: (order += 1),
        date: c.date,
        reference: c.reference,
        particulars: `${c.payee}${c.particulars ? `: ${c.particulars}` : ''}${c.cancelled ? ' (cancelled)' : ''}`,
        budget: null,
        commitment: c.cancelled ? null : cents(c.amount),
        payment: null,
      });
    }
    for (const p of c.payments.filter((x) => x.objectCode === code)) {
      entries.push({
        order: (order += 1),
        date: p.date,
        reference: p.reference,
        particulars: `Payment to ${c.payee} (${c.reference})${p.note ? `: ${p.note}` : ''}`,
        budget: null,
        commitment: null,
        payment: cents(p.amount),
      });
    }
  }
  for (const p of line.directPayments.filter((x) => x.objectCode === code)) {
    entries.push({
      order: (order += 1),
      date: p.date,
      reference: p.reference,
      particulars: `Paid without a prior commitment${p.note ? `: ${p.note}` : ''}`,
      budget: null,
      commitment: cents(p.amount),
      payment: cents(p.amount),
    });
  }
  return entries.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
}

/**
 * The class's lines, each object its rows in date order with running balances (of the month
 * when one is asked: opened by the balances brought forward), the total by object and the total.
 */
export function registryLayout(data: RegistryDocumentData): {
  groups: RegistryGroup[];
  total: RegistryTotals;
  byObject: RegistryObjectTotal[];
} {
  const { registry, month } = data;
  const resolution = registry.plan?.resolutionNumber
    ? `SK Resolution No. ${registry.plan.resolutionNumber}`
    : `ABYIP ${String(registry.year)}`;
  const period = month ? `${String(registry.year)}-${String(month).padStart(2, '0')}` : null;
  const groups: RegistryGroup[] = [];
  const total = emptyTotals();
  const byObject = new Map<string, RegistryObjectTotal>();
  for (const line of registry.lines.filter((l) => l.expenseClass === data.expenseClass)) {
    for (const object of line.objects) {
      const budget = cents(object.appropriated);
      let committed = 0;
      let paid = 0;
      const listed: Entry[] = [];
      for (const entry of entriesOf(line, object.code)) {
        const when = entry.date.slice(0, 7);
        if (period === null || when === period) {
          listed.push(entry);
        } else if (when < period) {
          committed += entry.commitment ?? 0;
          paid += entry.payment ?? 0;
        }
      }
      const rows: RegistryRow[] = [
        period === null
          ? {
              date: '',
              reference: resolution,
              particulars: `Appropriation, ${object.code} ${object.name}`,
              budget,
              commitment: null,
              payment: null,
              available: budget,
              unpaid: 0,
            }
          : {
              date: `${period}-01`,
              reference: resolution,
              particulars: 'Balance brought forward',
              budget,
              commitment: committed,
              payment: paid,
              available: budget - committed,
              unpaid: committed - paid,
            },
      ];
      for (const { order: _order, ...entry } of listed) {
        committed += entry.commitment ?? 0;
        paid += entry.payment ?? 0;
        rows.push({ ...entry, available: budget - committed, unpaid: committed - paid });
      }
      const totals = {
        budget,
        commitments: committed,
        payments: paid,
        available: budget - committed,
        unpaid: committed - paid,
      };
      groups.push({
        title: `${line.referenceCode}  ${line.ppa} · ${object.code} ${object.name}`,
        rows,
        totals,
      });
      addTotals(total, totals);
      const sum = byObject.get(object.code) ?? {
        code: object.code,
        name: object.name,
        totals: emptyTotals(),
      };
      addTotals(sum.totals, totals);
      byObject.set(object.code, sum);
    }
  }
  return {
    groups,
    total,
    byObject: [...byObject.values()].sort((a, b) => a.code.localeCompare(b.code)),
  };
}

/** A group's closing line: its total, or the balances a month carries forward. */
export const groupTotalLabel = (data: RegistryDocumentData, title: string) =>
  data.month ? 'Balance carried forward' : `Total, ${title}`;

export const registryPreamble = (data: RegistryDocumentData) => [
  'Republic of the Philippines',
  `Barangay ${data.barangay.name}`,
  'Office of the Sangguniang Kabataan',
];

export function registryHeading(data: RegistryDocumentData): string[] {
  return [
    'REGISTRY OF BUDGET, COMMITMENTS, PAYMENTS AND BALANCES',
    CLASS_NAMES[data.expenseClass],
    data.month
      ? `${MONTHS[data.month - 1] ?? ''} ${String(data.registry.year)}, as of ${longDate(data.registry.asOf)}`
      : `Year ${String(data.registry.year)}, as of ${longDate(data.registry.asOf)}`,
  ];
}

export const registryLabel = (data: RegistryDocumentData) =>
  `RBCPB ${data.expenseClass} ${String(data.registry.year)}, Barangay ${data.barangay.name}`;

/** The officer who keeps it, and the chairperson's line. */
export const registryKeeper = (data: RegistryDocumentData) => data.registry.officer?.name ?? '';

export const REGISTRY_COLUMNS = [
  'Date',
  'Reference',
  'Particulars',
  'Budget',
  'Commitments',
  'Payments',
  'Balance: Available Budget',
  'Balance: Unpaid Commitments',
] as const;

/** `SB-2026-RBCPB-MOOE.xlsx`. */
export const registryFileName = (data: RegistryDocumentData, format: 'xlsx' | 'pdf') =>
  `${data.barangay.code}-${String(data.registry.year)}${data.month ? `-${String(data.month).padStart(2, '0')}` : ''}-RBCPB-${data.expenseClass}.${format}`;

/** Renders it; exceljs and pdfkit load on first use, as the other documents' do. */
export async function renderRegistry(
  data: RegistryDocumentData,
  format: 'xlsx' | 'pdf',
): Promise<RenderedDocument> {
  const bytes =
    format === 'xlsx'
      ? await (await import('./registry-xlsx.ts')).registryWorkbook(data)
      : await (await import('./registry-pdf.ts')).registryPdf(data);
  return {
    fileName: registryFileName(data, format),
    contentType: DOCUMENT_CONTENT_TYPES[format],
    bytes,
  };
}
