import { useQuery } from '@tanstack/react-query';
import {
  TRACKER_EVIDENCE_FILE_PATH,
  TRACKER_EVIDENCE_THUMBNAIL_PATH,
  endpointPath,
} from '@sk-tanaw/contract';
import { fetchApiBlob } from '../../../lib/api-download.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

/** GET /api/tracker/evidence/:id/file: the stored file (photos without their EXIF data). */
export async function getEvidenceFile(id: number): Promise<Blob> {
  const { blob } = await fetchApiBlob(endpointPath(TRACKER_EVIDENCE_FILE_PATH, { id }));
  return blob;
}

/**
 * GET /api/tracker/evidence/:id/thumbnail with the session's token (an `<img src>` cannot send
 * it), kept while the item is open. A thumbnail never changes: a new photo is a new id.
 */
export function useEvidenceThumbnail(id: number) {
  return useQuery({
    queryKey: trackerKeys.evidenceThumbnail(id),
    queryFn: async ({ signal }) =>
      (await fetchApiBlob(endpointPath(TRACKER_EVIDENCE_THUMBNAIL_PATH, { id }), undefined, signal))
        .blob,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
