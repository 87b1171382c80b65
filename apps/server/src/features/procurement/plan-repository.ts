import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ProcurementPlanApprovalsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/**
 * Reads for the Annual Procurement Plan, the Procurement Monitoring Report and the public
 * board's procurement (plan.ts, monitoring-report.ts, public.ts), and the APP's approvals
 * (migration 0039); each limited to one barangay.
 */

export type ApprovalRow = Selectable<ProcurementPlanApprovalsTable>;

const sum = (value: number | string | null | undefined) => Number(value ?? 0);

/** A posted plan version of the barangay. */
export async function postedPlan(db: Executor, scope: BarangayScope, planId: number) {
  return db
    .selectFrom('budget_plans')
    .select(['id', 'year', 'kind', 'amendment', 'posted_at'])
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', planId)
    .where('posted_at', 'is not', null)
    .executeTakeFirst();
}

export interface PlanLineRow {
  reference_code: string;
  ppa: string;
  description: string;
  responsible: string;
  start_month: number | null;
  end_month: number | null;
  mooe: number;
  co: number;
  objects: string | null;
}

/** The lines of a plan version, in the plan's order. */
export async function planLines(
  db: Executor,
  scope: BarangayScope,
  planId: number,
): Promise<PlanLineRow[]> {
  return db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select([
      'l.reference_code',
      'l.ppa',
      'l.description',
      'l.responsible',
      'l.start_month',
      'l.end_month',
      'l.mooe',
      'l.co',
      'l.objects',
    ])
    .where('l.plan_id', '=', planId)
    .where('bp.barangay_id', '=', scope.barangayId)
    .orderBy('l.sort_order')
    .execute();
}

/** The newest approval of the year's APP, if any. */
export async function latestApproval(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<ApprovalRow | undefined> {
  return db
    .selectFrom('procurement_plan_approvals')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertApproval(db: Executor, values: Omit<ApprovalRow, 'id'>): Promise<void> {
  await db.insertInto('procurement_plan_approvals').values(values).execute();
}

/** Per line (reference code) of a year: requests not cancelled, and orders approved (cents). */
export async function requestedByLine(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<Map<string, { requested: number; ordered: number }>> {
  const requested = await db
    .selectFrom('procurement_requests as r')
    .innerJoin('tracker_items as i', 'i.id', 'r.item_id')
    .select('i.reference_code')
    .select((eb) => eb.fn.sum<number | string | null>('r.total_cents').as('total'))
    .where('r.barangay_id', '=', scope.barangayId)
    .where('r.year', '=', year)
    .where('r.status', '!=', 'cancelled')
    .groupBy('i.reference_code')
    .execute();
  const ordered = await db
    .selectFrom('procurement_orders as o')
    .innerJoin('procurement_requests as r', 'r.id', 'o.request_id')
    .innerJoin('tracker_items as i', 'i.id', 'r.item_id')
    .select('i.reference_code')
    .select((eb) => eb.fn.sum<number | string | null>('o.amount_cents').as('total'))
    .where('o.barangay_id', '=', scope.barangayId)
    .where('r.year', '=', year)
    .groupBy('i.reference_code')
    .execute();
  const answer = new Map<string, { requested: number; ordered: number }>();
  const entry = (code: string) => {
    const found = answer.get(code) ?? { requested: 0, ordered: 0 };
    answer.set(code, found);
    return found;
  };
  for (const r of requested) {
    entry(r.reference_code).requested = sum(r.total);
  }
  for (const r of ordered) {
    entry(r.reference_code).ordered = sum(r.total);
  }
  return answer;
}

export interface MonitoredRow {
  id: number;
  number: string;
  year: number;
  reference_code: string;
  purpose: string;
  expense_class: 'PS' | 'MOOE' | 'CO';
  total_cents: number;
  requested_on: string;
  status: 'requested' | 'ordered' | 'cancelled';
  posting_until: string | null;
  abstract_on: string | null;
  mode: string | null;
  resolution_on: string | null;
  ordered_on: string | null;
  order_cents: number | null;
  /** The awarded supplier's business name (never its TIN nor address). */
  supplier: string | null;
}

/** The requests (not cancelled) made between two days, with their order and its supplier. */
export async function requestsBetween(
  db: Executor,
  scope: BarangayScope,
  from: string,
  to: string,
): Promise<MonitoredRow[]> {
  return db
    .selectFrom('procurement_requests as r')
    .innerJoin('tracker_items as i', 'i.id', 'r.item_id')
    .leftJoin('procurement_orders as o', 'o.request_id', 'r.id')
    .leftJoin('procurement_suppliers as s', 's.id', 'r.award_supplier_id')
    .select([
      'r.id',
      'r.number',
      'r.year',
      'i.reference_code',
      'r.purpose',
      'r.expense_class',
      'r.total_cents',
      'r.requested_on',
      'r.status',
      'r.posting_until',
      'r.abstract_on',
      'r.mode',
      'r.resolution_on',
      'o.ordered_on',
      'o.amount_cents as order_cents',
      's.name as supplier',
    ])
    .where('r.barangay_id', '=', scope.barangayId)
    .where('r.status', '!=', 'cancelled')
    .where('r.requested_on', '>=', from)
    .where('r.requested_on', '<=', to)
    .orderBy('r.requested_on')
    .orderBy('r.id')
    .execute();
}

/** Per request: its last delivery and last inspection and acceptance. */
export async function deliveriesOf(
  db: Executor,
  scope: BarangayScope,
  requestIds: readonly number[],
): Promise<Map<number, { delivered: string; accepted: string }>> {
  if (requestIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('procurement_inspections as n')
    .innerJoin('procurement_orders as o', 'o.id', 'n.order_id')
    .select('o.request_id')
    .select((eb) => [
      eb.fn.max('n.delivered_on').as('delivered'),
      eb.fn.max('n.inspected_on').as('accepted'),
    ])
    .where('n.barangay_id', '=', scope.barangayId)
    .where('o.request_id', 'in', [...requestIds])
    .groupBy('o.request_id')
    .execute();
  return new Map(rows.map((r) => [r.request_id, { delivered: r.delivered, accepted: r.accepted }]));
}

/** The purchase orders of a year, for the public board: supplier by business name only. */
export async function ordersOfYear(db: Executor, scope: BarangayScope, year: number) {
  return db
    .selectFrom('procurement_orders as o')
    .innerJoin('procurement_requests as r', 'r.id', 'o.request_id')
    .innerJoin('procurement_suppliers as s', 's.id', 'o.supplier_id')
    .select([
      'o.number',
      'o.ordered_on',
      'o.amount_cents',
      'r.purpose',
      'r.mode',
      'r.total_cents',
      's.name as supplier',
    ])
    .where('o.barangay_id', '=', scope.barangayId)
    .where('r.year', '=', year)
    .orderBy('o.ordered_on')
    .orderBy('o.id')
    .execute();
}
