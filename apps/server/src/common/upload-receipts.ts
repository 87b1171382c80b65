// Idempotent uploads. A phone on a slow connection may lose the answer to an upload that the
// server stored (the connection cut after the commit), and send it again. The client makes a key
// when the file is chosen (a UUID, kept with the pending upload) and sends it in the
// `Idempotency-Key` header with every attempt. The first attempt that stores records a receipt
// (the account, the key, what the upload was for, the SHA-256 of the file, the stored row's id)
// in the same transaction as the row; a later attempt with the same key finds the receipt and
// answers what the first stored, storing nothing. A key is an account's own: another account's
// identical key is another upload. A key sent again with another file, or for another target,
// is refused (409 IDEMPOTENCY_KEY_REUSED): it would hide an upload.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, UPLOAD_MESSAGES } from '@sk-tanaw/contract';
import type { Executor } from '../db/database.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { findReceipt, insertReceipt } from './upload-receipts-repository.ts';

/** What an upload did, as its receipt names it. */
export type UploadAction = 'tracker.evidence' | 'projects.submit';

/** A key: 8 to 100 letters, digits, `-` and `_` (a UUID is 36). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's idempotency key, or null when it sent none; 400 when it is malformed. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>) {
  const raw = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) {
    return null;
  }
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw badRequest(UPLOAD_MESSAGES.keyInvalid, 'IDEMPOTENCY_KEY_INVALID');
  }
  return key;
}

/** The SHA-256 of a file's bytes, in hex. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An upload under a key: who sends it, what for, and its file's digest. */
export interface KeyedUpload {
  userId: number;
  key: string;
  action: UploadAction;
  targetId: number | null;
  fileSha256: string;
}

/**
 * The id of the row a first attempt with this key stored, or null when none did. A receipt of
 * another file or another target refuses the request.
 */
export async function earlierResult(db: Executor, upload: KeyedUpload): Promise<number | null> {
  const receipt = await findReceipt(db, upload.userId, upload.key);
  if (!receipt) {
    return null;
  }
  if (
    receipt.action !== upload.action ||
    receipt.target_id !== upload.targetId ||
    receipt.file_sha256 !== upload.fileSha256
  ) {
    throw conflict(UPLOAD_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
  }
  return receipt.result_id;
}

/** Records the receipt, in the transaction that stores the row `resultId`. */
export function recordReceipt(
  trx: Executor,
  upload: KeyedUpload,
  resultId: number,
  at: Date,
): Promise<void> {
  return insertReceipt(trx, {
    user_id: upload.userId,
    idempotency_key: upload.key,
    action: upload.action,
    target_id: upload.targetId,
    file_sha256: upload.fileSha256,
    result_id: resultId,
    created_at: at.toISOString(),
  });
}
