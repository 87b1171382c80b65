import { PROJECT_MESSAGES } from '@sk-tanaw/contract';
import { getFileUrl } from '../api/get-file-url.ts';

/** A failure whose message is already the text to show. */
export class FileActionError extends Error {}

/** Signed link, then the bytes; each step fails with its own section-8 message. */
export async function fetchDocument(fileUrl: string, purpose: 'view' | 'download'): Promise<Blob> {
  let url: string;
  try {
    url = await getFileUrl(fileUrl);
  } catch {
    throw new FileActionError(
      purpose === 'view' ? PROJECT_MESSAGES.viewUrlFailed : PROJECT_MESSAGES.downloadUrlFailed,
    );
  }
  try {
    const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) {
      throw new Error(`HTTP ${response.status}`);
    }
    return await response.blob();
  } catch {
    throw new FileActionError(
      purpose === 'view' ? PROJECT_MESSAGES.viewLoadFailed : PROJECT_MESSAGES.downloadFailed,
    );
  }
}

/** Saves a document under its original name. */
export async function downloadDocument(fileUrl: string, fileName: string): Promise<void> {
  const blob = await fetchDocument(fileUrl, 'download');
  try {
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
  } catch {
    throw new FileActionError(PROJECT_MESSAGES.downloadFailed);
  }
}

export function isPdf(fileType: string | null, fileName: string | null): boolean {
  return fileType === 'pdf' || (fileName ?? '').toLowerCase().endsWith('.pdf');
}
