import type { AnyDb } from './helpers.ts';

/**
 * City accounts: a city or municipality is a row of `barangays` too, of kind
 * `city` (every other row is of kind `barangay`). The city's own users (the city administrator,
 * youth development officer, budget officer, SK Federation president) belong to that row, so
 * their sessions, audit entries and sign-in limits key on a tenant like everyone else's, and
 * they sign in with the city's name ("Quezon City"). Pickers, the directory, `GET
 * /api/barangays` and the barangays commands list only rows of kind `barangay`.
 *
 * `password_reset_codes.purpose`: `recovery` (the spec's forgot-password codes, every row so far)
 * or `onboarding` (the one-time link a city administrator's new barangay administrator gets to
 * set a first password).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('barangays')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('barangay'))
    .execute();
  await db.schema
    .createIndex('barangays_kind_city_idx')
    .on('barangays')
    .columns(['kind', 'city'])
    .execute();
  await db.schema
    .alterTable('password_reset_codes')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('recovery'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('password_reset_codes').dropColumn('purpose').execute();
  await db.schema.dropIndex('barangays_kind_city_idx').execute();
  await db.schema.alterTable('barangays').dropColumn('kind').execute();
}
