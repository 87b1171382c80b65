import type { ExpenseClass } from '@sk-tanaw/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type {
  BudgetPlanLinesTable,
  TrackerCheckpointsTable,
  TrackerDisbursementsTable,
  TrackerItemsTable,
} from '../../db/schema.ts';
import { findScoped, updateScoped } from './scoped-repository.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** The statuses of a voucher (books.ts) the sums read: `paid` rows are the payments. */
const PAID = 'paid' as const;
const CANCELLED = 'cancelled' as const;

// Every function takes the caller's BarangayScope and puts the barangay in the WHERE: items,
// checkpoints, disbursements and evidence all carry their barangay, so a row of another barangay
// is never fetched (its id answers exactly like a missing one).

export type ItemRow = Selectable<TrackerItemsTable> & { updated_by_name: string | null };
export type CheckpointRow = Selectable<TrackerCheckpointsTable>;
export type DisbursementRow = Selectable<TrackerDisbursementsTable> & { recorded_by_name: string };
export type StoredDisbursement = Selectable<TrackerDisbursementsTable>;
export type LineRow = Selectable<BudgetPlanLinesTable> & { amendment: number };

export interface PostedPlanRow {
  id: number;
  kind: 'original' | 'supplemental' | 'realignment';
  amendment: number;
  resolution_number: string | null;
  posted_at: string | null;
  approved_by_name: string | null;
}

