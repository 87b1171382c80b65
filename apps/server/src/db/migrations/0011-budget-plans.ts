import { sql } from 'kysely';
import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * Budget plans: the council's ABYIP and SK annual budget per fiscal year, versioned (an approved
 * plan changes only through a new version), with the statutory rules they are checked against.
 * Amounts are whole centavos (bigint), so sums and caps are exact to the centavo.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('budget_rules'))
    .addColumn('rule_key', 'text', notNull)
    /** A fraction: 0.25 is 25%. */
    .addColumn('value', 'double precision', notNull)
    .addColumn('effective_year', 'integer', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addUniqueConstraint('budget_rules_rule_year_unique', ['rule_key', 'effective_year'])
    .execute();
  // The rows are reference data (db/seed.ts `BUDGET_RULES`), written at every start like the
  // barangays and roles: rows a migration wrote would collide with a backup's rows on restore.

  await withId(db, db.schema.createTable('budget_plans'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('year', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    /** Optimistic concurrency: every change adds one; a save names the version it started from. */
    .addColumn('version', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('amendment', 'integer', notNull)
    .addColumn('base_plan_id', 'integer', (c) => c.references('budget_plans.id'))
    .addColumn('ten_percent_share', 'bigint', notNull)
    .addColumn('certified_on', 'text')
    .addColumn('certified_by', 'text', notNull)
    .addColumn('resolution_number', 'text')
    .addColumn('approved_on', 'text')
    .addColumn('approved_by', 'integer', (c) => c.references('users.id'))
    .addColumn('approved_by_name', 'text')
    .addColumn('approved_at', 'text')
    /** The signed resolution PDF in document storage (generated name), when one was uploaded. */
    .addColumn('resolution_stored_name', 'text', (c) => c.unique())
    .addColumn('resolution_file_name', 'text')
    .addColumn('resolution_size_bytes', 'integer')
    .addColumn('resolution_sha256', 'text')
    .addColumn('posted_at', 'text')
    .addColumn('posted_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('budget_plans_amendment_unique', ['barangay_id', 'year', 'amendment'])
    .execute();
  // At most one draft per barangay and year (the service checks first, inside its transaction).
  await db.schema
    .createIndex('budget_plans_one_draft_idx')
    .unique()
    .on('budget_plans')
    .columns(['barangay_id', 'year'])
    .where(sql.ref('status'), '=', sql.lit('draft'))
    .execute();

  await withId(db, db.schema.createTable('budget_plan_lines'))
    .addColumn('plan_id', 'integer', (c) =>
      c.notNull().references('budget_plans.id').onDelete('cascade'),
    )
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('program', 'text', notNull)
    .addColumn('centre', 'text')
    .addColumn('reference_code', 'text', notNull)
    .addColumn('ppa', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('expected_result', 'text', notNull)
    .addColumn('performance_indicator', 'text', notNull)
    .addColumn('start_month', 'integer')
    .addColumn('end_month', 'integer')
    .addColumn('responsible', 'text', notNull)
    .addColumn('ps', 'bigint', notNull)
    .addColumn('mooe', 'bigint', notNull)
    .addColumn('co', 'bigint', notNull)
    .addColumn('training', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_id', 'integer', (c) => c.references('projects.id'))
    .addUniqueConstraint('budget_plan_lines_reference_unique', ['plan_id', 'reference_code'])
    .execute();

  await withId(db, db.schema.createTable('budget_plan_honoraria'))
    .addColumn('plan_id', 'integer', (c) =>
      c.notNull().references('budget_plans.id').onDelete('cascade'),
    )
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('position', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('monthly_rate', 'bigint', notNull)
    .addColumn('months', 'integer', notNull)
    .execute();
  await db.schema
    .createIndex('budget_plan_honoraria_plan_idx')
    .on('budget_plan_honoraria')
    .column('plan_id')
    .execute();

  await withId(db, db.schema.createTable('budget_plan_other_receipts'))
    .addColumn('plan_id', 'integer', (c) =>
      c.notNull().references('budget_plans.id').onDelete('cascade'),
    )
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('label', 'text', notNull)
    .addColumn('amount', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('budget_plan_other_receipts_plan_idx')
    .on('budget_plan_other_receipts')
    .column('plan_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'budget_plan_other_receipts',
    'budget_plan_honoraria',
    'budget_plan_lines',
    'budget_plans',
    'budget_rules',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
