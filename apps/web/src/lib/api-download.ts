import { i18n } from '../i18n/index.ts';
import { apiClient } from './api-client.ts';
import { isAxiosError } from './api-errors.ts';
import { saveBlob } from './file-download.ts';

/** The file name the server gives (`Content-Disposition`), else a readable one of our own. */
export function documentFileName(disposition: string | undefined, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Badly encoded: try the plain form.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/** An error answer to a blob request arrives as a blob: read it back as JSON for its message. */
async function readBlobError(error: unknown): Promise<never> {
  if (isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text()) as unknown;
    } catch {
      // Not JSON: keep the status text.
    }
  }
  throw error;
}

/** The bytes of an API path fetched with the session's token (files that need signing in). */
export async function fetchApiBlob(
  path: string,
  params?: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | null }> {
  try {
    const response = await apiClient.get<Blob>(path, { params, responseType: 'blob', signal });
    const disposition: unknown = response.headers['content-disposition'];
    const fileName =
      typeof disposition === 'string' && disposition !== ''
        ? documentFileName(disposition, '')
        : '';
    return { blob: response.data, fileName: fileName || null };
  } catch (error) {
    return readBlobError(error);
  }
}

/**
 * Downloads an API path with the session's token and saves it under the server's file name (or
 * `fallbackName`); a failure carries the server's message.
 */
export async function downloadApiFile(
  path: string,
  params: Record<string, string>,
  fallbackName: string,
): Promise<void> {
  const { blob, fileName } = await fetchApiBlob(path, params);
  saveBlob(blob, fileName ?? fallbackName, i18n._('common.document.saveFailed'));
}

/**
 * Downloads the answer of a POST with a JSON body (a download whose request carries what must
 * never be in an address, such as the reason personal data are exported) under the server's
 * file name (or `fallbackName`); a failure carries the server's message.
 */
export async function downloadApiPost(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<void> {
  let blob: Blob;
  let fileName = '';
  try {
    const response = await apiClient.post<Blob>(path, body, { responseType: 'blob' });
    const disposition: unknown = response.headers['content-disposition'];
    fileName =
      typeof disposition === 'string' && disposition !== ''
        ? documentFileName(disposition, '')
        : '';
    blob = response.data;
  } catch (error) {
    return readBlobError(error);
  }
  saveBlob(blob, fileName || fallbackName, i18n._('common.document.saveFailed'));
}
