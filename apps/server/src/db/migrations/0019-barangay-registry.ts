import type { AnyDb } from './helpers.ts';

/**
 * The barangay registry: each barangay carries its PSGC code, city or municipality,
 * province, region and (optional) district, a folded name for sign-in and search (`name_key`:
 * no accents, lower case, single spaces) and whether the installation serves it (`is_active`:
 * an inactive one cannot be signed into and is hidden from pickers; its data stays).
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of ['psgc', 'city', 'province', 'region', 'district']) {
    await db.schema.alterTable('barangays').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('barangays')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('barangays')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The existing rows' folded names, written the way lib/psgc.ts foldName writes them (this
  // migration must not import today's code).
  const rows = await db.selectFrom('barangays').select(['id', 'name']).execute();
  for (const row of rows as { id: number; name: string }[]) {
    const key = row.name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLowerCase();
    await db.updateTable('barangays').set({ name_key: key }).where('id', '=', row.id).execute();
  }
  await db.schema
    .createIndex('barangays_psgc_unique')
    .on('barangays')
    .column('psgc')
    .unique()
    .execute();
  await db.schema
    .createIndex('barangays_name_key_idx')
    .on('barangays')
    .columns(['name_key', 'city'])
    .execute();
  await db.schema.createIndex('barangays_city_idx').on('barangays').column('city').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('barangays_city_idx').execute();
  await db.schema.dropIndex('barangays_name_key_idx').execute();
  await db.schema.dropIndex('barangays_psgc_unique').execute();
  for (const column of [
    'is_active',
    'name_key',
    'district',
    'region',
    'province',
    'city',
    'psgc',
  ]) {
    await db.schema.alterTable('barangays').dropColumn(column).execute();
  }
}
