import { rawDataUploadEndpoint, type RawDataUploadResponse } from '@sk-tanaw/contract';
import { uploadWithProgress } from '../../../lib/api-client.ts';

/** POST /api/rawdata/upload (multipart `file`), 10-minute timeout, `uploadProgress` events. */
export async function uploadRawData(file: File): Promise<RawDataUploadResponse> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await uploadWithProgress<RawDataUploadResponse>(
    rawDataUploadEndpoint.path,
    form,
  );
  return data;
}
