import { i18n } from '../../../i18n/index.ts';
import { FileActionError, fetchSignedFile, saveBlob } from '../../../lib/file-download.ts';
import { getFileUrl } from '../api/get-file-url.ts';

export { FileActionError } from '../../../lib/file-download.ts';

/** Signed link, then the bytes; each step fails with its own section-8 message. */
export async function fetchDocument(fileUrl: string, purpose: 'view' | 'download'): Promise<Blob> {
  let url: string;
  try {
    url = await getFileUrl(fileUrl);
  } catch {
    throw new FileActionError(
      purpose === 'view'
        ? i18n._('projects.file.viewUrlFailed')
        : i18n._('projects.file.downloadUrlFailed'),
    );
  }
  return fetchSignedFile(
    url,
    purpose === 'view'
      ? i18n._('projects.file.viewLoadFailed')
      : i18n._('projects.file.downloadFailed'),
  );
}

/** Saves a document under its original name. */
export async function downloadDocument(fileUrl: string, fileName: string): Promise<void> {
  const blob = await fetchDocument(fileUrl, 'download');
  saveBlob(blob, fileName, i18n._('projects.file.downloadFailed'));
}

export function isPdf(fileType: string | null, fileName: string | null): boolean {
  return fileType === 'pdf' || (fileName ?? '').toLowerCase().endsWith('.pdf');
}
