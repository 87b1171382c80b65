import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The Registry of Budget, Commitments, Payments and Balances (RBCPB):
 * - tracker_commitments: what the SK committed to pay (a purchase order, a contract) against a
 *   tracked item's MOOE or CO appropriation, in whole centavos; cancelled ones keep their row.
 * - tracker_disbursements.commitment_id: the commitment a payment is made against; null for a
 *   payment made without one (every payment recorded before this migration). No foreign key: the
 *   service checks it is the same barangay's, item's and class's (and SQLite cannot drop a column
 *   a foreign key or an index names, which the down needs).
 * - tracker_officers: the SK official the chairperson designated Budget Monitoring Officer, one
 *   per barangay (DILG MC 2023-068: an SK official other than the treasurer).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('tracker_commitments'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('tracker_items.id'))
    .addColumn('committed_on', 'text', notNull)
    /** MOOE or CO. */
    .addColumn('expense_class', 'text', notNull)
    /** Purchase order, contract or job order number. */
    .addColumn('reference', 'text', notNull)
    .addColumn('payee', 'text', notNull)
    .addColumn('particulars', 'text', notNull)
    .addColumn('amount_cents', 'bigint', notNull)
    .addColumn('cancelled_at', 'text')
    .addColumn('cancelled_by', 'integer', (c) => c.references('users.id'))
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('tracker_commitments_item_idx')
    .on('tracker_commitments')
    .columns(['barangay_id', 'item_id', 'expense_class'])
    .execute();

  await db.schema
    .alterTable('tracker_disbursements')
    .addColumn('commitment_id', 'integer')
    .execute();

  await db.schema
    .createTable('tracker_officers')
    .addColumn('barangay_id', 'integer', (c) => c.primaryKey().notNull().references('barangays.id'))
    .addColumn('budget_monitoring_officer', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_at', 'text', notNull)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tracker_officers').execute();
  await db.schema.alterTable('tracker_disbursements').dropColumn('commitment_id').execute();
  await db.schema.dropTable('tracker_commitments').execute();
}
