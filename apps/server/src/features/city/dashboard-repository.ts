import { LGU_QUEUE_STATUS } from '@sk-tanaw/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type * as planRepo from '../budget-plans/repository.ts';
import { inCity, type CityPlace } from './repository.ts';

/**
 * The rows the city dashboard is computed from (issue 35 item 4): a fixed number of grouped
 * queries over the active barangays of one city, whatever their number (no query per barangay).
 * Each query joins `barangays` on the city's name instead of sending a list of ids.
 */

export interface CityBarangayRow {
  id: number;
  code: string;
  name: string;
  district: string | null;
}

export interface CityFacts {
  barangays: CityBarangayRow[];
  /** The newest version of each barangay's plan of the year (highest amendment, then version). */
  plans: planRepo.PlanRow[];
  children: planRepo.PlanChildren;
  /** Tracker disbursements of the year's items, centavos, per barangay. */
  disbursed: Map<number, number>;
  /** Proposals "Submitted to LGU" per barangay. */
  waiting: Map<number, number>;
  /** The newest tracker progress per barangay (ISO instant). */
  lastProgress: Map<number, string>;
  /** Per barangay, disbursed (centavos) per centre of its chosen plan's lines; null: GAP. */
  disbursedByCentre: Map<number, Map<string | null, number>>;
}

const num = (value: unknown): number => Number(value ?? 0);

