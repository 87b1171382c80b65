import { toCentavos, type Registry, type RegistryClass } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../../lib/documents/rendered.ts';
import { longDate } from './model.ts';

/**
 * The Registry of Budget, Commitments, Payments and Balances of one class (MOOE or CO), laid out
 * after the COA Handbook on SK financial transactions, Annex 1: per program, project or activity,
 * the budget, then every commitment and payment in date order (date, reference, particulars),
 * each with the two running balances, the available budget (budget less commitments) and the
 * unpaid commitments (commitments less payments). The handbook's breakdown by object of
 * expenditure and its totals brought or carried forward from sheet to sheet are not made: the
 * plan appropriates by class, and a generated registry has no hand-kept sheets to carry over.
 */

export interface RegistryDocumentData {
  barangay: { code: string; name: string };
  registry: Registry;
  expenseClass: RegistryClass;
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
  totals: RegistryTotals;
}

const CLASS_NAMES: Record<RegistryClass, string> = {
  MOOE: 'MAINTENANCE AND OTHER OPERATING EXPENSES',
  CO: 'CAPITAL OUTLAY',
};

const cents = (pesos: number) => toCentavos(pesos);

/** The lines of the class, each its rows in date order with running balances, and the total. */
export function registryLayout(data: RegistryDocumentData): {
  groups: RegistryGroup[];
  total: RegistryTotals;
} {
  const { registry } = data;
  const resolution = registry.plan?.resolutionNumber
    ? `SK Resolution No. ${registry.plan.resolutionNumber}`
    : `ABYIP ${String(registry.year)}`;
  const groups: RegistryGroup[] = [];
  const total: RegistryTotals = { budget: 0, commitments: 0, payments: 0, available: 0, unpaid: 0 };
  for (const line of registry.lines.filter((l) => l.expenseClass === data.expenseClass)) {
    type Entry = Omit<RegistryRow, 'available' | 'unpaid'> & { order: number };
    const entries: Entry[] = [];
    let order = 0;
    for (const c of line.commitments) {
      entries.push({
        order: (order += 1),
        date: c.date,
        reference: c.reference,
        particulars: `${c.payee}${c.particulars ? `: ${c.particulars}` : ''}${c.cancelled ? ' (cancelled)' : ''}`,
        budget: null,
        commitment: c.cancelled ? null : cents(c.amount),
        payment: null,
      });
      for (const p of c.payments) {
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
    for (const p of line.directPayments) {
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
    entries.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
    const budget = cents(line.appropriated);
    let committed = 0;
    let paid = 0;
    const rows: RegistryRow[] = [
      {
        date: '',
        reference: resolution,
        particulars: `Appropriation, ${data.expenseClass}`,
        budget,
        commitment: null,
        payment: null,
        available: budget,
        unpaid: 0,
      },
    ];
    for (const { order: _order, ...entry } of entries) {
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
    groups.push({ title: `${line.referenceCode}  ${line.ppa}`, rows, totals });
    total.budget += totals.budget;
    total.commitments += totals.commitments;
    total.payments += totals.payments;
    total.available += totals.available;
    total.unpaid += totals.unpaid;
  }
  return { groups, total };
}

export const registryPreamble = (data: RegistryDocumentData) => [
  'Republic of the Philippines',
  `Barangay ${data.barangay.name}`,
  'Office of the Sangguniang Kabataan',
];

export function registryHeading(data: RegistryDocumentData): string[] {
  return [
    'REGISTRY OF BUDGET, COMMITMENTS, PAYMENTS AND BALANCES',
    CLASS_NAMES[data.expenseClass],
    `Year ${String(data.registry.year)}, as of ${longDate(data.registry.asOf)}`,
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
  `${data.barangay.code}-${String(data.registry.year)}-RBCPB-${data.expenseClass}.${format}`;

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
