/**
 * Idempotency keys of uploads (server: common/upload-receipts.ts). Every attempt of one upload
 * sends the same key in the Idempotency-Key header, so a retry after a cut connection is stored
 * once however often it is sent. The tracker makes a key when a file is chosen
 * (features/tracker/lib/pending-evidence.ts); a form makes one per content it sends (`keyFor`).
 */
import { IDEMPOTENCY_KEY_HEADER } from '@sk-tanaw/contract';

/** The upload call's options that send `key` (none without one). */
export const keyHeader = (key: string | undefined): { headers?: Record<string, string> } =>
  key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {};

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

/** What tells a chosen file again (after a reload too): its name, size and last change. */
export interface FileSignature {
  name: string;
  size: number;
  lastModified: number;
}

/** Describes a chosen file, to know it again after a reload. */
export const fileSignature = (file: File): FileSignature => ({
  name: file.name,
  size: file.size,
  lastModified: file.lastModified,
});

/** True when `file` is the one `known` describes. */
export const sameSignature = (known: FileSignature | null, file: File): boolean =>
  known !== null &&
  known.name === file.name &&
  known.size === file.size &&
  known.lastModified === file.lastModified;

/** A key and the content it was made for (`contentOf` of what a form sent). */
export interface ContentKey {
  key: string;
  content: string;
}

/** A form's content as one string: its values and its file's signature, in order. */
export const contentOf = (values: readonly (string | number | null)[], file: File | null) =>
  JSON.stringify([...values, file ? fileSignature(file) : null]);

/**
 * The key to send `content` under: the previous attempt's while the content is the same (a
 * retry), a new one when anything changed (another upload: the server would refuse the old key).
 */
export function keyFor(previous: ContentKey | null, content: string): ContentKey {
  return previous?.content === content ? previous : { key: newUploadKey(), content };
}

/** True when a previously stored value is a ContentKey. */
export const isContentKey = (value: unknown): value is ContentKey =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ContentKey).key === 'string' &&
  typeof (value as ContentKey).content === 'string';