export async function cityFacts(db: Executor, city: CityPlace, year: number): Promise<CityFacts> {
  const [barangays, headers, disbursedRows, waitingRows, progressRows] = await Promise.all([
    db
      .selectFrom('barangays as b')
      .select(['b.id', 'b.code', 'b.name', 'b.district'])
      .where('b.kind', '=', 'barangay')
      .where(inCity('b', city))
      .where('b.is_active', '=', 1)
      .orderBy('b.name_key')
      .orderBy('b.id')
      .execute(),
    db
      .selectFrom('budget_plans as bp')
      .innerJoin('barangays as b', 'b.id', 'bp.barangay_id')
      .selectAll('bp')
      .select(sql<string>`''`.as('updated_by_name'))
      .where('b.kind', '=', 'barangay')
      .where(inCity('b', city))
      .where('b.is_active', '=', 1)
      .where('bp.year', '=', year)
      .where('bp.status', '!=', 'superseded')
      .orderBy('bp.barangay_id')
      .orderBy('bp.amendment', 'desc')
      .orderBy('bp.version', 'desc')
      .orderBy('bp.id', 'desc')
      .execute(),
    db
      .selectFrom('tracker_disbursements as d')
      .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
      .innerJoin('barangays as b', 'b.id', 'd.barangay_id')
      .select(['d.barangay_id', (eb) => eb.fn.sum<string | number>('d.amount_cents').as('cents')])
      .where('b.kind', '=', 'barangay')
      .where(inCity('b', city))
      .where('b.is_active', '=', 1)
      .where('i.year', '=', year)
      .groupBy('d.barangay_id')
      .execute(),
    db
      .selectFrom('projects as p')
      .innerJoin('barangays as b', 'b.id', 'p.barangay_id')
      .select(['p.barangay_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('b.kind', '=', 'barangay')
      .where(inCity('b', city))
      .where('b.is_active', '=', 1)
      .where('p.is_archived', '=', 0)
      .where('p.status', '=', LGU_QUEUE_STATUS)
      .groupBy('p.barangay_id')
      .execute(),
    // The newest of: an item's update, a disbursement recorded, evidence uploaded (the year's).
    db
      .selectFrom('tracker_items as i')
      .innerJoin('barangays as b', 'b.id', 'i.barangay_id')
      .select(['i.barangay_id', (eb) => eb.fn.max('i.updated_at').as('at')])
      .where('b.kind', '=', 'barangay')
      .where(inCity('b', city))
      .where('b.is_active', '=', 1)
      .where('i.year', '=', year)
      .groupBy('i.barangay_id')
      .unionAll((eb) =>
        eb
          .selectFrom('tracker_disbursements as d')
          .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
          .innerJoin('barangays as b', 'b.id', 'd.barangay_id')
          .select(['d.barangay_id', (e) => e.fn.max('d.recorded_at').as('at')])
          .where('b.kind', '=', 'barangay')
          .where(inCity('b', city))
          .where('i.year', '=', year)
          .groupBy('d.barangay_id'),
      )
      .unionAll((eb) =>
        eb
          .selectFrom('tracker_evidence as e')
          .innerJoin('tracker_items as i', 'i.id', 'e.item_id')
          .innerJoin('barangays as b', 'b.id', 'e.barangay_id')
          .select(['e.barangay_id', (x) => x.fn.max('e.uploaded_at').as('at')])
          .where('b.kind', '=', 'barangay')
          .where(inCity('b', city))
          .where('i.year', '=', year)
          .groupBy('e.barangay_id'),
      )
      .execute(),
  ]);
  // The first header of each barangay is its newest version (the ORDER BY above).
  const plans: planRepo.PlanRow[] = [];
  let previous: number | null = null;
  for (const header of headers) {
    if (header.barangay_id !== previous) {
      plans.push(header);
      previous = header.barangay_id;
    }
  }
  const adopted = plans.filter((p) => p.status === 'approved' || p.status === 'posted');
  const [children, byCentre] = await Promise.all([
    planChildrenOf(
      db,
      plans.map((p) => p.id),
    ),
    disbursedByCentre(
      db,
      city,
      year,
      adopted.map((p) => p.id),
    ),
  ]);
  const lastProgress = new Map<number, string>();
  for (const row of progressRows) {
    // A group's MAX is never null (each group has a row).
    const at = row.at;
    const seen = lastProgress.get(row.barangay_id);
    if (seen === undefined || seen < at) {
      lastProgress.set(row.barangay_id, at);
    }
  }
  return {
    barangays,
    plans,
    children,
    disbursed: new Map(disbursedRows.map((r) => [r.barangay_id, num(r.cents)])),
    waiting: new Map(waitingRows.map((r) => [r.barangay_id, num(r.n)])),
    lastProgress,
    disbursedByCentre: byCentre,
  };
}

/**
 * The year's disbursements of the city's tracked items, per barangay, by the centre of their line in the
 * barangay's chosen plan (`planIds`), one grouped query; an item with no such line (an honoraria
 * position) or a line without a centre counts under null (the General Administration Program).
 */
async function disbursedByCentre(
  db: Executor,
  city: CityPlace,
  year: number,
  planIds: readonly number[],
): Promise<Map<number, Map<string | null, number>>> {
  if (planIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .innerJoin('barangays as b', 'b.id', 'd.barangay_id')
    .innerJoin('budget_plans as bp', (join) =>
      join.onRef('bp.barangay_id', '=', 'i.barangay_id').on('bp.id', 'in', [...planIds]),
    )
    .leftJoin('budget_plan_lines as l', (join) =>
      join.onRef('l.plan_id', '=', 'bp.id').onRef('l.reference_code', '=', 'i.reference_code'),
    )
    .select([
      'd.barangay_id',
      'l.centre',
      (eb) => eb.fn.sum<string | number>('d.amount_cents').as('cents'),
    ])
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .where('i.year', '=', year)
    .groupBy(['d.barangay_id', 'l.centre'])
    .execute();
  const out = new Map<number, Map<string | null, number>>();
  for (const r of rows) {
    const mine = out.get(r.barangay_id) ?? new Map<string | null, number>();
    mine.set(r.centre, (mine.get(r.centre) ?? 0) + num(r.cents));
    out.set(r.barangay_id, mine);
  }
  return out;
}

/** Lines, honoraria and other receipts of the chosen plans: three queries in all. */
async function planChildrenOf(
  db: Executor,
  planIds: readonly number[],
): Promise<planRepo.PlanChildren> {
  if (planIds.length === 0) {
    return { lines: [], honoraria: [], otherReceipts: [] };
  }
  const ids = [...planIds];
  const [lines, honoraria, otherReceipts] = await Promise.all([
    db
      .selectFrom('budget_plan_lines')
      .selectAll()
      .where('plan_id', 'in', ids)
      .orderBy('plan_id')
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('budget_plan_honoraria')
      .selectAll()
      .where('plan_id', 'in', ids)
      .orderBy('plan_id')
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('budget_plan_other_receipts')
      .selectAll()
      .where('plan_id', 'in', ids)
      .orderBy('plan_id')
      .orderBy('sort_order')
      .execute(),
  ]);
  return { lines, honoraria, otherReceipts };
}
