import type { AnyDb } from './helpers.ts';

/**
 * Values that belong to the installation rather than to a council's data, shared by every server
 * process: the generated signing secret (when JWT_SECRET is not set) and the restore generation.
 * Never backed up; a restore carries the live rows over to the restored data.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('install_state')
    .addColumn('name', 'text', (c) => c.primaryKey().notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('install_state').execute();
}
