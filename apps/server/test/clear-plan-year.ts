import type { AppDb } from '../src/db/database.ts';

/**
 * Removes the year's budget plans of the given barangays with everything that hangs off them:
 * tracker items and their payments, commitments, checkpoints and evidence, submissions to the
 * city and their findings, and the board's posting records. Property tests call it so that
 * every case starts from nothing.
 */
export async function clearPlanYear(
  db: AppDb,
  barangayIds: readonly number[],
  year: number,
): Promise<void> {
  const ids = [...barangayIds];
  const items = db
    .selectFrom('tracker_items')
    .select('id')
    .where('barangay_id', 'in', ids)
    .where('year', '=', year);
  for (const table of [
    'tracker_disbursements',
    'tracker_commitments',
    'tracker_checkpoints',
    'tracker_evidence',
  ] as const) {
    await db.deleteFrom(table).where('item_id', 'in', items).execute();
  }
  await db
    .deleteFrom('tracker_items')
    .where('barangay_id', 'in', ids)
    .where('year', '=', year)
    .execute();
  const submissions = db
    .selectFrom('plan_submissions')
    .select('id')
    .where('barangay_id', 'in', ids)
    .where('year', '=', year);
  await db.deleteFrom('plan_review_findings').where('submission_id', 'in', submissions).execute();
  await db
    .deleteFrom('plan_submissions')
    .where('barangay_id', 'in', ids)
    .where('year', '=', year)
    .execute();
  const plans = db
    .selectFrom('budget_plans')
    .select('id')
    .where('barangay_id', 'in', ids)
    .where('year', '=', year);
  await db
    .updateTable('budget_plans')
    .set({ base_plan_id: null })
    .where('id', 'in', plans)
    .execute();
  // The board's posting records name their plan version.
  await db.deleteFrom('disclosure_postings').where('plan_id', 'in', plans).execute();
  await db
    .deleteFrom('budget_plans')
    .where('barangay_id', 'in', ids)
    .where('year', '=', year)
    .execute();
}
