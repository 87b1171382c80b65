import {
  DEFAULT_LANGUAGE,
  EXPENSE_CLASSES,
  LOW_UTILISATION_SHARE,
  PYDP_CENTRES,
  TRACKER_ALERT_KINDS,
  TRACKER_STATUSES,
  formatPlanPeso,
  toPesos,
  type CentreUtilisation,
  type ExpenseClass,
  type Language,
  type PydpCentre,
  type TrackerAlert,
  type TrackerReportPeriod,
  type TrackerStatus,
  type Utilisation,
} from '@sk-tanaw/contract';
import { ALERT_PHRASES } from './alert-phrases.ts';
import { periodRange } from './reports/model.ts';

/**
 * The tracker's figures and alerts, computed from plain facts (no I/O): amounts in whole
 * centavos until they are answered in pesos, dates as Manila calendar dates `YYYY-MM-DD`.
 */

export type ClassCents = Record<ExpenseClass, number>;

export const noCents = (): ClassCents => ({ PS: 0, MOOE: 0, CO: 0 });

export const sumCents = (cents: ClassCents): number =>
  EXPENSE_CLASSES.reduce((sum, c) => sum + cents[c], 0);

export const pesosByClass = (cents: ClassCents): ClassCents => ({
  PS: toPesos(cents.PS),
  MOOE: toPesos(cents.MOOE),
  CO: toPesos(cents.CO),
});

/** What the figures and alerts need to know of one item. */
export interface ItemFacts {
  id: number;
  year: number;
  referenceCode: string;
  ppa: string;
  centre: PydpCentre | null;
  inPlan: boolean;
  status: TrackerStatus;
  plannedStart: string | null;
  plannedEnd: string | null;
  startMonth: number | null;
  endMonth: number | null;
  /** The newest posted version's appropriation per class (0 when not in it). */
  appropriated: ClassCents;
  disbursed: ClassCents;
}

export interface CheckpointFacts {
  itemId: number;
  title: string;
  dueOn: string;
  doneOn: string | null;
}

/** Appropriated, disbursed, balance (pesos) and utilisation, % to one decimal (null if 0). */
export function utilisation(appropriatedCents: number, disbursedCents: number): Utilisation {
  return {
    appropriated: toPesos(appropriatedCents),
    disbursed: toPesos(disbursedCents),
    balance: toPesos(appropriatedCents - disbursedCents),
    utilisation:
      appropriatedCents > 0 ? Math.round((disbursedCents / appropriatedCents) * 1000) / 10 : null,
  };
}

export const itemUtilisation = (item: ItemFacts): Utilisation =>
  utilisation(sumCents(item.appropriated), sumCents(item.disbursed));

/** Every item together. */
export function totalsOf(items: readonly ItemFacts[]): Utilisation {
  let appropriated = 0;
  let disbursed = 0;
  for (const item of items) {
    appropriated += sumCents(item.appropriated);
    disbursed += sumCents(item.disbursed);
  }
  return utilisation(appropriated, disbursed);
}

/** Per centre of participation, the General Administration Program (null) first. */
export function byCentreOf(items: readonly ItemFacts[]): CentreUtilisation[] {
  const order: (PydpCentre | null)[] = [null, ...PYDP_CENTRES];
  return order.flatMap((centre) => {
    const mine = items.filter((item) => item.centre === centre);
    return mine.length === 0 ? [] : [{ centre, items: mine.length, ...totalsOf(mine) }];
  });
}

