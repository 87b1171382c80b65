import type { AnyDb } from './helpers.ts';

/**
 * A commitment names the object of expenditure it obligates (an account code of the chart of
 * accounts), so that the Registry of Budget, Commitments, Payments and Balances can be kept by
 * object as the COA handbook has it. Null: a commitment recorded before, or one that names none;
 * the registry charges it to the line's only object of its class, else to the class's residual
 * object (features/tracker/registry-objects.ts), and nothing is guessed for it here.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tracker_commitments').addColumn('object_code', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tracker_commitments').dropColumn('object_code').execute();
}
