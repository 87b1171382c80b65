import type { AnyDb } from './helpers.ts';

/**
 * A plan line names the objects of expenditure its amounts are charged to: a JSON array of
 * `{ code, amount }` (account code of the chart of accounts, centavos), adding up to the line's
 * PS, MOOE and CO. Null: the line names none (every line saved before), and the annual budget
 * prints it on the residual objects with a warning check; nothing is guessed for it here.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('budget_plan_lines').addColumn('objects', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('budget_plan_lines').dropColumn('objects').execute();
}
