// Intents of document writes and deletions (the pending_uploads table), so that a crash between a
// stored object and the commit of the row naming it leaves a row that says so. The start-up of
// another process then cleans up what the intents name instead of listing the whole storage.
//
// A writer: `recordUploads` (committed on its own, before any object is written), then writes the
// objects outside any transaction (a slow bucket must hold no pooled connection and no row lock),
// then in a short transaction inserts the rows naming the documents and `settleUploads`; if
// anything after `recordUploads` fails, `abandonUploads`. A deleter: `recordRemovals` in the
// transaction that deletes the rows, then `completeRemovals` after it.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Executor } from '../db/database.ts';
import type { DocumentStorage } from '../lib/files/storage.ts';

/** Names this process in the intents it records (diagnostics, and so it never sweeps its own). */
export const PROCESS_OWNER = `${hostname().slice(0, 64)}:${String(process.pid)}:${randomBytes(4).toString('hex')}`;

const insertIntents = (
  db: Executor,
  kind: 'upload' | 'removal',
  names: readonly string[],
  barangayId: number | null,
  at: Date,
) =>
  names.length === 0
    ? Promise.resolve()
    : db
        .insertInto('pending_uploads')
        .values(
          names.map((stored_name) => ({
            stored_name,
            kind,
            barangay_id: barangayId,
            owner: PROCESS_OWNER,
            created_at: at.toISOString(),
          })),
        )
        .execute()
        .then(() => undefined);

const deleteIntents = (db: Executor, kind: 'upload' | 'removal', names: readonly string[]) =>
  names.length === 0
    ? Promise.resolve()
    : db
        .deleteFrom('pending_uploads')
        .where('kind', '=', kind)
        .where('stored_name', 'in', [...names])
        .execute()
        .then(() => undefined);

/** Before any of `names` is written: commits (outside any transaction) that they may be. */
export function recordUploads(
  db: Executor,
  names: readonly string[],
  barangayId: number | null,
  at: Date,
): Promise<void> {
  return insertIntents(db, 'upload', names, barangayId, at);
}

/**
 * In the transaction that commits the rows naming `names`: the uploads are no longer pending.
 * Fails (so the rows roll back) when an intent is gone: another process's sweep took the upload
 * for a crash's after the grace, and may have removed its objects.
 */
export async function settleUploads(trx: Executor, names: readonly string[]): Promise<void> {
  if (names.length === 0) {
    return;
  }
  const result = await trx
    .deleteFrom('pending_uploads')
    .where('kind', '=', 'upload')
    .where('stored_name', 'in', [...names])
    .executeTakeFirst();
  if (Number(result.numDeletedRows) < names.length) {
    throw new Error('An upload intent was swept before its rows were committed');
  }
}

/**
 * After the transaction of an upload failed: deletes what it may have stored, then its intents.
 * Never throws (the caller reports the original failure): what it could not do, the intents
 * still name for the sweep.
 */
export function abandonUploads(
  db: Executor,
  storage: DocumentStorage,
  names: readonly string[],
): Promise<void> {
  return removeObjects(db, storage, 'upload', names);
}

/** In the transaction that deletes the rows naming `names`: their objects are to go. */
export function recordRemovals(
  trx: Executor,
  names: readonly string[],
  barangayId: number | null,
  at: Date,
): Promise<void> {
  return insertIntents(trx, 'removal', names, barangayId, at);
}

/** After that transaction committed: deletes the objects, then the intents (else the sweep does). */
export function completeRemovals(
  db: Executor,
  storage: DocumentStorage,
  names: readonly string[],
): Promise<void> {
  return removeObjects(db, storage, 'removal', names);
}

/** Deletes the objects, then their intents of `kind`; what fails is left to the sweep. */
async function removeObjects(
  db: Executor,
  storage: DocumentStorage,
  kind: 'upload' | 'removal',
  names: readonly string[],
): Promise<void> {
  try {
    for (const name of names) {
      await storage.remove(name);
    }
    await deleteIntents(db, kind, names);
  } catch {
    // Left to the sweep (document-sweep.ts).
  }
}
