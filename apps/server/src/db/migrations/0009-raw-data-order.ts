import type { AnyDb } from './helpers.ts';

/**
 * Raw data lists and exports walk a barangay's PPAs in name order (keyset paging on ppa, id):
 * the first index serves that walk without sorting 100,000 rows per page. The second lets the
 * list of years be found from a handful of index probes instead of reading every value.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('raw_ppas_barangay_ppa_idx')
    .on('raw_ppas')
    .columns(['barangay_id', 'ppa', 'id'])
    .execute();
  await db.schema.createIndex('raw_values_year_idx').on('raw_values').column('year').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('raw_values_year_idx').execute();
  await db.schema.dropIndex('raw_ppas_barangay_ppa_idx').execute();
}
