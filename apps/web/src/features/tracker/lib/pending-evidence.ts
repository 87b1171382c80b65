/**
 * An evidence upload not yet answered, kept in sessionStorage per item: its idempotency key (a
 * UUID made when the file was chosen), what was typed (caption, public flag) and which file it
 * was (name, size, last change). A cut connection or a reload loses nothing typed; every attempt
 * of one upload sends one key, so the server stores the file once however often it is retried
 * (server: common/upload-receipts.ts). After a reload the file itself must be chosen again: the
 * same file (same name, size and date) takes the same key again.
 */
export interface PendingEvidence {
  key: string;
  caption: string;
  public: boolean;
  file: { name: string; size: number; lastModified: number } | null;
}

const storageKey = (itemId: number) => `tracker.pendingEvidence.${String(itemId)}`;

/** A UUID (version 4); crypto.randomUUID where the page is a secure context. */
export function newUploadKey(): string {
  if (typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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

/** Describes a chosen file, to know it again after a reload. */
export const fileSignature = (file: File) => ({
  name: file.name,
  size: file.size,
  lastModified: file.lastModified,
});

/** True when `file` is the one `pending` was made for. */
export function sameFile(pending: PendingEvidence, file: File): boolean {
  const known = pending.file;
  return (
    known !== null &&
    known.name === file.name &&
    known.size === file.size &&
    known.lastModified === file.lastModified
  );
}
