import {
  PLAN_PROGRAM_NAMES,
  PYDP_CENTRES,
  type PlanKind,
  type PydpCentre,
  type Signatories,
  type TrackerReportPeriod,
  type TrackerStatus,
  MONTHS,
} from '@sk-tanaw/contract';
import { versionTitle } from '../../../lib/documents/rendered.ts';

/** One tracked item in an accomplishment report. Amounts in whole centavos. */
export interface TrackerReportItem {
  referenceCode: string;
  ppa: string;
  /** The line's expected result and performance indicator. */
  target: string;
  accomplishment: string;
  status: TrackerStatus;
  appropriatedCents: number;
  /** Disbursed with a date inside the report's period. */
  disbursedInPeriodCents: number;
  /** Disbursed from 1 January up to the period's end (or the as-of date, if earlier). */
  disbursedToDateCents: number;
  remarks: string;
  /** The city declared the line inoperative: closed to new payments since `decidedOn`. */
  inoperative?: { decidedOn: string; reason: string } | undefined;
}

/**
 * The remarks column: a line the city declared inoperative says so first, with the day and the
 * city's reason (what was paid before stays in the figures), then the council's remarks.
 */
export function remarksOf(item: TrackerReportItem): string {
  if (!item.inoperative) {
    return item.remarks;
  }
  const closed = `Declared inoperative by the city on ${item.inoperative.decidedOn}: ${item.inoperative.reason}. No payment after that day.`;
  return item.remarks ? `${closed} ${item.remarks}` : closed;
}

/** What the quarterly and year-end accomplishment reports show (the caller fills it). */
export interface TrackerReportData {
  barangay: { code: string; name: string };
  year: number;
  period: TrackerReportPeriod;
  /** The Manila date the figures are as of (YYYY-MM-DD). */
  asOf: string;
  /** The posted plan version the items come from; `kind` names a supplemental or realignment. */
  plan: { amendment: number; resolutionNumber: string; kind?: PlanKind };
  signatories: Signatories;
  /** Items by PYDP centre; null: the General Administration Program. Any order, merged here. */
  groups: { centre: PydpCentre | null; items: TrackerReportItem[] }[];
}

/** Appropriated, disbursed in the period and to date, in centavos. */
export interface ReportAmounts {
  appropriated: number;
  disbursedInPeriod: number;
  disbursedToDate: number;
}

export interface ReportGroup {
  centre: PydpCentre | null;
  title: string;
  items: TrackerReportItem[];
  subtotal: ReportAmounts;
}

export interface ReportLayout {
  groups: ReportGroup[];
  total: ReportAmounts;
}

const ZERO: ReportAmounts = { appropriated: 0, disbursedInPeriod: 0, disbursedToDate: 0 };

const add = (a: ReportAmounts, b: ReportAmounts): ReportAmounts => ({
  appropriated: a.appropriated + b.appropriated,
  disbursedInPeriod: a.disbursedInPeriod + b.disbursedInPeriod,
  disbursedToDate: a.disbursedToDate + b.disbursedToDate,
});

export const itemAmounts = (item: TrackerReportItem): ReportAmounts => ({
  appropriated: item.appropriatedCents,
  disbursedInPeriod: item.disbursedInPeriodCents,
  disbursedToDate: item.disbursedToDateCents,
});

/** Disbursed as a % of appropriated, to two decimals; null when nothing was appropriated. */
export function utilisationPercent(disbursedCents: number, appropriatedCents: number) {
  if (appropriatedCents === 0) {
    return null;
  }
  return Math.round((disbursedCents / appropriatedCents) * 10_000) / 100;
}

