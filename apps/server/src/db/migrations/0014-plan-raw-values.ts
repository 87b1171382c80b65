import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/**
 * The appropriations of each year's newest posted budget plan count as that year's raw budget
 * data (common/plan-raw-values.ts writes them). A value the plan supplies is marked
 * `raw_values.from_plan = 1` (an import writes 0, so an imported value is never mistaken for the
 * plan's); `raw_ppas.plan_years` lists a PPA's years that come from the plan (comma list, null when
 * none) for the table and the exports, and its partial index finds a barangay's plan-holding PPAs
 * without reading the rest. Both defaults cost nothing on existing rows.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('raw_values')
    .addColumn('from_plan', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('raw_ppas').addColumn('plan_years', 'text').execute();
  await db.schema
    .createIndex('raw_ppas_plan_idx')
    .on('raw_ppas')
    .column('barangay_id')
    .where(sql.ref('plan_years'), 'is not', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('raw_ppas_plan_idx').execute();
  await db.schema.alterTable('raw_ppas').dropColumn('plan_years').execute();
  await db.schema.alterTable('raw_values').dropColumn('from_plan').execute();
}
