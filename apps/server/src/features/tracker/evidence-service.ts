import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  EVIDENCE_MAX_BYTES,
  EvidenceUpdateSchema,
  TRACKER_MAX_EVIDENCE,
  TRACKER_MESSAGES,
  type TrackerItem,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { badRequest, notFound, payloadTooLarge } from '../../lib/errors.ts';
import { newStoredName } from '../../lib/files/storage.ts';
import {
  abandonUploads,
  completeRemovals,
  recordRemovals,
  recordUploads,
  settleUploads,
} from '../../common/pending-uploads.ts';
import {
  recordReceipt,
  sha256,
  storeOnce,
  type KeyedUpload,
} from '../../common/upload-receipts.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import type { AppTransaction, Executor } from '../../db/database.ts';
import {
  auditTracker,
  changeChild,
  itemDetail,
  itemNotFound,
  lockedItem,
  requireEdit,
  unprocessable,
  type TrackerDeps,
} from './context.ts';
import { prepareEvidence } from './evidence/index.ts';
import * as evidenceRepo from './evidence-repository.ts';
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

/** The upload's name with the extension of what is stored (a photo may have been renamed). */
export function storedFileName(originalName: string, extension: string): string {
  const dot = originalName.lastIndexOf('.');
  const base = dot > 0 ? originalName.slice(0, dot) : originalName;
  return `${base}.${extension}`;
}

/** The multipart text fields of an upload, as the JSON update takes them. */
export function evidenceFields(fields: Record<string, string>): EvidenceInput {
  const flag = fields.public;
  const parsed = EvidenceUpdateSchema.safeParse({
    caption: fields.caption ?? '',
    public:
      flag === undefined || flag === ''
        ? false
        : flag === 'true'
          ? true
          : flag === 'false'
            ? false
            : flag,
  });
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
  }
  return parsed.data;
}

/** The thumbnail's name for downloads: the file's name with the thumbnail's own extension. */
export function thumbnailFileName(fileName: string, storedName: string): string {
  const extension = storedName.slice(storedName.lastIndexOf('.'));
  const base = fileName.includes('.') ? fileName.slice(0, fileName.lastIndexOf('.')) : fileName;
  return `${base}-thumbnail${extension}`;
}

/** Opens a row's stored file or thumbnail; 404 when there is none (a PDF has no thumbnail). */
export async function openEvidence(
  deps: TrackerDeps,
  row: evidenceRepo.EvidenceRow,
  which: 'file' | 'thumbnail',
): Promise<EvidenceFile> {
  const key = which === 'file' ? row.stored_name : row.thumbnail_name;
  if (!key || !(await deps.storage.exists(key))) {
    throw evidenceNotFound();
  }
  return {
    fileName: which === 'file' ? row.file_name : thumbnailFileName(row.file_name, key),
    // Thumbnails are always JPEGs (evidence/index.ts).
    contentType: which === 'file' ? row.content_type : 'image/jpeg',
    stream: await deps.storage.open(key),
  };
}

const storedNamesOf = (row: evidenceRepo.EvidenceRow) =>
  row.thumbnail_name ? [row.stored_name, row.thumbnail_name] : [row.stored_name];

