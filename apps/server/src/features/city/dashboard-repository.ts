import { LGU_QUEUE_STATUS } from '@sk-tanaw/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type * as planRepo from '../budget-plans/repository.ts';
import { chooseVersions } from '../../common/operative-plan-repository.ts';
import { inCity, servedBarangays, type CityPlace } from './repository.ts';

/**
 * The rows the city dashboard is computed from: a fixed number of grouped
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
  /** Each barangay's operative plan of the year, else its newest version in the works. */
  plans: planRepo.PlanRow[];
  /** A newer amendment in the works (draft, or approved and not yet posted), per barangay. */
  inProgress: Map<number, planRepo.PlanRow>;
  children: planRepo.PlanChildren;
  /** Tracker disbursements of the year's items, centavos, per barangay. */
  disbursed: Map<number, number>;
  /** Proposals "Submitted to LGU" per barangay. */
  waiting: Map<number, number>;
  /** Lines the city declared inoperative (closed to new spending), per barangay. */
  inoperative: Map<number, number>;
  /** The newest tracker progress per barangay (ISO instant). */
  lastProgress: Map<number, string>;
  /** Per barangay, disbursed (centavos) per centre of its chosen plan's lines; null: GAP. */
  disbursedByCentre: Map<number, Map<string | null, number>>;
}

const num = (value: unknown): number => Number(value ?? 0);

export async function cityFacts(db: Executor, city: CityPlace, year: number): Promise<CityFacts> {
  const [barangays, headers, disbursedRows, waitingRows, progressRows, closedRows] =
    await Promise.all([
      servedBarangays(db, city),
      db
        .selectFrom('budget_plans as bp')
        .innerJoin('barangays as b', 'b.id', 'bp.barangay_id')
        .selectAll('bp')
        .select(sql<string>`''`.as('updated_by_name'))
        .where('b.kind', '=', 'barangay')
        .where(inCity('b', city))
        .where('b.is_active', '=', 1)
        .where('bp.year', '=', year)
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
        // Payments only: a voucher not yet paid is no disbursement (books.ts).
        .where('d.status', '=', 'paid')
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
      // Lines declared inoperative by the newest concluded review of the year (the tracker's
      // rule, common/inoperative-lines.ts), counted per barangay in one grouped query.
      db
        .selectFrom('plan_review_findings as f')
        .innerJoin('plan_submissions as s', 's.id', 'f.submission_id')
        .innerJoin('budget_plans as sp', 'sp.id', 's.plan_id')
        .innerJoin('barangays as b', 'b.id', 's.barangay_id')
        .select(['s.barangay_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('b.kind', '=', 'barangay')
        .where(inCity('b', city))
        .where('b.is_active', '=', 1)
        .where('s.year', '=', year)
        .where('s.outcome', '=', 'items_inoperative')
        .where('f.inoperative', '=', 1)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('plan_submissions as later')
                .innerJoin('budget_plans as lp', 'lp.id', 'later.plan_id')
                .select('later.id')
                .whereRef('later.barangay_id', '=', 's.barangay_id')
                .whereRef('later.year', '=', 's.year')
                .where((x) =>
                  x.or([
                    x('later.decided_at', 'is not', null),
                    x('later.deemed_at', 'is not', null),
                  ]),
                )
                .where((x) =>
                  x.or([
                    x('lp.amendment', '>', x.ref('sp.amendment')),
                    x.and([
                      x('lp.amendment', '=', x.ref('sp.amendment')),
                      x('later.id', '>', x.ref('s.id')),
                    ]),
                  ]),
                ),
            ),
          ),
        )
        .groupBy('s.barangay_id')
        .execute(),
    ]);
  // Each barangay's versions come newest first (the ORDER BY above): its operative plan is
  // shown, an amendment in the works beside it (common/operative-plan-repository.ts).
  const byBarangay = new Map<number, planRepo.PlanRow[]>();
  for (const header of headers) {
    const versions = byBarangay.get(header.barangay_id) ?? [];
    versions.push(header);
    byBarangay.set(header.barangay_id, versions);
  }
  const plans: planRepo.PlanRow[] = [];
  const inProgress = new Map<number, planRepo.PlanRow>();
  for (const [barangayId, versions] of byBarangay) {
    const chosen = chooseVersions(versions);
    if (chosen.shown) {
      plans.push(chosen.shown);
    }
    if (chosen.inProgress) {
      inProgress.set(barangayId, chosen.inProgress);
    }
  }
  const adopted = plans.filter((p) => p.status === 'approved' || p.status === 'posted');
  const [children, byItem] = await Promise.all([
    planChildrenOf(
      db,
      plans.map((p) => p.id),
    ),
    adopted.length === 0 ? Promise.resolve([]) : disbursedByItem(db, city, year),
  ]);
  const byCentre = centresOf(adopted, children.lines, byItem);
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
    inProgress,
    children,
    disbursed: new Map(disbursedRows.map((r) => [r.barangay_id, num(r.cents)])),
    waiting: new Map(waitingRows.map((r) => [r.barangay_id, num(r.n)])),
    inoperative: new Map(closedRows.map((r) => [r.barangay_id, num(r.n)])),
    lastProgress,
    disbursedByCentre: byCentre,
  };
}

