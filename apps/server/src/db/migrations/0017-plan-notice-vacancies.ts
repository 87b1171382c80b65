import type { AnyDb } from './helpers.ts';

/**
 * The receipts' two documents (DBM-DILG-NYC JMC No. 1 s. 2019, item 3.1.2): the barangay
 * treasurer's written notice of the 10% share (`notice_on`, `notice_by`) besides the city or
 * municipal treasurer's certification of income (`certified_on`, `certified_by`, as before). And
 * each honoraria row's vacancy (DBM LBC No. 148 s. 2022, item 3.1.8 as reported: every position is
 * budgeted, filled or vacant). Plans saved before, and rows restored from an older backup, read as
 * no notice yet and every position filled.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('budget_plans').addColumn('notice_on', 'text').execute();
  await db.schema
    .alterTable('budget_plans')
    .addColumn('notice_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('budget_plan_honoraria')
    .addColumn('vacant', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('budget_plan_honoraria').dropColumn('vacant').execute();
  await db.schema.alterTable('budget_plans').dropColumn('notice_by').execute();
  await db.schema.alterTable('budget_plans').dropColumn('notice_on').execute();
}