/** The newest posted version of a year (the highest amendment ever posted), if any. */
export async function newestPostedPlan(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<PostedPlanRow | undefined> {
  return db
    .selectFrom('budget_plans')
    .select(['id', 'kind', 'amendment', 'resolution_number', 'posted_at', 'approved_by_name'])
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .where('posted_at', 'is not', null)
    .orderBy('amendment', 'desc')
    .executeTakeFirst();
}

/** Years with a posted plan, newest first. */
export async function postedYears(db: Executor, scope: BarangayScope): Promise<number[]> {
  const rows = await db
    .selectFrom('budget_plans')
    .select('year')
    .distinct()
    .where('barangay_id', '=', scope.barangayId)
    .where('posted_at', 'is not', null)
    .orderBy('year', 'desc')
    .execute();
  return rows.map((r) => r.year);
}

/**
 * The lines of every posted version of a year, newest amendment first, each in its saved order:
 * the newest version's lines are the appropriations; older ones describe items it dropped.
 */
export async function postedLines(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<LineRow[]> {
  return db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .selectAll('l')
    .select('bp.amendment')
    .where('bp.barangay_id', '=', scope.barangayId)
    .where('bp.year', '=', year)
    .where('bp.posted_at', 'is not', null)
    .orderBy('bp.amendment', 'desc')
    .orderBy('l.sort_order')
    .execute();
}

/** Names of the honoraria schedule of a plan (the signatory block). */
export async function honorariaNames(
  db: Executor,
  scope: BarangayScope,
  planId: number,
): Promise<{ position: string; name: string }[]> {
  return db
    .selectFrom('budget_plan_honoraria as h')
    .innerJoin('budget_plans as bp', 'bp.id', 'h.plan_id')
    .select(['h.position', 'h.name'])
    .where('h.plan_id', '=', planId)
    .where('bp.barangay_id', '=', scope.barangayId)
    .orderBy('h.sort_order')
    .execute();
}

function selectItems(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('tracker_items as i')
    .leftJoin('users as u', 'u.id', 'i.updated_by')
    .selectAll('i')
    .select('u.full_name as updated_by_name')
    .where('i.barangay_id', '=', scope.barangayId);
}

export async function itemsOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<ItemRow[]> {
  return selectItems(db, scope).where('i.year', '=', year).orderBy('i.id').execute();
}

export async function findItem(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<ItemRow | undefined> {
  return selectItems(db, scope).where('i.id', '=', id).executeTakeFirst();
}

/**
 * Locks an item's row until the transaction ends (PostgreSQL `for update`), so writes that
 * check a limit against its disbursements or children run one after another. SQLite runs one
 * transaction at a time on its one connection: there a plain read does. Whether it exists.
 */
export async function lockItem(
  db: Executor,
  scope: BarangayScope,
  id: number,
  forUpdate: boolean,
): Promise<boolean> {
  const query = db
    .selectFrom('tracker_items')
    .select('id')
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  return row !== undefined;
}

/** Updates an item's fields while it still has `version`; how many rows changed (0 or 1). */
export async function updateItem(
  db: Executor,
  scope: BarangayScope,
  id: number,
  version: number,
  patch: Updateable<TrackerItemsTable>,
): Promise<number> {
  const result = await db
    .updateTable('tracker_items')
    .set(patch)
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Which rows of a child table to read: a whole year's, or one item's. */
export type ItemFilter = { year: number } | { itemId: number };

/** Vouchers prepared, certified or approved: on their way to payment, holding their amount. */
const ON_THEIR_WAY = ['draft', 'certified', 'approved'] as const;

/**
 * Centavos per item and class of `which` vouchers: `paid` (the disbursed, net of reversals) or
 * `pending` (on their way to payment: what the appropriation guard holds besides the paid).
 */
export async function disbursedSums(
  db: Executor,
  scope: BarangayScope,
  filter: ItemFilter,
  which: 'paid' | 'pending' = 'paid',
): Promise<{ item_id: number; expense_class: string; total: number }[]> {
  let query = db
    .selectFrom('tracker_disbursements as d')
    .select(['d.item_id', 'd.expense_class'])
    .select((eb) => eb.fn.sum<number | string>('d.amount_cents').as('total'))
    .where('d.barangay_id', '=', scope.barangayId)
    .where('d.status', 'in', which === 'paid' ? [PAID] : [...ON_THEIR_WAY]);
  query =
    'year' in filter
      ? query
          .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
          .where('i.barangay_id', '=', scope.barangayId)
          .where('i.year', '=', filter.year)
      : query.where('d.item_id', '=', filter.itemId);
  const rows = await query.groupBy(['d.item_id', 'd.expense_class']).execute();
  // PostgreSQL sums bigints as numeric, which arrives as text.
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/**
 * An item's centavos of one class held by vouchers not cancelled (paid ones net of their
 * reversals, and those on their way to payment), leaving out one (the one edited).
 */
export async function classTotal(
  db: Executor,
  scope: BarangayScope,
  itemId: number,
  expenseClass: ExpenseClass,
  excludeId: number | null,
): Promise<number> {
  let query = db
    .selectFrom('tracker_disbursements')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'))
    .where('barangay_id', '=', scope.barangayId)
    .where('item_id', '=', itemId)
    .where('expense_class', '=', expenseClass)
    .where('status', '!=', CANCELLED);
  if (excludeId !== null) {
    query = query.where('id', '!=', excludeId);
  }
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function checkpointsOf(
  db: Executor,
  scope: BarangayScope,
  filter: ItemFilter,
): Promise<CheckpointRow[]> {
  let query = db
    .selectFrom('tracker_checkpoints as c')
    .selectAll('c')
    .where('c.barangay_id', '=', scope.barangayId);
  query =
    'year' in filter
      ? query
          .innerJoin('tracker_items as i', 'i.id', 'c.item_id')
          .where('i.barangay_id', '=', scope.barangayId)
          .where('i.year', '=', filter.year)
      : query.where('c.item_id', '=', filter.itemId);
  return query.orderBy('c.due_on').orderBy('c.id').execute();
}

/** How many evidence files each item has. */
export async function evidenceCounts(
  db: Executor,
  scope: BarangayScope,
  filter: ItemFilter,
): Promise<{ item_id: number; count: number }[]> {
  let query = db
    .selectFrom('tracker_evidence as e')
    .select('e.item_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('e.barangay_id', '=', scope.barangayId);
  query =
    'year' in filter
      ? query
          .innerJoin('tracker_items as i', 'i.id', 'e.item_id')
          .where('i.barangay_id', '=', scope.barangayId)
          .where('i.year', '=', filter.year)
      : query.where('e.item_id', '=', filter.itemId);
  const rows = await query.groupBy('e.item_id').execute();
  return rows.map((r) => ({ item_id: r.item_id, count: Number(r.count) }));
}

/**
 * Payments of one item, or of a year between two dates (inclusive), oldest first: paid vouchers
 * standing (a reversed one and the entry reversing it cancel out and are left out).
 */
export async function disbursementsOf(
  db: Executor,
  scope: BarangayScope,
  filter: { itemId: number } | { year: number; from: string; to: string },
): Promise<DisbursementRow[]> {
  let query = db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('users as u', 'u.id', 'd.recorded_by')
    .selectAll('d')
    .select('u.full_name as recorded_by_name')
    .where('d.barangay_id', '=', scope.barangayId)
    .where('d.status', '=', PAID)
    .where('d.reversed_at', 'is', null)
    .where('d.reverses_id', 'is', null);
  query =
    'itemId' in filter
      ? query.where('d.item_id', '=', filter.itemId)
      : query
          .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
          .where('i.barangay_id', '=', scope.barangayId)
          .where('i.year', '=', filter.year)
          .where('d.disbursed_on', '>=', filter.from)
          .where('d.disbursed_on', '<=', filter.to);
  return query.orderBy('d.disbursed_on').orderBy('d.id').execute();
}

export async function findCheckpoint(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<CheckpointRow | undefined> {
  return findScoped(db, 'tracker_checkpoints', scope, id);
}

export async function findDisbursement(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<StoredDisbursement | undefined> {
  return findScoped(db, 'tracker_disbursements', scope, id);
}

/** The tables of an item's children, by what they hold. */
const CHILD_TABLES = {
  checkpoints: 'tracker_checkpoints',
  disbursements: 'tracker_disbursements',
  evidence: 'tracker_evidence',
} as const;
type ChildKind = keyof typeof CHILD_TABLES;

export async function countChildren(
  db: Executor,
  scope: BarangayScope,
  kind: ChildKind,
  itemId: number,
): Promise<number> {
  const row = await db
    .selectFrom(CHILD_TABLES[kind])
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('barangay_id', '=', scope.barangayId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

type NewChild<T> = Omit<Insertable<T>, 'barangay_id' | 'id'>;

export async function insertCheckpoint(
  db: Executor,
  scope: BarangayScope,
  row: NewChild<TrackerCheckpointsTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('tracker_checkpoints')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Payments recorded at once (the demo): paid vouchers of mode `recorded` (books.ts), numbered
 * `YYYY-MM-NNNN` in date order after the year's numbers already taken.
 */
export async function insertDisbursements(
  db: Executor,
  scope: BarangayScope,
  rows: NewChild<TrackerDisbursementsTable>[],
): Promise<number[]> {
  const taken = await db
    .selectFrom('tracker_disbursements')
    .select('dv_number')
    .where('barangay_id', '=', scope.barangayId)
    .where('dv_number', 'is not', null)
    .execute();
  const serials = new Map<string, number>();
  for (const { dv_number: number } of taken) {
    const year = (number ?? '').slice(0, 4);
    serials.set(year, Math.max(serials.get(year) ?? 0, Number((number ?? '').slice(8)) || 0));
  }
  const numbers = new Map<NewChild<TrackerDisbursementsTable>, string>();
  for (const row of [...rows].sort((a, b) => a.disbursed_on.localeCompare(b.disbursed_on))) {
    const year = row.disbursed_on.slice(0, 4);
    const serial = (serials.get(year) ?? 0) + 1;
    serials.set(year, serial);
    numbers.set(row, `${row.disbursed_on.slice(0, 7)}-${String(serial).padStart(4, '0')}`);
  }
  const vouchers = rows.map((r) => ({
    particulars: r.note,
    prepared_on: r.disbursed_on,
    paid_by: r.recorded_by,
    paid_at: r.recorded_at,
    ...r,
    barangay_id: scope.barangayId,
    status: 'paid' as const,
    pay_mode: 'recorded' as const,
    dv_number: numbers.get(r) ?? null,
  }));
  const ids: number[] = [];
  for (let start = 0; start < vouchers.length; start += 200) {
    const inserted = await db
      .insertInto('tracker_disbursements')
      .values(vouchers.slice(start, start + 200))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Updates one checkpoint of the scope; how many rows changed (0 or 1). */
export async function updateCheckpoint(
  db: Executor,
  scope: BarangayScope,
  id: number,
  patch: Updateable<TrackerCheckpointsTable>,
): Promise<number> {
  return updateScoped(db, 'tracker_checkpoints', scope, id, patch);
}

export async function updateDisbursement(
  db: Executor,
  scope: BarangayScope,
  id: number,
  patch: Updateable<TrackerDisbursementsTable>,
): Promise<number> {
  return updateScoped(db, 'tracker_disbursements', scope, id, patch);
}

export async function deleteChild(
  db: Executor,
  scope: BarangayScope,
  kind: ChildKind,
  id: number,
): Promise<number> {
  const result = await db
    .deleteFrom(CHILD_TABLES[kind])
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The proposal a line carries out (reference and title), when it is the barangay's. */
export async function projectBrief(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<{ reference_number: string; title: string } | undefined> {
  return db
    .selectFrom('projects')
    .select(['reference_number', 'title'])
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
}

/** Whether the barangay has any tracker activity at all (the demo seed writes only once). */
export async function hasTrackerActivity(db: Executor, scope: BarangayScope): Promise<boolean> {
  for (const table of Object.values(CHILD_TABLES)) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('barangay_id', '=', scope.barangayId)
      .limit(1)
      .executeTakeFirst();
    if (row) {
      return true;
    }
  }
  return false;
}
