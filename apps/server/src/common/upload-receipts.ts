// Idempotent uploads. A phone on a slow connection may lose the answer to an upload that the
// server stored (the connection cut after the commit), and send it again. The client makes a key
// for one upload (a UUID: when a tracker photo is chosen, when a proposal's form is sent) and
// sends it in the `Idempotency-Key` header with every attempt. The first attempt that stores
// records a receipt (the account, the key, what the upload was for, the SHA-256 of what it sent,
// the stored row's id) in the same transaction as the row; a later attempt with the same key
// finds the receipt and answers what the first stored, storing nothing. A key is an account's
// own: another account's identical key is another upload. A key sent again with another file
// (or other words, where they count), or for another target, is refused (409
// IDEMPOTENCY_KEY_REUSED): it would hide an upload.
//
// A feature wraps its storing in `storeOnce` and calls `recordReceipt` in the transaction that
// writes the row.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, UPLOAD_MESSAGES } from '@sk-tanaw/contract';
import type { Executor } from '../db/database.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { findReceipt, insertReceipt } from './upload-receipts-repository.ts';

/**
 * What an upload did, as its receipt names it: an item's evidence (the target is the item, the
 * result the evidence row), a new proposal (no target; the result is the project) or a revised
 * one (the target and the result are the project: a resubmission with notes only stores no
 * document).
 */
export type UploadAction = 'tracker.evidence' | 'projects.submit' | 'projects.resubmit';

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
export const sha256 = (bytes: Uint8Array | string) =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * The digest a receipt keeps of an upload whose text counts as much as its file (a proposal's
 * title and description): the SHA-256 of the file's SHA-256 (null without a file) and the fields,
 * in a fixed order.
 */
export function contentDigest(
  fileSha256: string | null,
  fields: Record<string, string | number | null | undefined>,
): string {
  const ordered = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name] ?? null]);
  return sha256(JSON.stringify([fileSha256, ordered]));
}

/** An upload under a key: who sends it, what for, and its content's digest. */
export interface KeyedUpload {
  userId: number;
  key: string;
  action: UploadAction;
  targetId: number | null;
  /** The file's SHA-256, or `contentDigest` of the file and the fields that count. */
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

/**
 * Stores an upload once per key: `earlier` answers an attempt a first one already stored (checked
 * before `store`, and again when `store` fails: two attempts at once, the one whose receipt
 * committed first stored it); `store` writes the rows and calls `recordReceipt` in their
 * transaction. Without a key, `store` alone, as before.
 */
export async function storeOnce<T>(
  db: Executor,
  upload: KeyedUpload | null,
  store: () => Promise<T>,
  earlier: (resultId: number) => Promise<T>,
): Promise<T> {
  if (!upload) {
    return store();
  }
  const before = await earlierResult(db, upload);
  if (before !== null) {
    return earlier(before);
  }
  try {
    return await store();
  } catch (error) {
    const after = await earlierResult(db, upload);
    if (after !== null) {
      return earlier(after);
    }
    throw error;
  }
}

/**
 * Records the receipt, in the transaction that stores the row `resultId`. When another attempt
 * with the key committed meanwhile it refuses, so the transaction rolls back what it wrote and
 * `storeOnce` answers that attempt's result.
 */
export async function recordReceipt(
  trx: Executor,
  upload: KeyedUpload,
  resultId: number,
  at: Date,
): Promise<void> {
  if ((await earlierResult(trx, upload)) !== null) {
    throw conflict(UPLOAD_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
  }
  await insertReceipt(trx, {
    user_id: upload.userId,
    idempotency_key: upload.key,
    action: upload.action,
    target_id: upload.targetId,
    file_sha256: upload.fileSha256,
    result_id: resultId,
    created_at: at.toISOString(),
  });
}
