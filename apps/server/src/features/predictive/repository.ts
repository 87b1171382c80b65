import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

// Every function reading a barangay's rows takes the caller's BarangayScope and puts it in the
// WHERE; the peer functions read every other barangay's rows pooled, never one by one.

/** Active projects of one barangay with what the analyst reads. */
export async function listProjects(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('projects')
    .select(['id', 'status', 'category', 'title', 'description', 'submitted_at'])
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', 0)
    .orderBy('id')
    .execute();
}

/** Status history of the barangay's active projects, oldest first. */
export async function listHistory(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('project_status_history as h')
    .innerJoin('projects as p', 'p.id', 'h.project_id')
    .select(['h.project_id', 'h.to_status', 'h.changed_at', 'h.remarks'])
    .where('p.barangay_id', '=', scope.barangayId)
    .where('p.is_archived', '=', 0)
    .orderBy('h.changed_at')
    .orderBy('h.id')
    .execute();
}

/** Ids of the barangay's projects that have at least one document. */
export async function projectsWithDocuments(db: Executor, scope: BarangayScope): Promise<number[]> {
  const rows = await db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select('d.project_id')
    .distinct()
    .where('p.barangay_id', '=', scope.barangayId)
    .execute();
  return rows.map((r) => r.project_id);
}

/** What changes when the barangay's projects change: count, archived count, last update. */
export async function projectStamp(db: Executor, scope: BarangayScope): Promise<string> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number | null>('is_archived').as('archived'),
      eb.fn.max<string | null>('updated_at').as('last'),
    ])
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.archived ?? 0}:${row.last ?? ''}`;
}

/** Raw-data version of every barangay that has one. */
export async function rawVersions(db: Executor) {
  const rows = await db
    .selectFrom('raw_data_versions')
    .select(['barangay_id', 'version'])
    .orderBy('barangay_id')
    .execute();
  return rows.map((r) => ({ barangayId: r.barangay_id, version: r.version }));
}

/**
 * The barangay's budgets summed per category, committee and year (a few hundred rows however many
 * PPAs), optionally only of PPAs whose name, category or committee contains one of `words`.
 */
export async function budgetCells(db: Executor, scope: BarangayScope, words?: readonly string[]) {
  let query = db
    .selectFrom('raw_values as v')
    .innerJoin('raw_ppas as r', 'r.id', 'v.ppa_id')
    .select([
      'r.category',
      'r.committee',
      'v.year',
      (eb) => eb.fn.sum<number>('v.budget').as('budget'),
      (eb) => eb.fn.count<number>('v.budget').as('values'),
    ])
    .where('r.barangay_id', '=', scope.barangayId)
    .where('v.budget', 'is not', null);
  if (words) {
    const text = sql<string>`lower(r.ppa || ' ' || r.category || ' ' || r.committee)`;
    query = query.where((eb) => eb.or(words.map((w) => eb(text, 'like', `%${w}%`))));
  }
  return query.groupBy(['r.category', 'r.committee', 'v.year']).execute();
}

/** How many PPAs each category and committee of the barangay has (matching `words` if given). */
export async function pairLines(db: Executor, scope: BarangayScope, words?: readonly string[]) {
  let query = db
    .selectFrom('raw_ppas as r')
    .select(['r.category', 'r.committee', (eb) => eb.fn.countAll<number>().as('ppas')])
    .where('r.barangay_id', '=', scope.barangayId);
  if (words) {
    const text = sql<string>`lower(r.ppa || ' ' || r.category || ' ' || r.committee)`;
    query = query.where((eb) => eb.or(words.map((w) => eb(text, 'like', `%${w}%`))));
  }
  return query.groupBy(['r.category', 'r.committee']).execute();
}

/** The other barangays' budgets pooled per category and year (never their rows). */
export async function pooledPeerBudgets(db: Executor, scope: BarangayScope) {
  const rows = await db
    .selectFrom('raw_values as v')
    .innerJoin('raw_ppas as r', 'r.id', 'v.ppa_id')
    .select([
      'r.category',
      'v.year',
      (eb) => eb.fn.sum<number>('v.budget').as('budget'),
      sql<number>`count(distinct r.barangay_id)`.as('barangays'),
    ])
    .where('r.barangay_id', '<>', scope.barangayId)
    .where('v.budget', 'is not', null)
    .groupBy(['r.category', 'v.year'])
    .execute();
  return rows;
}

/** How many other barangays have budget data. */
export async function countPeerBarangays(db: Executor, scope: BarangayScope): Promise<number> {
  const row = await db
    .selectFrom('raw_ppas')
    .select(sql<number>`count(distinct barangay_id)`.as('n'))
    .where('barangay_id', '<>', scope.barangayId)
    .executeTakeFirstOrThrow();
  return row.n;
}
