import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * Raw budget data, normalised: one row per PPA (program, project or activity) of a barangay, and
 * one row per PPA and year with its target (free text) and budget (pesos). `data_version` per
 * barangay counts every change, so forecasts and analyses cached on it go stale on upload.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('raw_ppas'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('ppa', 'text', notNull)
    .addColumn('category', 'text', notNull)
    .addColumn('committee', 'text', notNull)
    /** Lower-cased, space-folded `ppa|category|committee`: the identity a re-upload matches on. */
    .addColumn('ppa_key', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('raw_ppas_key_unique', ['barangay_id', 'ppa_key'])
    .execute();
  await db.schema
    .createIndex('raw_ppas_barangay_category_idx')
    .on('raw_ppas')
    .columns(['barangay_id', 'category'])
    .execute();
  await db.schema
    .createIndex('raw_ppas_barangay_committee_idx')
    .on('raw_ppas')
    .columns(['barangay_id', 'committee'])
    .execute();

  await db.schema
    .createTable('raw_values')
    .addColumn('ppa_id', 'integer', (c) =>
      c.notNull().references('raw_ppas.id').onDelete('cascade'),
    )
    .addColumn('year', 'integer', notNull)
    .addColumn('target', 'text')
    /** Pesos, centavos kept; null when the year has a target but no budget. */
    .addColumn('budget', 'double precision')
    .addPrimaryKeyConstraint('raw_values_pk', ['ppa_id', 'year'])
    .execute();

  await db.schema
    .createTable('raw_data_versions')
    .addColumn('barangay_id', 'integer', (c) => c.primaryKey().references('barangays.id'))
    .addColumn('version', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['raw_data_versions', 'raw_values', 'raw_ppas']) {
    await db.schema.dropTable(table).execute();
  }
}
