import type SQLite from 'better-sqlite3';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { RawDataFilter, RawDataSort } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { bumpRawDataVersion } from '../../common/raw-data-version-repository.ts';
import { packValues, packedFromValues } from '../../common/raw-ppa-rows.ts';
import type { ParsedPpa } from './csv-import.ts';

export { packValues };

export interface PpaRow {
  id: number;
  ppa: string;
  category: string;
  committee: string;
}

export interface ValueRow {
  ppa_id: number;
  year: number;
  target: string | null;
  budget: number | null;
}

/** A stored value, and whether it is the posted budget plan's (1) or imported (0). */
export interface ReadValueRow extends ValueRow {
  from_plan: number;
}

// Every function that reads or writes a barangay's raw data takes the caller's BarangayScope and
// puts it in the WHERE (or, for inserts, in the row).

/** `%text%` for LIKE with the wildcards of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filters on `raw_ppas` (alias `p`), always inside the caller's barangay. */
function whereFilter(scope: BarangayScope, filter: RawDataFilter) {
  return (eb: ExpressionBuilder<DB & { p: DB['raw_ppas'] }, 'p'>) => {
    const conditions = [eb('p.barangay_id', '=', scope.barangayId)];
    if (filter.ppa) {
      conditions.push(
        eb(sql`lower(p.ppa)`, 'like', sql<string>`${containsPattern(filter.ppa)} escape '\\'`),
      );
    }
    if (filter.committee) {
      conditions.push(eb('p.committee', '=', filter.committee));
    }
    if (filter.category) {
      conditions.push(eb('p.category', '=', filter.category));
    }
    return eb.and(conditions);
  };
}

function filteredPpas(db: Executor, scope: BarangayScope, filter: RawDataFilter) {
  return db.selectFrom('raw_ppas as p').where(whereFilter(scope, filter));
}

/** Count of matching PPAs and their distinct categories and committees. */
export async function countRawData(
  db: Executor,
  scope: BarangayScope,
  filter: RawDataFilter,
): Promise<{ total: number; categories: number; committees: number }> {
  const row = await filteredPpas(db, scope, filter)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .count<number>(sql`distinct case when p.category <> '' then p.category end`)
        .as('categories'),
      eb.fn
        .count<number>(sql`distinct case when p.committee <> '' then p.committee end`)
        .as('committees'),
    ])
    .executeTakeFirstOrThrow();
  return { total: row.total, categories: row.categories, committees: row.committees };
}

/**
 * Years that have a value among the matching PPAs, ascending. The installation's distinct years
 * come from the year index (a few dozen at most); each is then probed for a matching PPA, which
 * stops at the first hit instead of reading every value of the barangay.
 */
export async function yearsOf(
  db: Executor,
  scope: BarangayScope,
  filter: RawDataFilter,
): Promise<number[]> {
  const candidates = await db
    .selectFrom('raw_values')
    .select('year')
    .distinct()
    .orderBy('year')
    .execute();
  const years: number[] = [];
  for (const { year } of candidates) {
    const hit = await db
      .selectFrom('raw_values as v')
      .innerJoin('raw_ppas as p', 'p.id', 'v.ppa_id')
      .where('v.year', '=', year)
      .where(whereFilter(scope, filter))
      .select('v.ppa_id')
      .limit(1)
      .executeTakeFirst();
    if (hit) {
      years.push(year);
    }
  }
  return years;
}

function sorted<O>(
  query: SelectQueryBuilder<DB & { p: DB['raw_ppas'] }, 'p', O>,
  sort: RawDataSort,
) {
  const column = sort.replace(/^-/, '') as 'ppa' | 'category' | 'committee';
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  let ordered = query.orderBy(`p.${column}`, direction);
  if (column !== 'ppa') {
    ordered = ordered.orderBy('p.ppa', 'asc');
  }
  return ordered.orderBy('p.id', direction);
}

/** Matching PPAs in order; one page when `limit` is given. */
export async function listPpas(
  db: Executor,
  scope: BarangayScope,
  filter: RawDataFilter,
  sort: RawDataSort,
  page?: { limit: number; offset: number },
): Promise<PpaRow[]> {
  let query = sorted(
    filteredPpas(db, scope, filter).select(['p.id', 'p.ppa', 'p.category', 'p.committee']),
    sort,
  );
  if (page) {
    query = query.limit(page.limit).offset(page.offset);
  }
  return query.execute();
}

export interface PpaWithValues extends PpaRow {
  /** The PPA's values as stored in `raw_ppas.values_packed` (see `packValues`). */
  packed: string | null;
  /** Its years whose values come from the posted budget plan (comma list), or null. */
  plan_years: string | null;
}

