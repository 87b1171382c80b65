import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * KK assemblies and the CBYDP:
 * - kk_assemblies: the Katipunan ng Kabataan's assemblies, with how many attended (a count: no
 *   names, which are the encrypted KK registry's) and the minutes PDF in document storage.
 * - cbydp_plans: the three-year Comprehensive Barangay Youth Development Plan, one per barangay
 *   and first year; approved by SK resolution with a KK assembly's concurrence.
 * - cbydp_rows: its rows per centre of participation; the targets and budgets of the three
 *   years (whole centavos) as columns.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('kk_assemblies'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('held_on', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('agenda', 'text', notNull)
    .addColumn('attendance', 'integer', notNull)
    /** The minutes PDF in document storage (generated name), when uploaded. */
    .addColumn('minutes_stored_name', 'text', (c) => c.unique())
    .addColumn('minutes_file_name', 'text')
    .addColumn('minutes_size_bytes', 'integer')
    .addColumn('minutes_sha256', 'text')
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('kk_assemblies_barangay_idx')
    .on('kk_assemblies')
    .columns(['barangay_id', 'held_on'])
    .execute();

  await withId(db, db.schema.createTable('cbydp_plans'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('start_year', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('office_assumed_on', 'text', notNull)
    .addColumn('resolution_number', 'text')
    .addColumn('approved_on', 'text')
    .addColumn('approved_by', 'integer', (c) => c.references('users.id'))
    .addColumn('approved_by_name', 'text')
    .addColumn('assembly_id', 'integer', (c) => c.references('kk_assemblies.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('cbydp_plans_start_unique', ['barangay_id', 'start_year'])
    .execute();

  await withId(db, db.schema.createTable('cbydp_rows'))
    .addColumn('plan_id', 'integer', (c) =>
      c.notNull().references('cbydp_plans.id').onDelete('cascade'),
    )
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('centre', 'text', notNull)
    .addColumn('concern', 'text', notNull)
    .addColumn('objective', 'text', notNull)
    .addColumn('indicator', 'text', notNull)
    .addColumn('target_1', 'text', notNull)
    .addColumn('target_2', 'text', notNull)
    .addColumn('target_3', 'text', notNull)
    .addColumn('ppas', 'text', notNull)
    .addColumn('budget_1', 'bigint', notNull)
    .addColumn('budget_2', 'bigint', notNull)
    .addColumn('budget_3', 'bigint', notNull)
    .addColumn('responsible', 'text', notNull)
    .execute();
  await db.schema.createIndex('cbydp_rows_plan_idx').on('cbydp_rows').column('plan_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('cbydp_rows').execute();
  await db.schema.dropTable('cbydp_plans').execute();
  await db.schema.dropTable('kk_assemblies').execute();
}