/**
 * The year's disbursements of the city's tracked items, per barangay and item reference, one
 * grouped query (centavos). Joined to the plans' lines in `centresOf`, not in SQL: on PostgreSQL
 * the join with a 1,400-plan list took 0.4 s of the 1,400-barangay dashboard.
 */
async function disbursedByItem(db: Executor, city: CityPlace, year: number) {
  const rows = await db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .innerJoin('barangays as b', 'b.id', 'd.barangay_id')
    .select([
      'd.barangay_id',
      'i.reference_code',
      (eb) => eb.fn.sum<string | number>('d.amount_cents').as('cents'),
    ])
    .where('d.status', '=', 'paid')
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .where('i.year', '=', year)
    .groupBy(['d.barangay_id', 'i.reference_code'])
    .execute();
  return rows.map((r) => ({
    barangayId: r.barangay_id,
    reference: r.reference_code,
    cents: num(r.cents),
  }));
}

/**
 * Per barangay with an adopted plan (`adopted`), disbursed centavos by the centre of that plan's
 * line the item tracks; an item with no such line (an honoraria position) or a line without a
 * centre counts under null (the General Administration Program).
 */
function centresOf(
  adopted: readonly planRepo.PlanRow[],
  lines: planRepo.PlanChildren['lines'],
  byItem: readonly { barangayId: number; reference: string; cents: number }[],
): Map<number, Map<string | null, number>> {
  const planOf = new Map(adopted.map((p) => [p.barangay_id, p.id]));
  const centreOf = new Map<number, Map<string, string | null>>();
  for (const line of lines) {
    const mine = centreOf.get(line.plan_id) ?? new Map<string, string | null>();
    if (!mine.has(line.reference_code)) {
      mine.set(line.reference_code, line.centre);
    }
    centreOf.set(line.plan_id, mine);
  }
  const out = new Map<number, Map<string | null, number>>();
  for (const row of byItem) {
    const plan = planOf.get(row.barangayId);
    if (plan === undefined) {
      continue;
    }
    const centre = centreOf.get(plan)?.get(row.reference) ?? null;
    const mine = out.get(row.barangayId) ?? new Map<string | null, number>();
    mine.set(centre, (mine.get(centre) ?? 0) + row.cents);
    out.set(row.barangayId, mine);
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

/**
 * The plan year the dashboard opens on when none is asked for: the year of the newest budget
 * submitted to the city that is still waiting for its review (the budget officer's work of the
 * moment), else the year of the newest submission; `fallback` (this Manila year) when the
 * city's barangays have submitted none. Budgets are submitted in the last months of a year for
 * the next, so a fixed "this year" opened on a year without them.
 */
export async function dashboardYear(
  db: Executor,
  city: CityPlace,
  fallback: number,
): Promise<number> {
  const submissions = db
    .selectFrom('plan_submissions as s')
    .innerJoin('barangays as b', 'b.id', 's.barangay_id')
    .select('s.year')
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(1);
  const waiting = await submissions
    .where('s.state', 'in', ['submitted', 'under_review'])
    .executeTakeFirst();
  if (waiting) {
    return waiting.year;
  }
  const newest = await submissions.executeTakeFirst();
  return newest?.year ?? fallback;
}
