import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ProcurementOrdersTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** Quotations, awards, resolutions and orders of purchase requests (migration 0037). */

export interface QuotationRow {
  request_id: number;
  supplier_id: number;
  supplier: string;
  philgeps_number: string;
  amount_cents: number | null;
  responsive: number;
}
export type OrderRow = Selectable<ProcurementOrdersTable>;

/** The quotations of these requests (of the caller's barangay), in the order recorded. */
export async function quotationsOf(
  db: Executor,
  scope: BarangayScope,
  requestIds: readonly number[],
): Promise<QuotationRow[]> {
  if (requestIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('procurement_quotations as q')
    .innerJoin('procurement_suppliers as s', 's.id', 'q.supplier_id')
    .select([
      'q.request_id',
      'q.supplier_id',
      's.name as supplier',
      's.philgeps_number',
      'q.amount_cents',
      'q.responsive',
    ])
    .where('s.barangay_id', '=', scope.barangayId)
    .where('q.request_id', 'in', [...requestIds])
    .orderBy('q.request_id')
    .orderBy('q.sort_order')
    .execute();
}

export async function replaceQuotations(
  db: Executor,
  requestId: number,
  rows: readonly { supplier_id: number; amount_cents: number | null; responsive: number }[],
): Promise<void> {
  await db.deleteFrom('procurement_quotations').where('request_id', '=', requestId).execute();
  if (rows.length > 0) {
    await db
      .insertInto('procurement_quotations')
      .values(rows.map((r, i) => ({ ...r, request_id: requestId, sort_order: i })))
      .execute();
  }
}

export async function suppliersNamed(
  db: Executor,
  scope: BarangayScope,
  ids: readonly number[],
): Promise<Map<number, { name: string; philgeps_number: string }>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('procurement_suppliers')
    .select(['id', 'name', 'philgeps_number'])
    .where('barangay_id', '=', scope.barangayId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, philgeps_number: r.philgeps_number }]));
}

export async function setAward(
  db: Executor,
  scope: BarangayScope,
  id: number,
  values: {
    award_supplier_id: number | null;
    award_cents: number | null;
    award_justification: string | null;
    abstract_on: string | null;
    updated_at: string;
  },
): Promise<void> {
  await db
    .updateTable('procurement_requests')
    .set(values)
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .execute();
}

export async function setResolution(
  db: Executor,
  scope: BarangayScope,
  id: number,
  values: { mode: string; resolution_number: string; resolution_on: string; updated_at: string },
): Promise<void> {
  await db
    .updateTable('procurement_requests')
    .set(values)
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .execute();
}

export async function ordersOf(
  db: Executor,
  scope: BarangayScope,
  requestIds: readonly number[],
): Promise<OrderRow[]> {
  if (requestIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('procurement_orders')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('request_id', 'in', [...requestIds])
    .execute();
}

export async function orderNumbered(
  db: Executor,
  scope: BarangayScope,
  number: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('procurement_orders')
    .select('id')
    .where('barangay_id', '=', scope.barangayId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOrder(db: Executor, values: Omit<OrderRow, 'id'>): Promise<number> {
  const row = await db
    .insertInto('procurement_orders')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('procurement_requests')
    .set({ status: 'ordered', updated_at: values.created_at })
    .where('id', '=', values.request_id)
    .where('barangay_id', '=', values.barangay_id)
    .execute();
  return row.id;
}
