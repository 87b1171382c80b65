import { EVIDENCE_MAX_BYTES } from '@sk-tanaw/contract';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
const EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i;

/** What the file input offers; the server checks the content itself. */
export const EVIDENCE_ACCEPT =
  'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';

export const isPdfFile = (file: File) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** A quick check before uploading (type and size); null when the file may be sent. */
export function evidenceFileProblem(
  t: (id: string, values?: Record<string, unknown>) => string,
  file: File | null,
): string | null {
  if (!file) {
    return t('tracker.evidence.noFile');
  }
  if (!(TYPES.has(file.type) || (file.type === '' && EXTENSIONS.test(file.name)))) {
    return t('tracker.evidence.type');
  }
  if (file.size > EVIDENCE_MAX_BYTES) {
    return t('tracker.evidence.tooLarge', { max: EVIDENCE_MAX_BYTES / (1024 * 1024) });
  }
  return null;
}
