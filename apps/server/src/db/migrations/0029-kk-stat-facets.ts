import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

/**
 * What the youth registry's statistics count without decrypting a birthday
 * (features/kk/stats.ts, features/kk/age-facet.ts, features/kk/cell-key.ts):
 * - age_group: the KK age group as of the day it was worked out (15-17, 18-24, 25-30, or
 *   `outside` for under 15 and past 30); regroup_month: the year and month (YYYY-MM) in which
 *   that group next changes, null when it never does (past 30). Together they say no more than
 *   the birthday's year and month, never its day. Left null here: the migration has no key to
 *   read the birthdays with; the statistics fill them from the cipher on their first call
 *   (idempotent: only rows still null, or whose month of change has come, are read).
 * - record_key: the profile's fixed random key of the cell key method (0-255, assigned once,
 *   never shown, never changed by a correction); filled here for existing rows.
 * - stats_rev: a random number set again on every write that changes what the row counts in,
 *   so a process can tell which barangays' counts it holds are stale (the sum per barangay).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('kk_profiles')
    .addColumn('record_key', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('kk_profiles')
    .addColumn('stats_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('kk_profiles').addColumn('age_group', 'text').execute();
  await db.schema.alterTable('kk_profiles').addColumn('regroup_month', 'text').execute();
  const random = isPostgres(db) ? sql`floor(random() * 256)::integer` : sql`abs(random()) % 256`;
  await sql`update kk_profiles set record_key = ${random}`.execute(db);
  await db.schema
    .createIndex('kk_profiles_stats_rev_idx')
    .on('kk_profiles')
    .columns(['barangay_id', 'stats_rev'])
    .execute();
  // The daily regrouping finds the rows not filled yet and those whose month of change has come
  // through these, instead of walking the whole table in one statement.
  await db.schema
    .createIndex('kk_profiles_age_group_idx')
    .on('kk_profiles')
    .column('age_group')
    .execute();
  await db.schema
    .createIndex('kk_profiles_regroup_idx')
    .on('kk_profiles')
    .column('regroup_month')
    .execute();
  // Every column a barangay's statistics group by, so they read the index alone, never the rows
  // (whose ciphertext is most of their size).
  await db.schema
    .createIndex('kk_profiles_stats_idx')
    .on('kk_profiles')
    .columns([
      'barangay_id',
      'status',
      'age_group',
      'sex',
      'classification',
      'education',
      'work_status',
      'sk_voter',
      'national_voter',
      'voted_last_election',
      'assemblies_attended',
      'record_key',
    ])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('kk_profiles_regroup_idx').execute();
  await db.schema.dropIndex('kk_profiles_age_group_idx').execute();
  await db.schema.dropIndex('kk_profiles_stats_idx').execute();
  await db.schema.dropIndex('kk_profiles_stats_rev_idx').execute();
  for (const column of ['regroup_month', 'age_group', 'stats_rev', 'record_key']) {
    await db.schema.alterTable('kk_profiles').dropColumn(column).execute();
  }
}
