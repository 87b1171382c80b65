import {
  HONORARIA_POSITION_NAMES,
  OTHER_RECEIPT_KINDS,
  OTHER_RECEIPT_KIND_NAMES,
  formatPlanPeso,
  PLAN_PROGRAM_NAMES,
  PYDP_CENTRES,
  toCentavos,
  type HonorariaPosition,
  type OtherReceiptKind,
  type PlanKind,
  type PlanProgram,
  type PlanStatus,
  type PlanTotals,
  type PydpCentre,
  type SavedLineObject,
  type SavedPlanLine,
  type Signatories,
} from '@sk-tanaw/contract';

/** What the documents show of a plan (the public board's documents get the same). */
export interface DocumentPlan {
  /** Region, province and city or municipality from the barangay registry (null when unknown). */
  barangay: {
    code: string;
    name: string;
    region: string | null;
    province: string | null;
    city: string | null;
  };
  year: number;
  status: PlanStatus;
  kind: PlanKind;
  amendment: number;
  receipts: {
    tenPercentShare: number;
    certifiedOn: string | null;
    certifiedBy: string;
    noticeOn: string | null;
    noticeBy: string;
    otherReceipts: { label: string; amount: number; kind: OtherReceiptKind }[];
  };
  lines: Omit<SavedPlanLine, 'id' | 'projectId'>[];
  /** Positions and amounts only: the documents name no one beyond the signatories. */
  honoraria: {
    position: HonorariaPosition;
    monthlyRate: number;
    months: number;
    vacant: boolean;
  }[];
  totals: PlanTotals;
  signatories: Signatories;
  approval: { resolutionNumber: string; approvedOn: string } | null;
}

/** Amounts in whole centavos, so subtotals add up exactly. */
export interface Cents {
  ps: number;
  mooe: number;
  co: number;
}

export const centsTotal = (c: Cents) => c.ps + c.mooe + c.co;

const addCents = (a: Cents, b: Cents): Cents => ({
  ps: a.ps + b.ps,
  mooe: a.mooe + b.mooe,
  co: a.co + b.co,
});

const ZERO: Cents = { ps: 0, mooe: 0, co: 0 };

/** One row of the ABYIP table. */
export interface AbyipRow {
  referenceCode: string;
  ppa: string;
  description: string;
  expectedResult: string;
  performanceIndicator: string;
  period: string;
  amounts: Cents;
  responsible: string;
  /** Counts toward the training cap: its MOOE is Training Expenses (accounts.ts). */
  training: boolean;
  /** The objects of expenditure the line names; empty when not itemised (accounts.ts). */
  objects: SavedLineObject[];
}

export interface AbyipCentre {
  /** Empty for the General Administration Program's single group. */
  title: string;
  rows: AbyipRow[];
  subtotal: Cents;
}

export interface AbyipProgram {
  program: PlanProgram;
  title: string;
  centres: AbyipCentre[];
  subtotal: Cents;
}

export interface AbyipLayout {
  programs: AbyipProgram[];
  total: Cents;
}

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** `Jan-Dec 2027`, `Mar 2027`, or empty. */
export function periodText(start: number | null, end: number | null, year: number): string {
  const name = (m: number | null) => (m === null ? null : (MONTHS[m - 1] ?? null));
  const from = name(start);
  const to = name(end);
  if (from && to) {
    return from === to ? `${from} ${String(year)}` : `${from}-${to} ${String(year)}`;
  }
  if (from || to) {
    return `${from ?? to ?? ''} ${String(year)}`;
  }
  return '';
}

export { versionTitle } from '../../../lib/documents/rendered.ts';

/** The approval line under the title, or the draft notice. */
export function statusLine(plan: DocumentPlan): string {
  if (plan.approval) {
    return `Approved by SK Resolution No. ${plan.approval.resolutionNumber} on ${plan.approval.approvedOn}`;
  }
  return 'DRAFT: not yet approved by the Sangguniang Kabataan';
}

function rowOf(line: DocumentPlan['lines'][number], year: number): AbyipRow {
  return {
    referenceCode: line.referenceCode,
    ppa: line.ppa,
    description: line.description,
    expectedResult: line.expectedResult,
    performanceIndicator: line.performanceIndicator,
    period: periodText(line.startMonth, line.endMonth, year),
    amounts: { ps: toCentavos(line.ps), mooe: toCentavos(line.mooe), co: toCentavos(line.co) },
    responsible: line.responsible,
    training: line.training,
    objects: line.objects,
  };
}

const sum = (rows: readonly { amounts: Cents }[]) =>
  rows.reduce((acc, r) => addCents(acc, r.amounts), ZERO);

/** Honoraria as one GAP row of the ABYIP (personal services), so its total is the budget's. */
function honorariaRow(plan: DocumentPlan): AbyipRow | null {
  if (plan.honoraria.length === 0) {
    return null;
  }
  const ps = plan.honoraria.reduce((s, h) => s + toCentavos(h.monthlyRate) * h.months, 0);
  return {
    referenceCode: `${String(plan.year)}-GAP-HON`,
    ppa: 'Honoraria of SK officials',
    description: 'Monthly honoraria per the schedule of the SK annual budget',
    expectedResult: 'SK officials compensated within the legal limits',
    performanceIndicator: 'Honoraria paid monthly',
    period: `Jan-Dec ${String(plan.year)}`,
    amounts: { ps, mooe: 0, co: 0 },
    responsible: 'SK Treasurer',
    training: false,
    objects: [],
  };
}

