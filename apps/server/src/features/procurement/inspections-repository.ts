import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** Inspections and acceptances of deliveries (migration 0037), limited to one barangay. */

export interface InspectionRow {
  id: number;
  order_id: number;
  delivered_on: string;
  inspected_on: string;
  inspector: string;
}

export async function inspectionsOf(
  db: Executor,
  scope: BarangayScope,
  orderIds: readonly number[],
): Promise<{
  rows: InspectionRow[];
  items: { inspection_id: number; request_item_id: number; quantity: number }[];
}> {
  if (orderIds.length === 0) {
    return { rows: [], items: [] };
  }
  const rows = await db
    .selectFrom('procurement_inspections as i')
    .innerJoin('users as u', 'u.id', 'i.inspected_by')
    .select(['i.id', 'i.order_id', 'i.delivered_on', 'i.inspected_on', 'u.full_name as inspector'])
    .where('i.barangay_id', '=', scope.barangayId)
    .where('i.order_id', 'in', [...orderIds])
    .orderBy('i.id')
    .execute();
  const items =
    rows.length === 0
      ? []
      : await db
          .selectFrom('procurement_inspection_items')
          .selectAll()
          .where(
            'inspection_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
  return { rows, items };
}

export async function findOrder(db: Executor, scope: BarangayScope, id: number) {
  return db
    .selectFrom('procurement_orders')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertInspection(
  db: Executor,
  values: {
    barangay_id: number;
    order_id: number;
    delivered_on: string;
    inspected_on: string;
    inspected_by: number;
    created_at: string;
  },
  items: readonly { request_item_id: number; quantity: number }[],
): Promise<number> {
  const row = await db
    .insertInto('procurement_inspections')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('procurement_inspection_items')
    .values(items.map((i) => ({ ...i, inspection_id: row.id })))
    .execute();
  return row.id;
}

/** One inspection of the caller's barangay (its order's id), or undefined. */
export async function findInspection(db: Executor, scope: BarangayScope, id: number) {
  return db
    .selectFrom('procurement_inspections')
    .select(['id', 'order_id'])
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The purchase order (of the caller's barangay) a commitment was made by, if any. */
export async function orderOfCommitment(db: Executor, scope: BarangayScope, commitmentId: number) {
  return db
    .selectFrom('procurement_orders')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('commitment_id', '=', commitmentId)
    .executeTakeFirst();
}
