import { EVIDENCE_MAX_BYTES, TRACKER_MESSAGES } from '@sk-tanaw/contract';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
const EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i;

/** What the file input offers; the server checks the content itself. */
export const EVIDENCE_ACCEPT =
  'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';

export const isPdfFile = (file: File) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** A quick check before uploading (type and size); null when the file may be sent. */
export function evidenceFileProblem(file: File | null): string | null {
  if (!file) {
    return TRACKER_MESSAGES.evidenceNoFile;
  }
  if (!(TYPES.has(file.type) || (file.type === '' && EXTENSIONS.test(file.name)))) {
    return TRACKER_MESSAGES.evidenceType;
  }
  if (file.size > EVIDENCE_MAX_BYTES) {
    return TRACKER_MESSAGES.evidenceTooLarge(EVIDENCE_MAX_BYTES / (1024 * 1024));
  }
  return null;
}
