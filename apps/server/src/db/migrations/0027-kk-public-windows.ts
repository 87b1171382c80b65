import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * kk_public_windows: assembly windows of the KK self-profiling form. For the hours of a KK
 * assembly (at most 12) the SK chairperson or secretary opens a link to the barangay's public
 * form; submissions carrying its token are held to the window's own cap (`submissions` counts
 * them) instead of the limit per client address. The token is not stored: it is derived from
 * the row's `nonce` with the installation's secret, so the database alone does not give it.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('kk_public_windows'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('nonce', 'text', notNull)
    .addColumn('starts_at', 'text', notNull)
    .addColumn('ends_at', 'text', notNull)
    .addColumn('closed_at', 'text')
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('opened_at', 'text', notNull)
    .addColumn('closed_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('kk_public_windows_barangay_idx')
    .on('kk_public_windows')
    .columns(['barangay_id', 'ends_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('kk_public_windows').execute();
}
