import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The implementation tracker: one tracked item per line (reference code) of a year's posted
 * budget plan, with checkpoints, disbursements and evidence files. Items are keyed by barangay,
 * year and reference code, so they carry over when a newer version of the year's plan is posted.
 * Every table carries its barangay, first in its indexes, so every query is scoped by it.
 * Amounts are whole centavos (bigint).
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('tracker_items'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('year', 'integer', notNull)
    .addColumn('reference_code', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('planned_start', 'text')
    .addColumn('planned_end', 'text')
    .addColumn('actual_start', 'text')
    .addColumn('actual_end', 'text')
    .addColumn('accomplishment', 'text', notNull)
    .addColumn('remarks', 'text', notNull)
    /** Optimistic concurrency of the item's own fields: every change adds one. */
    .addColumn('version', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    /** Null while only the system has touched it (created when a plan was posted or read). */
    .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('tracker_items_reference_unique', [
      'barangay_id',
      'year',
      'reference_code',
    ])
    .execute();

  await withId(db, db.schema.createTable('tracker_checkpoints'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('tracker_items.id'))
    .addColumn('title', 'text', notNull)
    .addColumn('due_on', 'text', notNull)
    .addColumn('done_on', 'text')
    .addColumn('note', 'text', notNull)
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('tracker_checkpoints_item_idx')
    .on('tracker_checkpoints')
    .columns(['barangay_id', 'item_id'])
    .execute();

  await withId(db, db.schema.createTable('tracker_disbursements'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('tracker_items.id'))
    .addColumn('disbursed_on', 'text', notNull)
    .addColumn('amount_cents', 'bigint', notNull)
    /** PS, MOOE or CO. */
    .addColumn('expense_class', 'text', notNull)
    /** Cheque, voucher or official receipt number. */
    .addColumn('reference', 'text', notNull)
    .addColumn('note', 'text', notNull)
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('tracker_disbursements_item_idx')
    .on('tracker_disbursements')
    .columns(['barangay_id', 'item_id', 'expense_class'])
    .execute();

  await withId(db, db.schema.createTable('tracker_evidence'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('tracker_items.id'))
    /** photo or pdf. */
    .addColumn('kind', 'text', notNull)
    /** The stored file in document storage (generated name; photos stored without EXIF). */
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    /** The stored thumbnail (photos: always a JPEG); null for PDFs. */
    .addColumn('thumbnail_name', 'text', (c) => c.unique())
    .addColumn('file_name', 'text', notNull)
    .addColumn('content_type', 'text', notNull)
    .addColumn('size_bytes', 'integer', notNull)
    .addColumn('caption', 'text', notNull)
    /** 1: shown on the public disclosure board (photos only). */
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('uploaded_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('tracker_evidence_item_idx')
    .on('tracker_evidence')
    .columns(['barangay_id', 'item_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'tracker_evidence',
    'tracker_disbursements',
    'tracker_checkpoints',
    'tracker_items',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