export function byStatusOf(items: readonly ItemFacts[]): Record<TrackerStatus, number> {
  const counts = Object.fromEntries(TRACKER_STATUSES.map((s) => [s, 0])) as Record<
    TrackerStatus,
    number
  >;
  for (const item of items) {
    counts[item.status] += 1;
  }
  return counts;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

export const addDays = (date: string, days: number): string => dateOf(dayNumber(date) + days);

const lastDayOfMonth = (year: number, month: number) =>
  dateOf(Date.UTC(year, month, 1) / DAY_MS - 1);

/** Items done with (or given up): no checkpoint of theirs is overdue any more. */
const closed = (status: TrackerStatus) => status === 'completed' || status === 'cancelled';

/** A checkpoint past its due date and not done, of an item still being carried out. */
export function isOverdue(
  checkpoint: Pick<CheckpointFacts, 'dueOn' | 'doneOn'>,
  status: TrackerStatus,
  today: string,
): boolean {
  return checkpoint.doneOn === null && checkpoint.dueOn < today && !closed(status);
}

/**
 * The item's period: planned start to planned end when both are set; else the line's months of
 * the plan year (first day of the start month to the last day of the end month); else the year.
 */
export function periodOf(item: ItemFacts): { start: string; end: string } {
  if (item.plannedStart && item.plannedEnd) {
    return { start: item.plannedStart, end: item.plannedEnd };
  }
  if (item.startMonth !== null && item.endMonth !== null && item.startMonth <= item.endMonth) {
    return {
      start: `${String(item.year)}-${pad(item.startMonth)}-01`,
      end: lastDayOfMonth(item.year, item.endMonth),
    };
  }
  return { start: `${String(item.year)}-01-01`, end: `${String(item.year)}-12-31` };
}

/** The first day of the period's last quarter: start + floor(75% of the period's days). */
export function lastQuarterStart(item: ItemFacts): string {
  const { start, end } = periodOf(item);
  const days = dayNumber(end) - dayNumber(start) + 1;
  return addDays(start, Math.floor(days * 0.75));
}

const named = (item: ItemFacts) => `${item.referenceCode} (${item.ppa})`;

/**
 * The dashboard's alerts on `today`: checkpoints past due, items still not started in the last
 * quarter of their period, and lines under LOW_UTILISATION_SHARE of their appropriation after
 * the third quarter (from 1 October of the item's year). Items a newer plan version dropped are
 * no longer carried out and draw none. Oldest first; then by item and kind. The messages are
 * written in `lang` (alert-phrases.ts) from the same facts: numbers, pesos and dates are the same.
 */
export function alertsOf(
  items: readonly ItemFacts[],
  checkpoints: readonly CheckpointFacts[],
  today: string,
  lang: Language = DEFAULT_LANGUAGE,
): TrackerAlert[] {
  const say = ALERT_PHRASES[lang];
  const alerts: TrackerAlert[] = [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const alert = (item: ItemFacts, kind: TrackerAlert['kind'], since: string, message: string) =>
    alerts.push({
      kind,
      itemId: item.id,
      referenceCode: item.referenceCode,
      ppa: item.ppa,
      message,
      since,
    });
  for (const checkpoint of checkpoints) {
    const item = byId.get(checkpoint.itemId);
    if (item?.inPlan && isOverdue(checkpoint, item.status, today)) {
      alert(
        item,
        'checkpoint-overdue',
        checkpoint.dueOn,
        say.checkpointOverdue(checkpoint.title, named(item), checkpoint.dueOn),
      );
    }
  }
  for (const item of items) {
    if (!item.inPlan) {
      continue;
    }
    const quarter = lastQuarterStart(item);
    if (item.status === 'not started' && today >= quarter) {
      alert(item, 'not-started-late', quarter, say.notStartedLate(named(item), quarter));
    }
    const appropriated = sumCents(item.appropriated);
    const disbursed = sumCents(item.disbursed);
    const fourthQuarter = `${String(item.year)}-10-01`;
    if (
      today >= fourthQuarter &&
      appropriated > 0 &&
      disbursed < appropriated * LOW_UTILISATION_SHARE &&
      item.status !== 'cancelled' &&
      item.status !== 'deferred'
    ) {
      const used = utilisation(appropriated, disbursed).utilisation ?? 0;
      alert(
        item,
        'low-utilisation',
        fourthQuarter,
        say.lowUtilisation(
          named(item),
          used,
          formatPlanPeso(toPesos(disbursed)),
          formatPlanPeso(toPesos(appropriated)),
        ),
      );
    }
  }
  return alerts.sort(
    (a, b) =>
      a.since.localeCompare(b.since) ||
      a.referenceCode.localeCompare(b.referenceCode) ||
      TRACKER_ALERT_KINDS.indexOf(a.kind) - TRACKER_ALERT_KINDS.indexOf(b.kind),
  );
}

/** Report periods that have ended by `today` (quarters, and the year once it is over). */
export function endedPeriods(year: number, today: string): TrackerReportPeriod[] {
  const periods: TrackerReportPeriod[] = ['q1', 'q2', 'q3', 'q4', 'year'];
  return periods.filter((period) => periodRange(period, year).to < today);
}
