import type { Selectable } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { UploadReceiptsTable } from '../db/schema.ts';

// Receipts of uploads sent with an idempotency key (upload-receipts.ts). Keys are an account's
// own: every query names the account.

export type UploadReceiptRow = Selectable<UploadReceiptsTable>;

export function findReceipt(
  db: Executor,
  userId: number,
  key: string,
): Promise<UploadReceiptRow | undefined> {
  return db
    .selectFrom('upload_receipts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function insertReceipt(
  db: Executor,
  row: Omit<UploadReceiptRow, 'id'>,
): Promise<void> {
  await db.insertInto('upload_receipts').values(row).execute();
}
