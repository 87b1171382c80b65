import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * Receipts of uploads sent with an idempotency key (common/upload-receipts.ts): a phone on a
 * slow or cut connection sends the same upload again with the key it made when the file was
 * chosen, and the server answers what the first request stored instead of storing it twice.
 * - upload_receipts: the account and its key (unique together), what the upload was for
 *   (`action`, `target_id`), the SHA-256 of the file sent (a key reused with another file is
 *   refused) and the id of the row the first request stored (`result_id`).
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('upload_receipts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('target_id', 'integer')
    .addColumn('file_sha256', 'text', notNull)
    .addColumn('result_id', 'integer', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('upload_receipts_key_uq', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('upload_receipts').execute();
}
