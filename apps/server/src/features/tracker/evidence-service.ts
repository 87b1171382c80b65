import type { Readable } from 'node:stream';
import { TRACKER_MESSAGES, type EvidenceUpdateSchema, type TrackerItem } from '@sk-tanaw/contract';
import type { z } from 'zod';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import type { AppTransaction } from '../../db/database.ts';
import { auditTracker, changeChild, type TrackerDeps } from './context.ts';
import * as repo from './repository.ts';

type EvidenceInput = z.output<typeof EvidenceUpdateSchema>;

export const evidenceNotFound = () =>
  notFound(TRACKER_MESSAGES.evidenceNotFound, 'TRACKER_EVIDENCE_NOT_FOUND');

/** A stored evidence file (or its thumbnail) ready to send. */
export interface EvidenceFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

const evidenceValue = (e: {
  kind: string;
  file_name: string;
  caption: string;
  is_public: number;
  size_bytes: number;
}) => ({
  kind: e.kind,
  fileName: e.file_name,
  caption: e.caption,
  public: e.is_public === 1,
  size: e.size_bytes,
});

/** The thumbnail's name for downloads: the file's name with the thumbnail's own extension. */
export function thumbnailFileName(fileName: string, storedName: string): string {
  const extension = storedName.slice(storedName.lastIndexOf('.'));
  const base = fileName.includes('.') ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName;
  return `${base}-thumbnail${extension}`;
}

/** Opens a row's stored file or thumbnail; 404 when there is none (a PDF has no thumbnail). */
export async function openEvidence(
  deps: TrackerDeps,
  row: repo.EvidenceRow,
  which: 'file' | 'thumbnail',
): Promise<EvidenceFile> {
  const key = which === 'file' ? row.stored_name : row.thumbnail_name;
  if (!key || !(await deps.storage.exists(key))) {
    throw evidenceNotFound();
  }
  return {
    fileName: which === 'file' ? row.file_name : thumbnailFileName(row.file_name, key),
    contentType: which === 'file' ? row.content_type : (row.thumbnail_content_type ?? 'image/jpeg'),
    stream: await deps.storage.open(key),
  };
}

/** Evidence files of tracked items: caption, public flag, deletion and downloads. */
export function createEvidenceService(deps: TrackerDeps) {
  const { db, clock, storage } = deps;

  const changeEvidence = (
    user: AuthUser,
    id: number,
    work: (trx: AppTransaction, item: repo.ItemRow, old: repo.EvidenceRow) => Promise<void>,
  ) => changeChild(deps, user, id, repo.findEvidence, evidenceNotFound, work);

  return {
    /** PUT /api/tracker/evidence/:id: caption and the public flag. */
    updateEvidence(user: AuthUser, id: number, input: EvidenceInput, ctx: RequestContext) {
      const now = clock.now();
      return changeEvidence(user, id, async (trx, item, old) => {
        const patch = { caption: input.caption, is_public: input.public ? 1 : 0 };
        await repo.updateEvidence(trx, user, id, patch);
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_EDIT_EVIDENCE',
          description: `${user.username} changed evidence "${old.file_name}" of ${item.reference_code}`,
          oldValue: { id, referenceCode: item.reference_code, ...evidenceValue(old) },
          newValue: {
            id,
            referenceCode: item.reference_code,
            ...evidenceValue({ ...old, ...patch }),
          },
        });
      });
    },

    /** DELETE /api/tracker/evidence/:id: the row, then its stored files. */
    async deleteEvidence(user: AuthUser, id: number, ctx: RequestContext): Promise<TrackerItem> {
      const now = clock.now();
      let removed: repo.EvidenceRow | undefined;
      const answer = await changeEvidence(user, id, async (trx, item, old) => {
        await repo.deleteChild(trx, user, 'evidence', id);
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_DELETE_EVIDENCE',
          description: `${user.username} deleted evidence "${old.file_name}" of ${item.reference_code}`,
          oldValue: { id, referenceCode: item.reference_code, ...evidenceValue(old) },
        });
        removed = old;
      });
      // After the commit: a file left behind by a crash here is swept at the next start.
      if (removed) {
        await storage.remove(removed.stored_name);
        if (removed.thumbnail_name) {
          await storage.remove(removed.thumbnail_name);
        }
      }
      return answer;
    },

    /** GET /api/tracker/evidence/:id/file and /thumbnail (the caller's barangay only). */
    async evidenceFile(
      scope: BarangayScope,
      id: number,
      which: 'file' | 'thumbnail',
    ): Promise<EvidenceFile> {
      const row = await repo.findEvidence(db, scope, id);
      if (!row) {
        throw evidenceNotFound();
      }
      return openEvidence(deps, row, which);
    },
  };
}