/** The ABYIP grouped by program and centre, with subtotals and the grand total. */
export function abyipLayout(plan: DocumentPlan): AbyipLayout {
  const gapRows = plan.lines.filter((l) => l.program === 'GAP').map((l) => rowOf(l, plan.year));
  const honoraria = honorariaRow(plan);
  const gapAll = honoraria ? [honoraria, ...gapRows] : gapRows;
  const gap: AbyipProgram = {
    program: 'GAP',
    title: PLAN_PROGRAM_NAMES.GAP,
    centres: [{ title: '', rows: gapAll, subtotal: sum(gapAll) }],
    subtotal: sum(gapAll),
  };
  const ydepLines = plan.lines.filter((l) => l.program === 'YDEP');
  const centres: AbyipCentre[] = [];
  const groups: [PydpCentre | null, string][] = [
    ...PYDP_CENTRES.map((c): [PydpCentre, string] => [c, c]),
    [null, 'Centre of participation not given'],
  ];
  for (const [centre, title] of groups) {
    const rows = ydepLines.filter((l) => l.centre === centre).map((l) => rowOf(l, plan.year));
    if (rows.length > 0) {
      centres.push({ title, rows, subtotal: sum(rows) });
    }
  }
  const ydep: AbyipProgram = {
    program: 'YDEP',
    title: PLAN_PROGRAM_NAMES.YDEP,
    centres,
    subtotal: centres.reduce((acc, c) => addCents(acc, c.subtotal), ZERO),
  };
  return { programs: [gap, ydep], total: addCents(gap.subtotal, ydep.subtotal) };
}

export const positionName = (position: HonorariaPosition) => HONORARIA_POSITION_NAMES[position];

/**
 * Part I of the SK annual budget in the form's own words: the SK annual budget form the
 * DBM-DILG-NYC JMC No. 1 s. 2019 budgeting process uses ("Part I. Receipts Program": "Ten percent
 * (10%) of the general fund of the barangay", "Receipts from fund raising activities", "TOTAL
 * ESTIMATED FUNDS AVAILABLE FOR APPROPRIATION"). The sample in DILG MC No. 2023-068, Annex C
 * (after the COA handbook, page 112), has the share's row only and closes with "TOTAL ESTIMATED
 * FUNDS AVAILABLE FOR BUDGET". The other kinds of receipt have no row on either form and follow
 * under their own names (contract OTHER_RECEIPT_KINDS).
 */
export const RECEIPTS_WORDING = {
  share: 'Ten percent (10%) of the general fund of the barangay',
  total: 'TOTAL ESTIMATED FUNDS AVAILABLE FOR APPROPRIATION',
} as const;

/**
 * What supports the 10% share (JMC No. 1 s. 2019, item 3.1.2): the barangay treasurer's written
 * notice and the city or municipal treasurer's certification of income, each with its date and
 * who signed it, or 'pending'.
 */
export function shareDetails(receipts: DocumentPlan['receipts']): string {
  const notice = receipts.noticeOn
    ? `Barangay treasurer's notice of ${receipts.noticeOn}${receipts.noticeBy ? ` (${receipts.noticeBy})` : ''}`
    : "Barangay treasurer's notice pending";
  const certification = receipts.certifiedOn
    ? `certification of income of ${receipts.certifiedOn}${receipts.certifiedBy ? ` by ${receipts.certifiedBy}, city or municipal treasurer` : ''}`
    : "city or municipal treasurer's certification of income pending";
  return `${notice}; ${certification}`;
}

export interface ReceiptRow {
  particulars: string;
  details: string;
  amount: number;
}

/**
 * The rows of Part I before its total: the 10% share, the form's fund raising row (always, 'None'
 * when there is none), then a row for each other kind of receipt the plan has, each itemised.
 */
export function receiptRows(plan: DocumentPlan): ReceiptRow[] {
  const rows: ReceiptRow[] = [
    {
      particulars: RECEIPTS_WORDING.share,
      details: shareDetails(plan.receipts),
      amount: plan.receipts.tenPercentShare,
    },
  ];
  for (const kind of OTHER_RECEIPT_KINDS) {
    const ofKind = plan.receipts.otherReceipts.filter((r) => r.kind === kind);
    if (kind !== 'fundRaising' && ofKind.length === 0) {
      continue;
    }
    rows.push({
      particulars: OTHER_RECEIPT_KIND_NAMES[kind],
      details:
        ofKind.length === 0
          ? 'None'
          : ofKind.map((r) => `${r.label} ${formatPlanPeso(r.amount)}`).join('; '),
      amount: plan.totals.otherReceiptsByKind[kind],
    });
  }
  return rows;
}

/**
 * A row of the honoraria schedule in Part II: the chairperson's row at 0 months is the cap's
 * reference, not a charge on the SK fund (DBM LBC No. 148 s. 2022, item 3.1.2 as reported); a
 * vacant position is budgeted and says so (item 3.1.8 as reported).
 */
export function honorariumParticulars(h: DocumentPlan['honoraria'][number]): string {
  if (h.position === 'chairperson' && h.months === 0) {
    return `${positionName(h.position)}: monthly compensation, the reference of the honoraria cap (not charged to the SK fund)`;
  }
  return `Honorarium, ${positionName(h.position)}${h.vacant ? ' (vacant)' : ''}`;
}

/** `San Bartolome` -> `ABYIP-SB-2027.pdf`; versions get their number. */
export function documentFileName(
  plan: DocumentPlan,
  document: 'abyip' | 'annual-budget',
  format: 'xlsx' | 'pdf',
): string {
  const name = document === 'abyip' ? 'ABYIP' : 'SK-Annual-Budget';
  const version = plan.amendment > 0 ? `-${plan.kind}-${String(plan.amendment)}` : '';
  const draft = plan.status === 'draft' ? '-draft' : '';
  return `${name}-${plan.barangay.code}-${String(plan.year)}${version}${draft}.${format}`;
}
