import { sameSignature, type FileSignature } from '../../../lib/upload-key.ts';

/**
 * An evidence upload not yet answered, kept in sessionStorage per item: its idempotency key (a
 * UUID made when the file was chosen), what was typed (caption, public flag) and which file it
 * was (name, size, last change). A cut connection or a reload loses nothing typed; every attempt
 * of one upload sends one key, so the server stores the file once however often it is retried
 * (server: common/upload-receipts.ts). After a reload the file itself must be chosen again: the
 * same file (same name, size and date) takes the same key again. Keys: lib/upload-key.ts.
 */
export interface PendingEvidence {
  key: string;
  caption: string;
  public: boolean;
  file: FileSignature | null;
}

const storageKey = (itemId: number) => `tracker.pendingEvidence.${String(itemId)}`;

export function readPendingEvidence(itemId: number): PendingEvidence | null {
  try {
    const raw = sessionStorage.getItem(storageKey(itemId));
    if (!raw) {
      return null;
    }
    const value = JSON.parse(raw) as Partial<PendingEvidence>;
    return typeof value.key === 'string'
      ? {
          key: value.key,
          caption: typeof value.caption === 'string' ? value.caption : '',
          public: value.public === true,
          file: value.file ?? null,
        }
      : null;
  } catch {
    return null;
  }
}

export function savePendingEvidence(itemId: number, pending: PendingEvidence): void {
  try {
    sessionStorage.setItem(storageKey(itemId), JSON.stringify(pending));
  } catch {
    // Storage full or refused (private mode): the upload works, only a reload forgets it.
  }
}

export function clearPendingEvidence(itemId: number): void {
  try {
    sessionStorage.removeItem(storageKey(itemId));
  } catch {
    // As above.
  }
}

/** True when `file` is the one `pending` was made for. */
export const sameFile = (pending: PendingEvidence, file: File): boolean =>
  sameSignature(pending.file, file);