/**
 * The next chunk of matching PPAs after `after`, in PPA order (keyset paging for exports), each
 * with its values packed in one text: one row per PPA, nothing aggregated at export time.
 */
export async function ppasWithValuesAfter(
  db: Executor,
  scope: BarangayScope,
  filter: RawDataFilter,
  after: { ppa: string; id: number } | null,
  limit: number,
): Promise<PpaWithValues[]> {
  let query = filteredPpas(db, scope, filter).select([
    'p.id',
    'p.ppa',
    'p.category',
    'p.committee',
    'p.values_packed as packed',
    'p.plan_years',
  ]);
  if (after) {
    // A row-value comparison: the index range starts right after `after` (an OR of the two
    // conditions made every chunk walk the index from the barangay's first PPA).
    query = query.where((eb) =>
      eb(eb.refTuple('p.ppa', 'p.id'), '>', eb.tuple(after.ppa, after.id)),
    );
  }
  return query.orderBy('p.ppa').orderBy('p.id').limit(limit).execute();
}

const ID_CHUNK = 1000;

/** Values of the given PPAs of the barangay (another barangay's PPA ids find nothing). */
export async function valuesOf(
  db: Executor,
  scope: BarangayScope,
  ppaIds: readonly number[],
): Promise<ReadValueRow[]> {
  const out: ReadValueRow[] = [];
  for (let i = 0; i < ppaIds.length; i += ID_CHUNK) {
    const ids = ppaIds.slice(i, i + ID_CHUNK);
    const rows = await db
      .selectFrom('raw_values as v')
      .innerJoin('raw_ppas as p', 'p.id', 'v.ppa_id')
      .where('v.ppa_id', 'in', ids)
      .where('p.barangay_id', '=', scope.barangayId)
      .select(['v.ppa_id', 'v.year', 'v.target', 'v.budget', 'v.from_plan'])
      .execute();
    out.push(...rows);
  }
  return out;
}

/** Values of every matching PPA, in one query (the unpaged answer). */
export async function valuesMatching(
  db: Executor,
  scope: BarangayScope,
  filter: RawDataFilter,
): Promise<ReadValueRow[]> {
  return db
    .selectFrom('raw_values as v')
    .innerJoin('raw_ppas as p', 'p.id', 'v.ppa_id')
    .where(whereFilter(scope, filter))
    .select(['v.ppa_id', 'v.year', 'v.target', 'v.budget', 'v.from_plan'])
    .execute();
}

/** How many values of the matching PPAs come from the posted budget plan. */
export async function planValueCount(
  db: Executor,
  scope: BarangayScope,
  filter: RawDataFilter,
): Promise<number> {
  const rows = await filteredPpas(db, scope, filter)
    .where('p.plan_years', 'is not', null)
    .select('p.plan_years')
    .execute();
  return rows.reduce((sum, r) => sum + (r.plan_years ?? '').split(',').length, 0);
}

/** Sorted distinct non-empty categories and committees of a barangay. */
export async function options(
  db: Executor,
  scope: BarangayScope,
): Promise<{ categories: string[]; committees: string[] }> {
  const distinct = async (column: 'category' | 'committee') =>
    (
      await db
        .selectFrom('raw_ppas')
        .where('barangay_id', '=', scope.barangayId)
        .where(column, '<>', '')
        .select(column)
        .distinct()
        .orderBy(column)
        .execute()
    ).map((r) => r[column]);
  return { categories: await distinct('category'), committees: await distinct('committee') };
}

