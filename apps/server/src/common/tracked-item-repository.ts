import type { Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';

/**
 * The tracker's items come from the budget plans: every line of a year's newest posted plan is a
 * tracked item, keyed by barangay, year and reference code. Budget plans create them when a plan
 * is posted (in the posting transaction) and the tracker makes sure they exist when it is read
 * (plans posted before the tracker existed), so both features share this one function.
 */

/** The newest posted version of a year (the highest amendment ever posted), if any. */
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
 * Inserts an item for every line of the year's newest posted plan that has none yet (an item
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
  const missing = await db
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