/** Evidence files of tracked items: caption, public flag, deletion and downloads. */
export function createEvidenceService(deps: TrackerDeps) {
  const { db, clock, storage } = deps;

  const changeEvidence = (
    user: AuthUser,
    id: number,
    work: (trx: AppTransaction, item: repo.ItemRow, old: evidenceRepo.EvidenceRow) => Promise<void>,
  ) => changeChild(deps, user, id, evidenceRepo.findEvidence, evidenceNotFound, work);

  return {
    /**
     * POST /api/tracker/items/:id/evidence: the staged upload is checked by content and what is
     * stored is made from it (photos re-encoded without EXIF, with a thumbnail); the uploaded
     * bytes themselves are never kept. The files are written first, outside any transaction (a
     * slow bucket holds no pooled connection and no lock of the item), then a short transaction
     * checks again with the item locked and inserts the row; if anything fails the files go again.
     * With an idempotency `key` (common/upload-receipts.ts) an attempt that repeats one already
     * stored answers the item as it is, storing nothing; the receipt commits with the row.
     */
    async uploadEvidence(
      user: AuthUser,
      itemId: number,
      file: StagedUpload | null,
      input: EvidenceInput,
      ctx: RequestContext,
      key: string | null = null,
    ): Promise<TrackerItem> {
      requireEdit(user);
      if (!file) {
        throw badRequest(TRACKER_MESSAGES.evidenceNoFile, 'TRACKER_NO_FILE');
      }
      if (file.size > EVIDENCE_MAX_BYTES) {
        throw payloadTooLarge(
          TRACKER_MESSAGES.evidenceTooLarge(EVIDENCE_MAX_BYTES / (1024 * 1024)),
          'TRACKER_EVIDENCE_TOO_LARGE',
        );
      }
      /** The item, when it takes one more file (checked before storing, and again locked). */
      const roomFor = async (executor: Executor, locked: boolean) => {
        const item = locked
          ? await lockedItem(deps, executor, user, itemId)
          : await repo.findItem(executor, user, itemId);
        if (!item) {
          throw itemNotFound();
        }
        if (
          (await repo.countChildren(executor, user, 'evidence', itemId)) >= TRACKER_MAX_EVIDENCE
        ) {
          throw unprocessable(
            'TRACKER_TOO_MANY',
            TRACKER_MESSAGES.tooMany('evidence files', TRACKER_MAX_EVIDENCE),
          );
        }
        return item;
      };
      const bytes = await readFile(file.path);
      const keyed: KeyedUpload | null = key
        ? {
            userId: user.id,
            key,
            action: 'tracker.evidence',
            targetId: itemId,
            fileSha256: sha256(bytes),
          }
        : null;
      // A repeated attempt is answered before the room check (the first may have filled the item).
      const answer = () => itemDetail(deps, user, itemId);
      return storeOnce(
        db,
        keyed,
        async () => {
          await roomFor(db, false);
          const prepared = await prepareEvidence(bytes);
          const storedName = newStoredName(prepared.extension);
          const thumbnailName = prepared.thumbnail ? newStoredName('jpg') : null;
          const names = thumbnailName ? [storedName, thumbnailName] : [storedName];
          const now = clock.now();
          // Recorded before anything is stored: a crash before the commit leaves the intent,
          // which the sweep (common/document-sweep.ts) follows to the files.
          await recordUploads(db, names, user.barangayId, now);
          try {
            await storage.write(storedName, Readable.from([prepared.body]));
            if (thumbnailName && prepared.thumbnail) {
              await storage.write(thumbnailName, Readable.from([prepared.thumbnail]));
            }
            await db.transaction().execute(async (trx) => {
              const item = await roomFor(trx, true);
              const row = {
                kind: prepared.kind,
                file_name: storedFileName(file.originalName, prepared.extension),
                caption: input.caption,
                is_public: input.public ? 1 : 0,
                size_bytes: prepared.body.length,
              };
              const id = await evidenceRepo.insertEvidence(trx, user, {
                ...row,
                item_id: itemId,
                stored_name: storedName,
                thumbnail_name: thumbnailName,
                content_type: prepared.contentType,
                uploaded_by: user.id,
                uploaded_at: now.toISOString(),
              });
              await auditTracker(trx, user, ctx, now, {
                action: 'TRACKER_ADD_EVIDENCE',
                description: `${user.username} uploaded evidence "${row.file_name}" for ${item.reference_code}`,
                newValue: { id, itemId, referenceCode: item.reference_code, ...evidenceValue(row) },
              });
              if (keyed) {
                await recordReceipt(trx, keyed, id, now);
              }
              await settleUploads(trx, names);
            });
          } catch (error) {
            await abandonUploads(db, storage, names);
            throw error;
          }
          return answer();
        },
        answer,
      );
    },

    /** PUT /api/tracker/evidence/:id: caption and the public flag. */
    updateEvidence(user: AuthUser, id: number, input: EvidenceInput, ctx: RequestContext) {
      const now = clock.now();
      return changeEvidence(user, id, async (trx, item, old) => {
        const patch = { caption: input.caption, is_public: input.public ? 1 : 0 };
        await evidenceRepo.updateEvidence(trx, user, id, patch);
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
      let removed: evidenceRepo.EvidenceRow | undefined;
      const answer = await changeEvidence(user, id, async (trx, item, old) => {
        await repo.deleteChild(trx, user, 'evidence', id);
        await recordRemovals(trx, storedNamesOf(old), user.barangayId, now);
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_DELETE_EVIDENCE',
          description: `${user.username} deleted evidence "${old.file_name}" of ${item.reference_code}`,
          oldValue: { id, referenceCode: item.reference_code, ...evidenceValue(old) },
        });
        removed = old;
      });
      // After the commit: a file a crash leaves here, its removal intent names for the sweep.
      if (removed) {
        await completeRemovals(db, storage, storedNamesOf(removed));
      }
      return answer;
    },

    /** GET /api/tracker/evidence/:id/file and /thumbnail (the caller's barangay only). */
    async evidenceFile(
      scope: BarangayScope,
      id: number,
      which: 'file' | 'thumbnail',
    ): Promise<EvidenceFile> {
      const row = await evidenceRepo.findEvidence(db, scope, id);
      if (!row) {
        throw evidenceNotFound();
      }
      return openEvidence(deps, row, which);
    },
  };
}
