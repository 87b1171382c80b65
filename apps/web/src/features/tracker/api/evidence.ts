import {
  TRACKER_EVIDENCE_FILE_FIELD,
  TRACKER_EVIDENCE_UPLOAD_PATH,
  deleteEvidenceEndpoint,
  endpointPath,
  updateEvidenceEndpoint,
  type EvidenceUpdate,
} from '@sk-tanaw/contract';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { keyHeader } from '../../../lib/upload-key.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { useItemMutation, type ItemAnswer } from './item-mutation.ts';

export interface UploadEvidenceInput {
  itemId: number;
  file: File;
  caption: string;
  /** Shown on the public disclosure board (photos only). */
  public: boolean;
  /** The upload's idempotency key: every attempt of one upload sends the same. */
  key?: string;
}

/**
 * POST /api/tracker/items/:id/evidence, multipart: `file`, `caption`, `public`; with the key in
 * the Idempotency-Key header, a repeated attempt answers what the first stored.
 */
export async function uploadEvidence(input: UploadEvidenceInput): Promise<ItemAnswer> {
  const form = new FormData();
  // The fields first: the server reads them before it streams the file.
  form.append('caption', input.caption);
  form.append('public', input.public ? 'true' : 'false');
  form.append(TRACKER_EVIDENCE_FILE_FIELD, input.file);
  const { data } = await uploadWithProgress<ItemAnswer>(
    endpointPath(TRACKER_EVIDENCE_UPLOAD_PATH, { id: input.itemId }),
    form,
    keyHeader(input.key),
  );
  return data;
}

export interface UpdateEvidenceInput {
  id: number;
  body: EvidenceUpdate;
}

/** PUT /api/tracker/evidence/:id: the caption and whether the public board shows the photo. */
export function updateEvidence({ id, body }: UpdateEvidenceInput): Promise<ItemAnswer> {
  return callEndpoint(updateEvidenceEndpoint, { params: { id }, body });
}

/** DELETE /api/tracker/evidence/:id. */
export function deleteEvidence(id: number): Promise<ItemAnswer> {
  return callEndpoint(deleteEvidenceEndpoint, { params: { id } });
}

export const useUploadEvidence = () => useItemMutation(uploadEvidence);
export const useUpdateEvidence = () => useItemMutation(updateEvidence);
export const useDeleteEvidence = () => useItemMutation(deleteEvidence);
