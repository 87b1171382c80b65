import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The city's review of SK annual budgets: a plan version submitted to its city
 * (one row per plan version; a plan with inoperative items is submitted again as a new version)
 * and the budget officer's findings line by line. The plan's own status is left as it is.
 * Dates are Manila calendar dates (`YYYY-MM-DD`); instants are ISO-8601 UTC.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('plan_submissions'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('budget_plans.id').unique())
    .addColumn('year', 'integer', notNull)
    /** submitted | under_review | reviewed | deemed_operative */
    .addColumn('state', 'text', notNull)
    .addColumn('submitted_at', 'text', notNull)
    .addColumn('submitted_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('submitted_by_name', 'text', notNull)
    /** The Manila date the city received it: the day it was submitted through SK Tanaw. */
    .addColumn('received_on', 'text', notNull)
    .addColumn('started_at', 'text')
    .addColumn('started_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
    .addColumn('decided_by_name', 'text')
    /** operative | operative_with_conditions | items_inoperative (null until decided). */
    .addColumn('outcome', 'text')
    .addColumn('conditions', 'text')
    .addColumn('sanggunian_resolution_number', 'text')
    .addColumn('sanggunian_resolution_date', 'text')
    /** When the no-action outcome was first observed and recorded. */
    .addColumn('deemed_at', 'text')
    .addColumn('version', 'integer', notNull)
    .execute();
  await db.schema
    .createIndex('plan_submissions_barangay_year_idx')
    .on('plan_submissions')
    .columns(['barangay_id', 'year'])
    .execute();

  await withId(db, db.schema.createTable('plan_review_findings'))
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('plan_submissions.id').onDelete('cascade'),
    )
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('sort_order', 'integer', notNull)
    /** The plan line's reference code. */
    .addColumn('line_ref', 'text', notNull)
    .addColumn('inoperative', 'integer', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('rule', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('plan_review_findings_submission_idx')
    .on('plan_review_findings')
    .column('submission_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('plan_review_findings').execute();
  await db.schema.dropTable('plan_submissions').execute();
}
