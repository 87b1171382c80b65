// The semestral Procurement Monitoring Report (contract procurement-plan.ts): what was actually
// done on each purchase request of the half-year, step by step, with the approved budget for the
// contract and the contract cost by class, and when the report is due (`pmr-due-days`).
import {
  SK_FUND_SOURCE,
  addDays,
  daysBetween,
  manilaYear,
  planMode,
  procurementModeLabel,
  procurementRule,
  toPesos,
  type PmrRow,
  type ProcurementMonitoringReport,
} from '@sk-tanaw/contract';
import { newestPostedPlanId } from '../../common/tracked-item-repository.ts';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { manilaDate } from '../tracker/context.ts';
import * as repo from './plan-repository.ts';

type Half = 1 | 2;

/** The half-year's first and last days. */
export function halfOf(year: number, half: Half): { from: string; to: string } {
  const y = String(year);
  return half === 1
    ? { from: `${y}-01-01`, to: `${y}-06-30` }
    : { from: `${y}-07-01`, to: `${y}-12-31` };
}

const REMARKS: Record<PmrRow['status'], string> = {
  open: 'Request for quotation under way',
  awarded: 'Quotations opened and compared; awaiting the BAC resolution',
  resolved: 'BAC resolution recommending the award; awaiting the purchase order',
  ordered: 'Purchase order approved; awaiting delivery',
  delivered: 'Delivered, inspected and accepted',
};

function statusOf(
  r: repo.MonitoredRow,
  delivered: { delivered: string; accepted: string } | undefined,
): PmrRow['status'] {
  if (r.ordered_on !== null) {
    return delivered ? 'delivered' : 'ordered';
  }
  if (r.resolution_on !== null) {
    return 'resolved';
  }
  return r.abstract_on !== null ? 'awarded' : 'open';
}

const byClass = (cls: 'PS' | 'MOOE' | 'CO', cents: number) => ({
  total: toPesos(cents),
  mooe: cls === 'MOOE' ? toPesos(cents) : 0,
  co: cls === 'CO' ? toPesos(cents) : 0,
});

/** The PMR of a half-year of a barangay, as of `now`. */
export async function monitoringReport(
  db: Executor,
  scope: BarangayScope,
  now: Date,
  query: { year?: number | undefined; half?: number | undefined },
): Promise<ProcurementMonitoringReport> {
  const today = manilaDate(now);
  const year = query.year ?? manilaYear(now);
  const half: Half =
    query.half === 1 || query.half === 2 ? query.half : Number(today.slice(5, 7)) <= 6 ? 1 : 2;
  const { from, to } = halfOf(year, half);
  const rule = procurementRule('pmr-due-days', year);
  const dueOn = addDays(to, rule.value);
  const rows = await repo.requestsBetween(db, scope, from, to);
  // The PMO of a request's line, from the plan versions of the years its requests belong to.
  const pmo = new Map<string, string>();
  for (const y of new Set(rows.map((r) => r.year))) {
    const planId = await newestPostedPlanId(db, scope, y);
    if (planId !== undefined) {
      for (const line of await repo.planLines(db, scope, planId)) {
        pmo.set(line.reference_code, line.responsible.trim() || 'SK');
      }
    }
  }
  const deliveries = await repo.deliveriesOf(
    db,
    scope,
    rows.filter((r) => r.ordered_on !== null).map((r) => r.id),
  );
  const totals = { abc: [0, 0, 0], cost: [0, 0, 0] };
  const report = rows.map((r): PmrRow => {
    const delivered = deliveries.get(r.id);
    const status = statusOf(r, delivered);
    const mode = r.mode ?? planMode(r.total_cents, r.year);
    const cls = r.expense_class;
    totals.abc[0] = (totals.abc[0] ?? 0) + r.total_cents;
    totals.abc[cls === 'CO' ? 2 : 1] = (totals.abc[cls === 'CO' ? 2 : 1] ?? 0) + r.total_cents;
    if (r.order_cents !== null) {
      totals.cost[0] = (totals.cost[0] ?? 0) + r.order_cents;
      totals.cost[cls === 'CO' ? 2 : 1] = (totals.cost[cls === 'CO' ? 2 : 1] ?? 0) + r.order_cents;
    }
    return {
      requestId: r.id,
      number: r.number,
      code: r.reference_code,
      project: r.purpose,
      pmo: pmo.get(r.reference_code) ?? 'SK',
      mode,
      modeLabel: procurementModeLabel(mode),
      status,
      dates: {
        requested: r.requested_on,
        postingUntil: r.posting_until,
        quotationsOpened: r.abstract_on,
        resolution: r.resolution_on,
        order: r.ordered_on,
        delivered: delivered?.delivered ?? null,
        accepted: delivered?.accepted ?? null,
      },
      sourceOfFunds: SK_FUND_SOURCE,
      abc: byClass(cls, r.total_cents),
      contractCost: r.order_cents === null ? null : byClass(cls, r.order_cents),
      supplier: r.ordered_on === null ? null : r.supplier,
      remarks: REMARKS[status],
    };
  });
  const amounts = ([total, mooe, co]: number[]) => ({
    total: toPesos(total ?? 0),
    mooe: toPesos(mooe ?? 0),
    co: toPesos(co ?? 0),
  });
  return {
    year,
    half,
    from,
    to,
    dueOn,
    daysLeft: daysBetween(today, dueOn),
    dueRule: { days: rule.value, source: rule.source, confirmed: rule.confirmed },
    rows: report,
    totals: { abc: amounts(totals.abc), contractCost: amounts(totals.cost) },
    asOf: today,
  };
}
