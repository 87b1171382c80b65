/** A failure whose message is already the text to show. */
export class FileActionError extends Error {}

/** The bytes behind a signed link; any failure becomes `message`. */
export async function fetchSignedFile(url: string, message: string): Promise<Blob> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) {
      throw new Error(`HTTP ${response.status}`);
    }
    return await response.blob();
  } catch {
    throw new FileActionError(message);
  }
}

/** Saves bytes under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string, message: string): void {
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
    throw new FileActionError(message);
  }
}
