import { PostgresAdapter, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ProcurementRequestItemsTable, ProcurementRequestsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** Reads and writes of purchase requests (migration 0037), each limited to one barangay. */

export type RequestRow = Selectable<ProcurementRequestsTable> & {
  reference_code: string;
  requested_by_name: string;
};
export type RequestItemRow = Selectable<ProcurementRequestItemsTable>;
type ClassName = ProcurementRequestsTable['expense_class'];

const sumOf = (row: { total: number | string | null } | undefined) => Number(row?.total ?? 0);

/** The tracked item of a line of the year (by reference code), locked on PostgreSQL. */
export async function lockedLine(
  db: Executor,
  scope: BarangayScope,
  year: number,
  referenceCode: string,
): Promise<{ id: number } | undefined> {
  const query = db
    .selectFrom('tracker_items')
    .select('id')
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .where('reference_code', '=', referenceCode);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (postgres ? query.forUpdate() : query).executeTakeFirst();
}

/** What open requests (not cancelled, not yet ordered) hold of an item's class. */
export async function openRequested(
  db: Executor,
  scope: BarangayScope,
  itemId: number,
  expenseClass: ClassName,
): Promise<number> {
  return sumOf(
    await db
      .selectFrom('procurement_requests')
      .select((eb) => eb.fn.sum<number | string | null>('total_cents').as('total'))
      .where('barangay_id', '=', scope.barangayId)
      .where('item_id', '=', itemId)
      .where('expense_class', '=', expenseClass)
      .where('status', '=', 'requested')
      .executeTakeFirst(),
  );
}

/** Per item and class of a year: what is committed or paid (the registry's obligations). */
export async function obligatedByItem(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<{ item_id: number; expense_class: string; total: number }[]> {
  const committed = await db
    .selectFrom('tracker_commitments as c')
    .innerJoin('tracker_items as i', 'i.id', 'c.item_id')
    .select(['c.item_id', 'c.expense_class'])
    .select((eb) => eb.fn.sum<number | string | null>('c.amount_cents').as('total'))
    .where('c.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .where('c.cancelled_at', 'is', null)
    .groupBy(['c.item_id', 'c.expense_class'])
    .execute();
  const direct = await db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .select(['d.item_id', 'd.expense_class'])
    .select((eb) => eb.fn.sum<number | string | null>('d.amount_cents').as('total'))
    .where('d.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .where('d.commitment_id', 'is', null)
    // Vouchers not cancelled hold their amount, paid or on their way (books.ts), as the
    // tracker's guard counts them.
    .where('d.status', '!=', 'cancelled')
    .groupBy(['d.item_id', 'd.expense_class'])
    .execute();
  const open = await db
    .selectFrom('procurement_requests')
    .select(['item_id', 'expense_class'])
    .select((eb) => eb.fn.sum<number | string | null>('total_cents').as('total'))
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .where('status', '=', 'requested')
    .groupBy(['item_id', 'expense_class'])
    .execute();
  return [...committed, ...direct, ...open].map((r) => ({
    item_id: r.item_id,
    expense_class: r.expense_class,
    total: sumOf(r),
  }));
}

/** The year's tracked items (id and reference code). */
export async function itemsOfYear(db: Executor, scope: BarangayScope, year: number) {
  return db
    .selectFrom('tracker_items')
    .select(['id', 'reference_code'])
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .orderBy('id')
    .execute();
}

const selectRequests = (db: Executor, scope: BarangayScope) =>
  db
    .selectFrom('procurement_requests as r')
    .innerJoin('tracker_items as i', 'i.id', 'r.item_id')
    .innerJoin('users as u', 'u.id', 'r.created_by')
    .selectAll('r')
    .select(['i.reference_code', 'u.full_name as requested_by_name'])
    .where('r.barangay_id', '=', scope.barangayId);

export async function requestsOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<RequestRow[]> {
  return selectRequests(db, scope).where('r.year', '=', year).orderBy('r.id').execute();
}

export async function findRequest(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<RequestRow | undefined> {
  return selectRequests(db, scope).where('r.id', '=', id).executeTakeFirst();
}

/** Requests for an object of expenditure made between two days (inclusive), not cancelled. */
export async function requestsOfObject(
  db: Executor,
  scope: BarangayScope,
  objectCode: string,
  from: string,
  to: string,
): Promise<RequestRow[]> {
  return selectRequests(db, scope)
    .where('r.object_code', '=', objectCode)
    .where('r.status', '!=', 'cancelled')
    .where('r.requested_on', '>=', from)
    .where('r.requested_on', '<=', to)
    .orderBy('r.requested_on')
    .orderBy('r.id')
    .execute();
}

/** Every request (any year) for these objects of expenditure, not cancelled. */
export async function requestsOfObjects(
  db: Executor,
  scope: BarangayScope,
  objectCodes: readonly string[],
): Promise<RequestRow[]> {
  if (objectCodes.length === 0) {
    return [];
  }
  return selectRequests(db, scope)
    .where('r.object_code', 'in', [...objectCodes])
    .where('r.status', '!=', 'cancelled')
    .execute();
}

export async function itemsOf(
  db: Executor,
  requestIds: readonly number[],
): Promise<RequestItemRow[]> {
  if (requestIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('procurement_request_items')
    .selectAll()
    .where('request_id', 'in', [...requestIds])
    .orderBy('request_id')
    .orderBy('sort_order')
    .execute();
}

export async function countOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<number> {
  const row = await db
    .selectFrom('procurement_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertRequest(
  db: Executor,
  values: Omit<Insertable<ProcurementRequestsTable>, 'id'>,
  items: readonly Omit<Insertable<ProcurementRequestItemsTable>, 'id' | 'request_id'>[],
): Promise<number> {
  const row = await db
    .insertInto('procurement_requests')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('procurement_request_items')
    .values(items.map((item) => ({ ...item, request_id: row.id })))
    .execute();
  return row.id;
}

export async function setSplittingReason(
  db: Executor,
  scope: BarangayScope,
  id: number,
  reason: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('procurement_requests')
    .set({ splitting_reason: reason, updated_at: at })
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .execute();
}

/** The roles the account holds on the barangay's BAC (none without a BAC). */
export async function bacRolesOf(
  db: Executor,
  scope: BarangayScope,
  userId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('procurement_bac_members as m')
    .innerJoin('procurement_bacs as b', 'b.id', 'm.bac_id')
    .select('m.role')
    .where('b.barangay_id', '=', scope.barangayId)
    .where('m.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.role);
}
