import type { AnyDb } from './helpers.ts';

/**
 * Projects get a budget category (beyond the spec), so proposals can be analysed together with
 * the raw budget data: chosen on the propose form, or inferred from the title and description by
 * keywords (then `category_inferred` is 1).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('projects').addColumn('category', 'text').execute();
  await db.schema
    .alterTable('projects')
    .addColumn('category_inferred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('category_inferred').execute();
  await db.schema.alterTable('projects').dropColumn('category').execute();
}
