import type { FileUrlResponse } from '@sk-tanaw/contract';
import { fileNameOfLocation } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * GET /api/projects/download/{fileName}: a short-lived signed link to the document. The file name
 * is the last path segment of the stored file location. Asked for each time, never cached.
 */
export async function getFileUrl(fileUrl: string): Promise<string> {
  const fileName = encodeURIComponent(fileNameOfLocation(fileUrl));
  const { data } = await apiClient.get<FileUrlResponse>(`/api/projects/download/${fileName}`);
  if (!data.url) {
    throw new Error('No file URL in the answer');
  }
  return data.url;
}
