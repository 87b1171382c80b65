import { sql } from 'kysely';
import { isPostgres, makeAppendOnly, notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The chairperson's approvals of the Annual Procurement Plan (features/procurement/plan.ts;
 * contract procurement-plan.ts). The APP itself is not stored: it is built from the lines of the
 * year's newest posted plan version. An approval names that version (`plan_id`): when a later
 * version is posted the APP changes and waits for a new approval, and the public board keeps
 * showing the version approved. Append-only: the newest approval of a year holds.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('procurement_plan_approvals'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('year', 'integer', notNull)
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('budget_plans.id'))
    .addColumn('approved_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('approved_by_name', 'text', notNull)
    .addColumn('approved_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('procurement_plan_approvals_year_idx')
    .on('procurement_plan_approvals')
    .columns(['barangay_id', 'year'])
    .execute();
  await makeAppendOnly(db, 'procurement_plan_approvals');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('procurement_plan_approvals').execute();
  if (isPostgres(db)) {
    await sql.raw('drop function if exists procurement_plan_approvals_append_only()').execute(db);
  }
}
