import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * Procurement by the SK's own Bids and Awards Committee (contract: procurement.ts, rules in
 * procurement-rules.ts):
 * - procurement_bacs: the BAC of a barangay, constituted by the chairperson's order (its number
 *   and date); one row a barangay, changed by a new order.
 * - procurement_bac_members: who sits on it and as what (chair, vice chair, member, secretariat,
 *   inspector), with the names the order prints; one account may hold two roles (a member
 *   who is also the inspector).
 * - procurement_suppliers: the suppliers the SK buys from (business name, address, TIN, PhilGEPS
 *   registration number), reused across purchases.
 * - procurement_requests and procurement_request_items: purchase requests from a line (by
 *   reference code) of a year's operative plan, their items, the PhilGEPS posting they need and
 *   the splitting warning's written answer, the abstract's award (supplier, amount and the
 *   justification when not the lowest), the BAC resolution (mode, number, date).
 * - procurement_quotations: the suppliers a request for quotation went to and what each quoted
 *   (null: no quotation received), whether responsive.
 * - procurement_orders: the purchase order the chairperson (HoPE) approved, and the commitment
 *   it made in the tracker's registry (tracker_commitments) in the same transaction.
 * - procurement_inspections and procurement_inspection_items: the inspection and acceptance of
 *   a delivery against an order (one or more, partial deliveries), the quantity accepted of each
 *   item, never above what was ordered.
 * Numbered 0037: 0035 and 0036 are other branches'.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('procurement_bacs'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().unique().references('barangays.id'))
    .addColumn('order_number', 'text', notNull)
    .addColumn('order_date', 'text', notNull)
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('procurement_bac_members')
    .addColumn('bac_id', 'integer', (c) =>
      c.notNull().references('procurement_bacs.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addPrimaryKeyConstraint('procurement_bac_members_pk', ['bac_id', 'user_id', 'role'])
    .execute();

  await withId(db, db.schema.createTable('procurement_suppliers'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', notNull)
    .addColumn('address', 'text', notNull)
    .addColumn('tin', 'text', notNull)
    .addColumn('philgeps_number', 'text', notNull)
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('procurement_suppliers_name_uq', ['barangay_id', 'name_key'])
    .execute();

  await withId(db, db.schema.createTable('procurement_requests'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('year', 'integer', notNull)
    .addColumn('number', 'text', notNull)
    .addColumn('item_id', 'integer', (c) => c.notNull().references('tracker_items.id'))
    .addColumn('expense_class', 'text', notNull)
    .addColumn('object_code', 'text', notNull)
    .addColumn('purpose', 'text', notNull)
    .addColumn('total_cents', 'bigint', notNull)
    .addColumn('requested_on', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('posting_required', 'integer', notNull)
    .addColumn('posting_until', 'text')
    .addColumn('splitting_reason', 'text')
    .addColumn('award_supplier_id', 'integer', (c) => c.references('procurement_suppliers.id'))
    .addColumn('award_cents', 'bigint')
    .addColumn('award_justification', 'text')
    .addColumn('abstract_on', 'text')
    .addColumn('mode', 'text')
    .addColumn('resolution_number', 'text')
    .addColumn('resolution_on', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('procurement_requests_number_uq', ['barangay_id', 'year', 'number'])
    .execute();
  await db.schema
    .createIndex('procurement_requests_object_idx')
    .on('procurement_requests')
    .columns(['barangay_id', 'object_code', 'requested_on'])
    .execute();

  await withId(db, db.schema.createTable('procurement_request_items'))
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('procurement_requests.id').onDelete('cascade'),
    )
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('unit', 'text', notNull)
    .addColumn('unit_cost_cents', 'bigint', notNull)
    .addColumn('object_code', 'text', notNull)
    .execute();

  await db.schema
    .createTable('procurement_quotations')
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('procurement_requests.id').onDelete('cascade'),
    )
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('procurement_suppliers.id'))
    .addColumn('amount_cents', 'bigint')
    .addColumn('responsive', 'integer', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addPrimaryKeyConstraint('procurement_quotations_pk', ['request_id', 'supplier_id'])
    .execute();

  await withId(db, db.schema.createTable('procurement_orders'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().unique().references('procurement_requests.id'),
    )
    .addColumn('number', 'text', notNull)
    .addColumn('ordered_on', 'text', notNull)
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('procurement_suppliers.id'))
    .addColumn('amount_cents', 'bigint', notNull)
    .addColumn('commitment_id', 'integer', (c) => c.notNull().references('tracker_commitments.id'))
    .addColumn('approved_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('procurement_orders_number_uq', ['barangay_id', 'number'])
    .execute();

  await withId(db, db.schema.createTable('procurement_inspections'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('procurement_orders.id'))
    .addColumn('delivered_on', 'text', notNull)
    .addColumn('inspected_on', 'text', notNull)
    .addColumn('inspected_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('procurement_inspection_items')
    .addColumn('inspection_id', 'integer', (c) =>
      c.notNull().references('procurement_inspections.id').onDelete('cascade'),
    )
    .addColumn('request_item_id', 'integer', (c) =>
      c.notNull().references('procurement_request_items.id'),
    )
    .addColumn('quantity', 'integer', notNull)
    .addPrimaryKeyConstraint('procurement_inspection_items_pk', [
      'inspection_id',
      'request_item_id',
    ])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('procurement_inspection_items').execute();
  await db.schema.dropTable('procurement_inspections').execute();
  await db.schema.dropTable('procurement_orders').execute();
  await db.schema.dropTable('procurement_quotations').execute();
  await db.schema.dropTable('procurement_request_items').execute();
  await db.schema.dropIndex('procurement_requests_object_idx').execute();
  await db.schema.dropTable('procurement_requests').execute();
  await db.schema.dropTable('procurement_suppliers').execute();
  await db.schema.dropTable('procurement_bac_members').execute();
  await db.schema.dropTable('procurement_bacs').execute();
}
