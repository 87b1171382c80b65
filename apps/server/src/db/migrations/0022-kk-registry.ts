import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The Katipunan ng Kabataan youth registry (DILG MC No. 2022-033's youth database):
 * - kk_profiles: one youth per row. Personal fields (names, birthday, civil status, e-mail,
 *   contact number, home address) are only ever stored encrypted (AES-256-GCM, RA 10173 s. 20
 *   and NPC Circular No. 2023-06 on the security of personal data): `personal_ct` holds them as
 *   one ciphertext, `birthday_ct` the birthday alone (statistics decrypt only that), both under
 *   the key named by `key_id` (the key lives outside the database and its backups;
 *   features/kk/crypto.ts). `dup_index` is a keyed HMAC of the normalised name and birthday (a
 *   blind index) to find duplicates without storing either in clear. The columns in clear are
 *   the non-identifying ones the statistics count.
 * - kk_officers: the SK official the chairperson designates to the SK secretary's duty (keeper
 *   of the KK records, DILG MC 2022-033), one per barangay, as tracker_officers does for the
 *   Budget Monitoring Officer.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('kk_profiles'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('key_id', 'text', notNull)
    .addColumn('personal_ct', 'text', notNull)
    .addColumn('birthday_ct', 'text', notNull)
    .addColumn('dup_index', 'text', notNull)
    .addColumn('sex', 'text', notNull)
    .addColumn('classification', 'text', notNull)
    .addColumn('specific_needs', 'text')
    .addColumn('education', 'text', notNull)
    .addColumn('work_status', 'text', notNull)
    .addColumn('sk_voter', 'integer', notNull)
    .addColumn('national_voter', 'integer', notNull)
    .addColumn('voted_last_election', 'integer', notNull)
    .addColumn('assemblies_attended', 'integer', notNull)
    /** pending (a public submission not yet verified) or verified. */
    .addColumn('status', 'text', notNull)
    /** encoded, import or public. */
    .addColumn('source', 'text', notNull)
    .addColumn('guardian_consent', 'integer', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('verified_by', 'integer', (c) => c.references('users.id'))
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema
    .createIndex('kk_profiles_barangay_idx')
    .on('kk_profiles')
    .columns(['barangay_id', 'status'])
    .execute();
  await db.schema
    .createIndex('kk_profiles_dup_idx')
    .on('kk_profiles')
    .columns(['barangay_id', 'dup_index'])
    .execute();

  await db.schema
    .createTable('kk_officers')
    .addColumn('barangay_id', 'integer', (c) => c.primaryKey().notNull().references('barangays.id'))
    .addColumn('secretary', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_at', 'text', notNull)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('kk_officers').execute();
  await db.schema.dropTable('kk_profiles').execute();
}
