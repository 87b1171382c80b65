import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { TurnoverRowsTable, TurnoverTeamsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { inCity, type CityPlace } from '../city/repository.ts';

/** Reads and writes of the turnover tables (migration 0031), each limited to one barangay. */

export type TeamRow = Selectable<TurnoverTeamsTable>;
export type InventoryRow = Selectable<TurnoverRowsTable> & { updated_by_name: string };

export interface MemberRow {
  user_id: number;
  role: 'chair' | 'vice chair' | 'member';
  name: string;
}

export async function teamOf(
  db: Executor,
  scope: BarangayScope,
  term: string,
): Promise<TeamRow | undefined> {
  return db
    .selectFrom('turnover_teams')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('term_starts_on', '=', term)
    .executeTakeFirst();
}

export async function membersOf(db: Executor, teamId: number): Promise<MemberRow[]> {
  return db
    .selectFrom('turnover_team_members')
    .select(['user_id', 'role', 'name'])
    .where('team_id', '=', teamId)
    .orderBy('sort_order')
    .execute();
}

export async function insertTeam(
  db: Executor,
  values: Omit<TeamRow, 'id' | 'signed_on'>,
): Promise<number> {
  const row = await db
    .insertInto('turnover_teams')
    .values({ ...values, signed_on: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTeam(
  db: Executor,
  id: number,
  values: Partial<Pick<TeamRow, 'order_number' | 'order_date' | 'signed_on'>> &
    Pick<TeamRow, 'updated_by' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('turnover_teams').set(values).where('id', '=', id).execute();
}

export async function replaceMembers(
  db: Executor,
  teamId: number,
  members: readonly MemberRow[],
): Promise<void> {
  await db.deleteFrom('turnover_team_members').where('team_id', '=', teamId).execute();
  await db
    .insertInto('turnover_team_members')
    .values(members.map((m, i) => ({ team_id: teamId, ...m, sort_order: i })))
    .execute();
}

export async function rowsOf(
  db: Executor,
  scope: BarangayScope,
  term: string,
): Promise<InventoryRow[]> {
  return db
    .selectFrom('turnover_rows as r')
    .innerJoin('users as u', 'u.id', 'r.updated_by')
    .selectAll('r')
    .select('u.full_name as updated_by_name')
    .where('r.barangay_id', '=', scope.barangayId)
    .where('r.term_starts_on', '=', term)
    .orderBy('r.category')
    .orderBy('r.id')
    .execute();
}

export async function findRow(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<Selectable<TurnoverRowsTable> | undefined> {
  return db
    .selectFrom('turnover_rows')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type RowValues = Omit<Selectable<TurnoverRowsTable>, 'id'>;

export async function insertRow(db: Executor, values: RowValues): Promise<number> {
  const row = await db
    .insertInto('turnover_rows')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRow(
  db: Executor,
  scope: BarangayScope,
  id: number,
  values: Partial<RowValues>,
): Promise<void> {
  await db
    .updateTable('turnover_rows')
    .set(values)
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .execute();
}

export async function deleteRow(db: Executor, scope: BarangayScope, id: number): Promise<void> {
  await db
    .deleteFrom('turnover_rows')
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .execute();
}

/** Every approved version of the barangay's annual budgets of these years. */
export async function approvedPlans(db: Executor, scope: BarangayScope, years: number[]) {
  return db
    .selectFrom('budget_plans')
    .select(['year', 'kind', 'amendment', 'resolution_number', 'approved_on', 'posted_at'])
    .where('barangay_id', '=', scope.barangayId)
    .where('year', 'in', years)
    .where('approved_on', 'is not', null)
    .orderBy('year')
    .orderBy('amendment')
    .execute();
}

/** Approved CBYDPs of the barangay starting in these years. */
export async function approvedCbydps(db: Executor, scope: BarangayScope, years: number[]) {
  return db
    .selectFrom('cbydp_plans')
    .select(['start_year', 'resolution_number', 'approved_on'])
    .where('barangay_id', '=', scope.barangayId)
    .where('start_year', 'in', years)
    .where('status', '=', 'approved')
    .orderBy('start_year')
    .execute();
}

/** End-of-term reports the council posted for these years. */
export async function endOfTermPostings(db: Executor, scope: BarangayScope, years: number[]) {
  return db
    .selectFrom('disclosure_postings')
    .select(['year', 'posted_at'])
    .where('barangay_id', '=', scope.barangayId)
    .where('document', '=', 'end-of-term-report')
    .where('year', 'in', years)
    .orderBy('posted_at')
    .execute();
}

/** How many profiles the youth registry holds: its size, never a field of its rows. */
export async function kkRegistrySize(db: Executor, scope: BarangayScope): Promise<number> {
  const row = await db
    .selectFrom('kk_profiles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The city's consolidated view in three queries whatever the number of barangays: its active
 * barangays, their teams (with the members counted) and their rows (with the missing counted).
 */
export async function cityTurnoverRows(db: Executor, city: CityPlace, term: string) {
  const barangays = await db
    .selectFrom('barangays as b')
    .select(['b.id', 'b.code', 'b.name', 'b.district'])
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .orderBy('b.name_key')
    .orderBy('b.id')
    .execute();
  const teams = await db
    .selectFrom('turnover_teams as t')
    .innerJoin('barangays as b', 'b.id', 't.barangay_id')
    .leftJoin('turnover_team_members as m', 'm.team_id', 't.id')
    .select((eb) => [
      't.barangay_id',
      't.order_number',
      't.order_date',
      't.signed_on',
      eb.fn.count<number | string>('m.user_id').as('members'),
    ])
    .where('t.term_starts_on', '=', term)
    .where(inCity('b', city))
    .groupBy(['t.barangay_id', 't.order_number', 't.order_date', 't.signed_on'])
    .execute();
  const rows = await db
    .selectFrom('turnover_rows as r')
    .innerJoin('barangays as b', 'b.id', 'r.barangay_id')
    .select((eb) => [
      'r.barangay_id',
      eb.fn.countAll<number | string>().as('rows'),
      eb.fn
        .sum<
          number | string | null
        >(eb.case().when('r.condition', '=', 'missing').then(1).else(0).end())
        .as('missing'),
    ])
    .where('r.term_starts_on', '=', term)
    .where(inCity('b', city))
    .groupBy('r.barangay_id')
    .execute();
  return { barangays, teams, rows };
}

/** The barangay's name and place, for the documents' headings. */
export async function barangayOf(db: Executor, scope: BarangayScope) {
  const row = await db
    .selectFrom('barangays')
    .select(['name', 'city', 'province'])
    .where('id', '=', scope.barangayId)
    .executeTakeFirstOrThrow();
  return row;
}