/** `45.25%`, or empty when nothing was appropriated. */
export function utilisationText(amounts: ReportAmounts): string {
  const percent = utilisationPercent(amounts.disbursedToDate, amounts.appropriated);
  return percent === null
    ? ''
    : `${percent.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

/**
 * The report's groups in the ABYIP's order (the General Administration Program, then the PYDP
 * centres), groups of the same centre merged, empty ones left out, with subtotals and the total.
 */
export function reportLayout(data: TrackerReportData): ReportLayout {
  const order: (PydpCentre | null)[] = [null, ...PYDP_CENTRES];
  const groups: ReportGroup[] = [];
  for (const centre of order) {
    const items = data.groups.filter((g) => g.centre === centre).flatMap((g) => g.items);
    if (items.length === 0) {
      continue;
    }
    groups.push({
      centre,
      title: centre ?? PLAN_PROGRAM_NAMES.GAP,
      items,
      subtotal: items.reduce((sum, item) => add(sum, itemAmounts(item)), ZERO),
    });
  }
  return { groups, total: groups.reduce((sum, g) => add(sum, g.subtotal), ZERO) };
}

const QUARTERS = {
  q1: { name: 'First Quarter', months: 'January-March', from: '01-01', to: '03-31' },
  q2: { name: 'Second Quarter', months: 'April-June', from: '04-01', to: '06-30' },
  q3: { name: 'Third Quarter', months: 'July-September', from: '07-01', to: '09-30' },
  q4: { name: 'Fourth Quarter', months: 'October-December', from: '10-01', to: '12-31' },
  year: { name: 'Year-end', months: 'January-December', from: '01-01', to: '12-31' },
} as const;

/** `First Quarter (January-March) 2026`, `Year-end 2026`. */
export function periodTitle(period: TrackerReportPeriod, year: number): string {
  const q = QUARTERS[period];
  return period === 'year'
    ? `${q.name} ${String(year)}`
    : `${q.name} (${q.months}) ${String(year)}`;
}

/** The period's first and last dates (YYYY-MM-DD), for the caller's "disbursed in the period". */
export function periodRange(period: TrackerReportPeriod, year: number) {
  const q = QUARTERS[period];
  return { from: `${String(year)}-${q.from}`, to: `${String(year)}-${q.to}` };
}

/** `2026-03-31` -> `March 31, 2026`. */
export function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  const name = MONTHS[(month ?? 1) - 1];
  return name && day && year ? `${name} ${String(day)}, ${String(year)}` : iso;
}

/** The small lines above the title. The plan documents name no city, so neither does this. */
export const reportPreamble = (data: TrackerReportData) => [
  'Republic of the Philippines',
  `Barangay ${data.barangay.name}`,
  'Office of the Sangguniang Kabataan',
];

/** The title, the period, the as-of date and the plan version the items come from. */
export function reportHeading(data: TrackerReportData): string[] {
  const version = data.plan.kind
    ? versionTitle({ kind: data.plan.kind, amendment: data.plan.amendment })
    : data.plan.amendment > 0
      ? `Amendment No. ${String(data.plan.amendment)}`
      : '';
  const resolution = data.plan.resolutionNumber
    ? `, approved by SK Resolution No. ${data.plan.resolutionNumber}`
    : '';
  return [
    'SK ACCOMPLISHMENT REPORT',
    periodTitle(data.period, data.year),
    `As of ${longDate(data.asOf)}`,
    `ABYIP ${String(data.year)}${version ? `, ${version}` : ''}${resolution}`,
  ];
}

const STATUS_TEXT: Record<TrackerStatus, string> = {
  'not started': 'Not started',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
  deferred: 'Deferred',
};
export const statusText = (status: TrackerStatus) => STATUS_TEXT[status];

/** `SB-2026-Q1-accomplishment-report.xlsx`, `SB-2026-year-end-accomplishment-report.pdf`. */
export function reportFileName(data: TrackerReportData, format: 'xlsx' | 'pdf'): string {
  const period = data.period === 'year' ? 'year-end' : data.period.toUpperCase();
  return `${data.barangay.code}-${String(data.year)}-${period}-accomplishment-report.${format}`;
}

/** The document's short name, for the PDF's title and page footers. */
export const reportLabel = (data: TrackerReportData) =>
  `SK Accomplishment Report, ${periodTitle(data.period, data.year)}, Barangay ${data.barangay.name}`;
