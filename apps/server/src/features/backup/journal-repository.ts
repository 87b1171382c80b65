// The restore journal's rows in install_state (see RestoreJournal in journal.ts).
import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import type { RestoreJournal } from './journal.ts';

const JOURNAL_ROW = 'restore-journal:';

/** Writes (or rewrites) the journal row of `journal.id` in `db` (the live or the new data). */
export async function writeJournal(
  db: Executor,
  journal: RestoreJournal,
  atIso: string,
): Promise<void> {
  const value = JSON.stringify(journal);
  await db
    .insertInto('install_state')
    .values({ name: JOURNAL_ROW + journal.id, value, updated_at: atIso })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: atIso }))
    .execute();
}

/** The restore `id` is done (or undone). */
export async function removeJournal(db: Executor, id: string): Promise<void> {
  await db
    .deleteFrom('install_state')
    .where('name', '=', JOURNAL_ROW + id)
    .execute();
}

export async function readJournals(db: Executor): Promise<RestoreJournal[]> {
  const rows = await db
    .selectFrom('install_state')
    .select('value')
    .where('name', 'like', `${JOURNAL_ROW}%`)
    .execute();
  return rows.map((r) => JSON.parse(r.value) as RestoreJournal);
}

/** Whether install_state exists yet (start-up runs before the migrations). */
export async function hasInstallState(database: Database): Promise<boolean> {
  const { rows } =
    database.dialect === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from sqlite_master
          where type = 'table' and name = 'install_state'`.execute(database.db)
      : await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
          where table_schema = current_schema() and table_name = 'install_state'`.execute(
          database.db,
        );
  return (rows[0]?.n ?? 0) > 0;
}
