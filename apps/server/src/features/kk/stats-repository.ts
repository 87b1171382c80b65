// The youth registry's statistics in SQL: each barangay's verified members counted per category
// of each table, with the sum of their record keys (the cell key method, cell-key.ts), from the
// clear columns and the age facet alone: no birthday is decrypted here.
import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { AgeFacet } from './age-facet.ts';

/** One counted cell: a table (or `status`: members, pending, pastThirty), a category. */
export interface CellRow {
  t: string;
  k: string;
  n: number;
  s: number;
}

/** As the drivers answer: PostgreSQL gives count and sum as bigint text. */
interface RawCellRow {
  t: string;
  k: string | number;
  n: number | string;
  s: number | string | null;
}

const yesNo = (column: string) => sql.raw(`case when ${column} = 1 then 'Yes' else 'No' end`);

/** The grouped expressions, one per statistics table. */
const GROUPS: [string, ReturnType<typeof sql.raw>][] = [
  ['byAgeGroup', sql.raw('age_group')],
  ['bySex', sql.raw('sex')],
  ['byClassification', sql.raw('classification')],
  ['byEducation', sql.raw('education')],
  ['byWorkStatus', sql.raw('work_status')],
  ['bySkVoter', yesNo('sk_voter')],
  ['byNationalVoter', yesNo('national_voter')],
  ['byVotedLastElection', yesNo('voted_last_election')],
  [
    'byAssemblyAttendance',
    sql.raw(
      "case when assemblies_attended <= 0 then '0' when assemblies_attended <= 2 then '1-2' when assemblies_attended <= 4 then '3-4' else '5+' end",
    ),
  ],
];

const STATUS = sql.raw(
  "case when status <> 'verified' then 'pending' when age_group = 'outside' then 'pastThirty' else 'members' end",
);

/**
 * How many barangays' cells to count at once: PostgreSQL answers on its own connections (four of
 * the pool's ten, so the other requests keep theirs); SQLite answers synchronously, one at a time.
 */
export function countingAtOnce(db: Executor): number {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 4 : 1;
}

/** A barangay's cells (counts and record key sums), one statement of GROUP BYs. */
export async function barangayCells(db: Executor, barangayId: number): Promise<CellRow[]> {
  const members = sql`barangay_id = ${barangayId} and status = 'verified' and age_group <> 'outside'`;
  const parts = GROUPS.map(
    ([table, expr]) =>
      sql`select ${sql.lit(table)} as t, ${expr} as k, count(*) as n, sum(record_key) as s from kk_profiles where ${members} group by ${expr}`,
  );
  parts.push(
    sql`select 'status' as t, ${STATUS} as k, count(*) as n, sum(record_key) as s from kk_profiles where barangay_id = ${barangayId} group by ${STATUS}`,
  );
  const { rows } = await sql<RawCellRow>`${sql.join(parts, sql` union all `)}`.execute(db);
  return rows.map((r) => ({ t: r.t, k: String(r.k), n: Number(r.n), s: Number(r.s ?? 0) }));
}

/**
 * Each barangay's revision (migration 0035: a random number a trigger sets again on every write
 * of one of its profiles), as text to compare; absent: the barangay never had a profile.
 */
export async function statRevisions(
  db: Executor,
  barangayIds: number[],
): Promise<Map<number, string>> {
  const revisions = new Map<number, string>();
  for (let i = 0; i < barangayIds.length; i += REVISION_CHUNK) {
    const rows = await db
      .selectFrom('kk_stat_revisions')
      .select(['barangay_id', 'rev'])
      .where('barangay_id', 'in', barangayIds.slice(i, i + REVISION_CHUNK))
      .execute();
    for (const r of rows) {
      revisions.set(r.barangay_id, String(r.rev));
    }
  }
  return revisions;
}

/** Barangays whose revisions one statement reads (a city of 1,000 barangays: two statements). */
const REVISION_CHUNK = 500;

export interface FacetRow {
  id: number;
  key_id: string;
  birthday_ct: string;
  age_group: string | null;
  regroup_month: string | null;
}

/**
 * Rows whose age facet is missing (`unfilled`) or whose month of change has come (`due`; `month`:
 * YYYY-MM), after `after` by id. One condition per statement, each read through its own index
 * (migration 0029): an OR of the two walked the whole table in one statement, blocking the event
 * loop for most of a second at 300,000 profiles (bench/kk.bench.ts).
 */
export async function rowsToRegroup(
  db: Executor,
  which: 'unfilled' | 'due',
  month: string,
  after: number,
  limit: number,
): Promise<FacetRow[]> {
  return db
    .selectFrom('kk_profiles')
    .select(['id', 'key_id', 'birthday_ct', 'age_group', 'regroup_month'])
    .where('id', '>', after)
    .where((eb) =>
      which === 'unfilled' ? eb('age_group', 'is', null) : eb('regroup_month', '<=', month),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A row's new age facet, with a new revision (its barangay's counts change). */
export async function setFacet(
  db: Executor,
  id: number,
  facet: AgeFacet,
  rev: number,
): Promise<void> {
  await db
    .updateTable('kk_profiles')
    .set({ ...facet, stats_rev: rev })
    .where('id', '=', id)
    .execute();
}
