// Queries behind common/plan-raw-values.ts: the posted plans' lines, and the raw-data rows that
// hold (or will hold) their values. Every function takes the barangay's scope into its WHERE.
import { sql } from 'kysely';
import type { DialectName, Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';
import { fold, packedFromValues } from './raw-ppa-rows.ts';

/**
 * Key prefix of the rows that exist only to hold plan values. An imported PPA's key starts with
 * its folded (trimmed) name, never with a space, so an import can never match one of these.
 */
export const PLAN_ROW_PREFIX = ' plan|';

const CHUNK = 500;

/** In chunks of CHUNK ids (bounded statement size on both databases). */
async function inChunks<T>(ids: readonly number[], run: (chunk: number[]) => Promise<T[]>) {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    out.push(...(await run(ids.slice(i, i + CHUNK))));
  }
  return out;
}

/** What a plan line contributes (amounts in centavos). */
export interface PlanLineSource {
  year: number;
  program: string;
  centre: string | null;
  ppa: string;
  responsible: string;
  performance_indicator: string;
  expected_result: string;
  ps: number;
  mooe: number;
  co: number;
}

/** Lines of each year's newest posted version (the public record), oldest year first. */
export async function postedLines(db: Executor, scope: BarangayScope): Promise<PlanLineSource[]> {
  const plans = await db
    .selectFrom('budget_plans')
    .select(['id', 'year', 'amendment'])
    .where('barangay_id', '=', scope.barangayId)
    .where('posted_at', 'is not', null)
    .execute();
  const newest = new Map<number, { id: number; amendment: number }>();
  for (const plan of plans) {
    const seen = newest.get(plan.year);
    if (!seen || plan.amendment > seen.amendment) {
      newest.set(plan.year, plan);
    }
  }
  if (newest.size === 0) {
    return [];
  }
  return db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select([
      'bp.year',
      'l.program',
      'l.centre',
      'l.ppa',
      'l.responsible',
      'l.performance_indicator',
      'l.expected_result',
      'l.ps',
      'l.mooe',
      'l.co',
    ])
    .where(
      'l.plan_id',
      'in',
      [...newest.values()].map((p) => p.id),
    )
    .where('bp.barangay_id', '=', scope.barangayId)
    .orderBy('bp.year')
    .orderBy('l.sort_order')
    .execute();
}

export interface HoldingRow {
  id: number;
  ppa: string;
  ppa_key: string;
  category: string;
  committee: string;
  plan_years: string | null;
}

/** The barangay's PPAs holding plan values now (a partial index finds them). */
export function rowsWithPlanValues(db: Executor, scope: BarangayScope): Promise<HoldingRow[]> {
  return db
    .selectFrom('raw_ppas')
    .select(['id', 'ppa', 'ppa_key', 'category', 'committee', 'plan_years'])
    .where('barangay_id', '=', scope.barangayId)
    .where('plan_years', 'is not', null)
    .orderBy('id')
    .execute();
}

/** Committee names the barangay's data uses, by folded name. */
export async function knownCommittees(
  db: Executor,
  scope: BarangayScope,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('raw_ppas')
    .select('committee')
    .distinct()
    .where('barangay_id', '=', scope.barangayId)
    .where('committee', '<>', '')
    .execute();
  return new Map(rows.map((r) => [fold(r.committee), r.committee]));
}

/**
 * Imported PPAs (not plan rows) whose folded name is one of `keys`, by key, lowest id first. The
 * key column starts with the folded name and '|': each name is an index range on SQLite; on
 * PostgreSQL the comparison is made in byte order ("C"), whatever the column's collation.
 */
export async function importedPpasNamed(
  db: Executor,
  dialect: DialectName,
  scope: BarangayScope,
  keys: readonly string[],
): Promise<Map<string, number[]>> {
  const column = dialect === 'postgres' ? sql<string>`ppa_key collate "C"` : sql<string>`ppa_key`;
  const out = new Map<string, number[]>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('raw_ppas')
      .select(['id', 'ppa', 'ppa_key'])
      .where((eb) =>
        eb.or(
          chunk.map((key) =>
            eb.and([
              eb('barangay_id', '=', scope.barangayId),
              eb(column, '>=', `${key}|`),
              eb(column, '<', `${key}}`),
            ]),
          ),
        ),
      )
      .orderBy('id')
      .execute();
    for (const row of rows) {
      // A name holding '|' may fall in another name's range: the row's own name decides.
      const key = fold(row.ppa);
      if (!row.ppa_key.startsWith(PLAN_ROW_PREFIX) && row.ppa_key.startsWith(`${key}|`)) {
        out.set(key, [...(out.get(key) ?? []), row.id]);
      }
    }
  }
  return out;
}

export interface StoredValue {
  ppa_id: number;
  year: number;
  target: string | null;
  budget: number | null;
}