export async function hasRawData(db: Executor, scope: BarangayScope): Promise<boolean> {
  const row = await db
    .selectFrom('raw_ppas')
    .where('barangay_id', '=', scope.barangayId)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts a change to a barangay's raw data (forecast caches key on the version). */
export const bumpVersion = bumpRawDataVersion;

export interface ImportTarget {
  /** Executor of the open transaction. */
  trx: Executor;
  /** On SQLite, the same connection's better-sqlite3 handle (prepared statements). */
  sqlite: SQLite.Database | undefined;
}

/**
 * Writes an upload inside the caller's transaction: each PPA is inserted or matched by its key,
 * its values for the file's years are deleted, and the file's values inserted. Other PPAs and
 * other years are kept.
 */
export async function importPpas(
  { trx, sqlite }: ImportTarget,
  scope: BarangayScope,
  years: readonly number[],
  ppas: readonly ParsedPpa[],
  at: string,
): Promise<void> {
  if (sqlite) {
    importSqlite(sqlite, scope, years, ppas, at);
    return;
  }
  await importBatched(trx, scope, years, ppas, at);
}

/**
 * SQLite: prepared statements run synchronously on the transaction's connection. The barangay's
 * existing keys are read once, so a new PPA is a plain insert and only known PPAs are updated and
 * have their values for the file's years cleared.
 */
function importSqlite(
  sqlite: SQLite.Database,
  scope: BarangayScope,
  years: readonly number[],
  ppas: readonly ParsedPpa[],
  at: string,
): void {
  const existing = new Map<string, number>();
  const keys = sqlite.prepare<[number], { id: number; ppa_key: string }>(
    'select id, ppa_key from raw_ppas where barangay_id = ?',
  );
  for (const row of keys.iterate(scope.barangayId)) {
    existing.set(row.ppa_key, row.id);
  }
  const insertPpa = sqlite.prepare(
    `insert into raw_ppas
       (barangay_id, ppa, category, committee, ppa_key, created_at, updated_at, values_packed)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const repack = sqlite.prepare(
    `update raw_ppas set values_packed = ${packedFromValues('sqlite', '?')} where id = ?`,
  );
  const updatePpa = sqlite.prepare(
    'update raw_ppas set ppa = ?, category = ?, committee = ?, updated_at = ? where id = ? and barangay_id = ?',
  );
  const clear = sqlite.prepare(
    `delete from raw_values where ppa_id = ? and year in (${years.map(() => '?').join(', ')})`,
  );
  const insertValue = sqlite.prepare(
    'insert into raw_values (ppa_id, year, target, budget) values (?, ?, ?, ?)',
  );
  for (const p of ppas) {
    const known = existing.get(p.key);
    // A new PPA's values are exactly the file's: packed here. A known PPA keeps its other years,
    // so the database packs what it holds once the file's years are in.
    const id =
      known ??
      Number(
        insertPpa.run(
          scope.barangayId,
          p.ppa,
          p.category,
          p.committee,
          p.key,
          at,
          at,
          packValues(p),
        ).lastInsertRowid,
      );
    if (known !== undefined) {
      updatePpa.run(p.ppa, p.category, p.committee, at, id, scope.barangayId);
      clear.run(id, ...years);
    }
    for (let i = 0; i < p.years.length; i += 1) {
      insertValue.run(id, p.years[i], p.targets[i], p.budgets[i]);
    }
    if (known !== undefined) {
      repack.run(id, id);
    }
  }
}

const PPA_BATCH = 1000;
const VALUE_BATCH = 5000;

/** PostgreSQL: multi-row statements, a thousand PPAs at a time. */
async function importBatched(
  trx: Executor,
  scope: BarangayScope,
  years: readonly number[],
  ppas: readonly ParsedPpa[],
  at: string,
): Promise<void> {
  for (let start = 0; start < ppas.length; start += PPA_BATCH) {
    const batch = ppas.slice(start, start + PPA_BATCH);
    const ids = await trx
      .insertInto('raw_ppas')
      .values(
        batch.map((p) => ({
          barangay_id: scope.barangayId,
          ppa: p.ppa,
          category: p.category,
          committee: p.committee,
          ppa_key: p.key,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['barangay_id', 'ppa_key']).doUpdateSet((eb) => ({
          ppa: eb.ref('excluded.ppa'),
          category: eb.ref('excluded.category'),
          committee: eb.ref('excluded.committee'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(['id', 'ppa_key'])
      .execute();
    const idOf = new Map(ids.map((r) => [r.ppa_key, r.id]));
    await trx
      .deleteFrom('raw_values')
      .where('ppa_id', 'in', [...idOf.values()])
      .where('year', 'in', [...years])
      .execute();
    const values: ValueRow[] = [];
    for (const p of batch) {
      const id = idOf.get(p.key);
      if (id === undefined) {
        throw new Error('raw_ppas upsert returned no id');
      }
      p.years.forEach((year, i) => {
        values.push({
          ppa_id: id,
          year,
          target: p.targets[i] ?? null,
          budget: p.budgets[i] ?? null,
        });
      });
    }
    for (let i = 0; i < values.length; i += VALUE_BATCH) {
      await trx
        .insertInto('raw_values')
        .values(values.slice(i, i + VALUE_BATCH))
        .execute();
    }
    await trx
      .updateTable('raw_ppas')
      .set({
        values_packed: sql<string | null>`${sql.raw(packedFromValues('postgres', 'raw_ppas.id'))}`,
      })
      .where('id', 'in', [...idOf.values()])
      .execute();
  }
}
