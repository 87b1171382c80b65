import {
  HONORARIA_POSITIONS,
  honorariaReferenceCode,
  type HonorariaPosition,
} from '@sk-tanaw/contract';
import type { Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';

/**
 * The tracker's items come from the budget plans: every line of a year's newest posted plan is a
 * tracked item, keyed by barangay, year and reference code. Budget plans create them when a plan
 * is posted (in the posting transaction) and the tracker makes sure they exist when it is read
 * (plans posted before the tracker existed), so both features share this one function.
 * The plan's honoraria are tracked too: one item per position the schedule pays (see
 * `honorariaReferenceCode`), so the year's items appropriate the plan's whole total.
 */

/** What a posted plan's honoraria schedule appropriates to one position (centavos). */
export interface PositionHonoraria {
  planId: number;
  position: HonorariaPosition;
  /** Every official of the position: monthly rate x months, summed. */
  cents: number;
  officials: number;
}

/**
 * The honoraria per position of the barangay's plans `planIds`, positions in the contract's
 * order; a position whose schedule pays nothing (rate or months 0) has none: nothing to track.
 */
export async function honorariaByPosition(
  db: Executor,
  scope: BarangayScope,
  planIds: readonly number[],
): Promise<PositionHonoraria[]> {
  if (planIds.length === 0) {
    return [];
  }
  const rows = await db
    .selectFrom('budget_plan_honoraria as h')
    .innerJoin('budget_plans as bp', 'bp.id', 'h.plan_id')
    .select(['h.plan_id', 'h.position', 'h.monthly_rate', 'h.months'])
    .where('bp.barangay_id', '=', scope.barangayId)
    .where('h.plan_id', 'in', [...planIds])
    .execute();
  const answer: PositionHonoraria[] = [];
  for (const planId of planIds) {
    for (const position of HONORARIA_POSITIONS) {
      const mine = rows.filter((r) => r.plan_id === planId && r.position === position);
      // The same sum, in centavos, as the plan's honoraria total.
      const cents = mine.reduce((sum, r) => sum + r.monthly_rate * r.months, 0);
      if (cents > 0) {
        answer.push({ planId, position, cents, officials: mine.length });
      }
    }
  }
  return answer;
}

/**
 * The year's operative plan: its newest posted version (the highest amendment ever posted), if
 * any; the one definition of operative-plan-repository.ts, which the other readers share.
 */
export async function newestPostedPlanId(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('budget_plans')
    .select('id')
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .where('posted_at', 'is not', null)
    .orderBy('amendment', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Inserts an item for every line (and honoraria position) of the year's newest posted plan that has none yet (an item
 * already there is kept as it is). Safe to run concurrently: a unique key decides. Returns how
 * many items were created.
 */
export async function ensureTrackedItems(
  db: Executor,
  scope: BarangayScope,
  year: number,
  at: Date,
): Promise<number> {
  const planId = await newestPostedPlanId(db, scope, year);
  if (planId === undefined) {
    return 0;
  }
  const untracked = await db
    .selectFrom('budget_plan_lines as l')
    .select('l.reference_code')
    .where('l.plan_id', '=', planId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('tracker_items as i')
            .select('i.id')
            .where('i.barangay_id', '=', scope.barangayId)
            .where('i.year', '=', year)
            .whereRef('i.reference_code', '=', 'l.reference_code'),
        ),
      ),
    )
    .orderBy('l.sort_order')
    .execute();
  const honorariaCodes = (await honorariaByPosition(db, scope, [planId])).map((h) =>
    honorariaReferenceCode(year, h.position),
  );
  const tracked = new Set(
    honorariaCodes.length === 0
      ? []
      : (
          await db
            .selectFrom('tracker_items')
            .select('reference_code')
            .where('barangay_id', '=', scope.barangayId)
            .where('year', '=', year)
            .where('reference_code', 'in', honorariaCodes)
            .execute()
        ).map((r) => r.reference_code),
  );
  const missing = [
    ...honorariaCodes
      .filter((code) => !tracked.has(code))
      .map((code) => ({ reference_code: code })),
    ...untracked,
  ];
  const stamp = at.toISOString();
  let created = 0;
  // Chunks keep each statement well below the databases' parameter limits.
  for (let start = 0; start < missing.length; start += 200) {
    const result = await db
      .insertInto('tracker_items')
      .values(
        missing.slice(start, start + 200).map((line) => ({
          barangay_id: scope.barangayId,
          year,
          reference_code: line.reference_code,
          status: 'not started' as const,
          planned_start: null,
          planned_end: null,
          actual_start: null,
          actual_end: null,
          accomplishment: '',
          remarks: '',
          version: 1,
          created_at: stamp,
          updated_by: null,
          updated_at: stamp,
        })),
      )
      .onConflict((oc) => oc.columns(['barangay_id', 'year', 'reference_code']).doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

/** The lines of a plan version, as the object guard reads them. */
export async function linesOfVersion(db: Executor, scope: BarangayScope, planId: number) {
  return db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select(['l.reference_code', 'l.ppa', 'l.ps', 'l.mooe', 'l.co', 'l.training', 'l.objects'])
    .where('l.plan_id', '=', planId)
    .where('bp.barangay_id', '=', scope.barangayId)
    .execute();
}