/** The plan's (1) or the imports' (0) values of the given PPAs of the barangay. */
export function valuesOf(
  db: Executor,
  scope: BarangayScope,
  ppaIds: readonly number[],
  fromPlan: 0 | 1,
): Promise<StoredValue[]> {
  return inChunks(ppaIds, (ids) =>
    db
      .selectFrom('raw_values as v')
      .innerJoin('raw_ppas as p', 'p.id', 'v.ppa_id')
      .select(['v.ppa_id', 'v.year', 'v.target', 'v.budget'])
      .where('v.ppa_id', 'in', ids)
      .where('p.barangay_id', '=', scope.barangayId)
      .where('v.from_plan', '=', fromPlan)
      .execute(),
  );
}

/** Removes the plan's values from these PPAs of the barangay. */
export async function deletePlanValues(
  db: Executor,
  scope: BarangayScope,
  ppaIds: readonly number[],
): Promise<void> {
  await inChunks(ppaIds, async (ids) => {
    await db
      .deleteFrom('raw_values')
      .where('ppa_id', 'in', ids)
      .where('from_plan', '=', 1)
      .where('ppa_id', 'in', (eb) =>
        eb.selectFrom('raw_ppas').select('id').where('barangay_id', '=', scope.barangayId),
      )
      .execute();
    return [];
  });
}

/** Removes plan rows (rows that held only plan values, already removed). */
export async function deletePlanRows(
  db: Executor,
  scope: BarangayScope,
  ppaIds: readonly number[],
): Promise<void> {
  await inChunks(ppaIds, async (ids) => {
    await db
      .deleteFrom('raw_ppas')
      .where('id', 'in', ids)
      .where('barangay_id', '=', scope.barangayId)
      .where('ppa_key', 'like', `${PLAN_ROW_PREFIX}%`)
      .execute();
    return [];
  });
}

export interface PlanRowFields {
  ppa: string;
  category: string;
  committee: string;
}

export async function renamePlanRow(
  db: Executor,
  scope: BarangayScope,
  id: number,
  fields: PlanRowFields,
  at: string,
): Promise<void> {
  await db
    .updateTable('raw_ppas')
    .set({ ...fields, updated_at: at })
    .where('id', 'in', [id])
    .where('barangay_id', '=', scope.barangayId)
    .execute();
}

/** New plan rows, keyed by the PPA's folded name; returns their ids by that name. */
export async function insertPlanRows(
  db: Executor,
  scope: BarangayScope,
  rows: readonly (PlanRowFields & { key: string })[],
  at: string,
): Promise<Map<string, number>> {
  const made = new Map<string, number>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await db
      .insertInto('raw_ppas')
      .values(
        rows.slice(i, i + CHUNK).map((p) => ({
          barangay_id: scope.barangayId,
          ppa: p.ppa,
          category: p.category,
          committee: p.committee,
          ppa_key: `${PLAN_ROW_PREFIX}${p.key}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'ppa_key'])
      .execute();
    for (const row of inserted) {
      made.set(row.ppa_key.slice(PLAN_ROW_PREFIX.length), row.id);
    }
  }
  return made;
}

/** Plan values on PPAs of the caller's barangay (the caller made or checked every `ppa_id`). */
export async function insertPlanValues(
  db: Executor,
  values: readonly StoredValue[],
): Promise<void> {
  for (let i = 0; i < values.length; i += CHUNK) {
    await db
      .insertInto('raw_values')
      .values(values.slice(i, i + CHUNK).map((v) => ({ ...v, from_plan: 1 })))
      .execute();
  }
}

/** Sets the PPAs' plan years and packs their values anew (the exports read the packed text). */
export async function setPlanYears(
  db: Executor,
  dialect: DialectName,
  scope: BarangayScope,
  planYears: string | null,
  ppaIds: readonly number[],
): Promise<void> {
  await inChunks(ppaIds, async (ids) => {
    await db
      .updateTable('raw_ppas')
      .set({
        plan_years: planYears,
        values_packed: sql<string | null>`${sql.raw(packedFromValues(dialect, 'raw_ppas.id'))}`,
      })
      .where('id', 'in', ids)
      .where('barangay_id', '=', scope.barangayId)
      .execute();
    return [];
  });
}

/**
 * Marks the plan values of every barangay with data (a budget plan or raw data) as to be
 * rebuilt: a restore, demo data just seeded. Barangays of the registry with neither have nothing
 * to rebuild and are not marked (a city's 142 would otherwise each cost the sync a pass).
 */
export async function markBarangaysWithDataDue(db: Executor, at: string): Promise<void> {
  // `where true`: SQLite's reading of an insert from a select with an upsert clause.
  await sql`insert into plan_sync_due (barangay_id, since)
    select barangay_id, ${at} from (select barangay_id from budget_plans
      union select barangay_id from raw_ppas) as with_data
    where true on conflict (barangay_id) do update set since = excluded.since`.execute(db);
}

/** Up to `limit` barangays marked as due, after `afterId`, with when they were marked. */
export function dueBarangays(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom('plan_sync_due')
    .select(['barangay_id', 'since'])
    .where('barangay_id', '>', afterId)
    .orderBy('barangay_id')
    .limit(limit)
    .execute();
}

/** Done: unless it was marked again since (`since`), when the next sync takes it again. */
export async function clearDue(db: Executor, barangayId: number, since: string): Promise<void> {
  await db
    .deleteFrom('plan_sync_due')
    .where('barangay_id', '=', barangayId)
    .where('since', '=', since)
    .execute();
}
