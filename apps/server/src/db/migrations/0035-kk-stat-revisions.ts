import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

/**
 * Each barangay's statistics revision, kept by the database itself: a random number set again by
 * a trigger on every insert, update or delete of one of its youth profiles (features/kk/stats.ts
 * keeps a barangay's counts in memory while its revision stays the same). Until now a request
 * worked the revisions out by summing `stats_rev` over the city's profiles: on PostgreSQL, with
 * 300,000 profiles, that aggregate alone took about 300 ms a request (bench/kk.bench.ts); reading
 * 142 rows takes a millisecond. A trigger, not the application, so no write path can forget it.
 * Random rather than a counter: a restored backup or a second process can never present an old
 * number for new contents. Restores load with user triggers off and copy this table as it was.
 */
const BIG = '9007199254740991';
const SQLITE_REV = `abs(random()) % ${BIG}`;
const PG_REV = `floor(random() * ${BIG})::bigint`;

function sqliteBump(row: 'new' | 'old'): string {
  return `insert into kk_stat_revisions (barangay_id, rev) values (${row}.barangay_id, ${SQLITE_REV})
    on conflict (barangay_id) do update set rev = excluded.rev;`;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('kk_stat_revisions')
    .addColumn('barangay_id', 'integer', (c) => c.primaryKey().references('barangays.id'))
    .addColumn('rev', 'bigint', (c) => c.notNull())
    .execute();
  const rev = isPostgres(db) ? PG_REV : SQLITE_REV;
  await sql
    .raw(
      `insert into kk_stat_revisions (barangay_id, rev)
       select barangay_id, ${rev} from kk_profiles group by barangay_id`,
    )
    .execute(db);
  if (isPostgres(db)) {
    await sql
      .raw(
        `create or replace function kk_stat_revision_bump() returns trigger language plpgsql as $$
         begin
           if tg_op <> 'INSERT' then
             insert into kk_stat_revisions (barangay_id, rev) values (old.barangay_id, ${PG_REV})
             on conflict (barangay_id) do update set rev = excluded.rev;
           end if;
           if tg_op <> 'DELETE' then
             insert into kk_stat_revisions (barangay_id, rev) values (new.barangay_id, ${PG_REV})
             on conflict (barangay_id) do update set rev = excluded.rev;
           end if;
           return null;
         end; $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger kk_stat_revision_bump after insert or update or delete on kk_profiles
         for each row execute function kk_stat_revision_bump()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger kk_stat_revision_insert after insert on kk_profiles begin ${sqliteBump('new')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger kk_stat_revision_update after update on kk_profiles begin ${sqliteBump('old')} ${sqliteBump('new')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger kk_stat_revision_delete after delete on kk_profiles begin ${sqliteBump('old')} end`,
      )
      .execute(db);
  }
  // The sum of `stats_rev` per barangay is no longer read: its index only slowed every write.
  await db.schema.dropIndex('kk_profiles_stats_rev_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger kk_stat_revision_bump on kk_profiles').execute(db);
    await sql.raw('drop function kk_stat_revision_bump()').execute(db);
  } else {
    for (const op of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger kk_stat_revision_${op}`).execute(db);
    }
  }
  await db.schema.dropTable('kk_stat_revisions').execute();
  await db.schema
    .createIndex('kk_profiles_stats_rev_idx')
    .on('kk_profiles')
    .columns(['barangay_id', 'stats_rev'])
    .execute();
}
