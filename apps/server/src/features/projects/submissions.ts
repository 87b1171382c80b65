import {
  INITIAL_PROJECT_STATUS,
  PROJECT_MESSAGES,
  can,
  canResubmit,
  projectFileTypeOf,
  type Project,
  type ProjectFileType,
  type ResubmitProjectFields,
  type SubmitProjectFields,
} from '@sk-tanaw/contract';
import { transactionWithLocks, type AppTransaction } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { detectDocumentType } from '../../lib/files/file-type.ts';
import * as repo from './repository.ts';
import { documentRow, formatReference, isUniqueViolation, referenceYear } from './project-rows.ts';
import { newStoredName } from '../../lib/files/storage.ts';
import { categoryChoices, inferCategory } from '../../common/project-category.ts';
import { rawDataCategories } from '../../common/raw-category-repository.ts';
import { abandonUploads, recordUploads, settleUploads } from '../../common/pending-uploads.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import {
  contentDigest,
  recordReceipt,
  storeOnce,
  type KeyedUpload,
} from '../../common/upload-receipts.ts';
import {
  PROJECTS_MODULE,
  asResource,
  projectById,
  type ProjectServiceDeps,
} from './project-context.ts';

// Proposals with their documents: a new proposal (POST /api/projects/submit) and a revised one
// (POST /api/projects/:id/resubmit). The document is checked by content and stored with its rows.

/** A new proposal's fields (the category is optional: inferred from the words when none). */
type ProposalFields = Omit<SubmitProjectFields, 'category'> & { category?: string | null };

/** What a proposal's submission or resubmission records besides its own rows. */
interface Submission {
  projectId: number;
  from: string | null;
  remarks: string | null;
  action: 'PROJECT_SUBMITTED' | 'PROJECT_RESUBMITTED';
  description: string;
  oldValue: Record<string, unknown> | null;
  newValue: Record<string, unknown>;
}

/**
 * The proposal's history row (to Pending Review), its audit entry and, under an idempotency key,
 * its receipt: in the transaction that stores the proposal or its revision.
 */
async function recordSubmission(
  trx: AppTransaction,
  user: AuthUser,
  ctx: RequestContext,
  now: Date,
  keyed: KeyedUpload | null,
  s: Submission,
): Promise<void> {
  const stamp = now.toISOString();
  await repo.insertHistory(trx, user, {
    project_id: s.projectId,
    from_status: s.from,
    to_status: INITIAL_PROJECT_STATUS,
    remarks: s.remarks,
    changed_by: user.id,
    changed_by_name: user.fullName,
    changed_at: stamp,
  });
  await writeAudit(trx, {
    scope: user,
    userId: user.id,
    username: user.username,
    module: PROJECTS_MODULE,
    action: s.action,
    description: s.description,
    ...(s.oldValue ? { oldValue: s.oldValue } : {}),
    newValue: s.newValue,
    ip: ctx.ip,
    at: now,
  });
  if (keyed) {
    await recordReceipt(trx, keyed, s.projectId, now);
  }
}

export function createSubmissions(deps: ProjectServiceDeps) {
  const { db, clock, storage } = deps;

  /** Checks the staged file by name and by content; returns its type. */
  async function checkDocument(file: StagedUpload): Promise<ProjectFileType> {
    const claimed = projectFileTypeOf(file.originalName);
    if (!claimed) {
      throw badRequest(PROJECT_MESSAGES.invalidFileType, 'INVALID_FILE_TYPE');
    }
    const actual = await detectDocumentType(file.path);
    if (actual !== claimed) {
      throw badRequest(PROJECT_MESSAGES.contentMismatch, 'FILE_CONTENT_MISMATCH');
    }
    return actual;
  }

  /**
   * Stores the staged file, then runs `work` in a short transaction, so rows and file succeed or
   * fail together without a slow bucket holding a pooled connection or a lock: a failed store
   * leaves no rows, a failed transaction removes the stored file again. `locks` are taken first
   * (PostgreSQL advisory locks), so writers that number projects one after another instead of
   * racing for the same reference number; a unique violation that still happens is retried a few
   * times.
   */
  async function writeWithFile<T>(
    scope: BarangayScope,
    staged: { file: StagedUpload; storedName: string } | null,
    locks: string[],
    work: (trx: AppTransaction) => Promise<T>,
  ): Promise<T> {
    const names = staged ? [staged.storedName] : [];
    // Committed before the file is stored: a crash before the rows commit leaves this intent,
    // which the sweep (common/document-sweep.ts) follows to the file.
    await recordUploads(db, names, scope.barangayId, clock.now());
    try {
      if (staged) {
        await storage.commit(staged.file, staged.storedName);
        crashPoint('document-stored');
      }
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await transactionWithLocks(db, deps.dialect, locks, async (trx) => {
            const result = await work(trx);
            await settleUploads(trx, names);
            return result;
          });
        } catch (error) {
          if (!(attempt < 5 && isUniqueViolation(error))) {
            throw error;
          }
        }
      }
    } catch (error) {
      await abandonUploads(db, storage, names);
      throw error;
    }
  }

  /** Stores a new proposal, its document and its receipt; returns the project's id. */
  async function propose(
    user: AuthUser,
    fields: ProposalFields,
    file: StagedUpload | null,
    ctx: RequestContext,
    keyed: KeyedUpload | null,
  ): Promise<number> {
    const choices = categoryChoices(await rawDataCategories(db, user));
    const chosen = fields.category
      ? choices.find((c) => c.toLowerCase() === fields.category?.toLowerCase())
      : null;
    if (fields.category && !chosen) {
      throw badRequest(PROJECT_MESSAGES.unknownCategory(choices), 'UNKNOWN_CATEGORY');
    }
    const category = chosen ?? inferCategory(`${fields.title} ${fields.description}`, choices);
    const type = file ? await checkDocument(file) : null;
    const staged = file && type ? { file, storedName: newStoredName(type) } : null;
    const now = clock.now();
    const stamp = now.toISOString();
    const year = referenceYear(now);
    const numbering = `project-reference:${String(user.barangayId)}:${String(year)}`;
    return writeWithFile(user, staged, [numbering], async (trx) => {
      const seq = await repo.nextReferenceSeq(trx, user, year);
      const reference = formatReference(user.barangayCode, year, seq);
      const projectId = await repo.insertProject(trx, user, {
        proposer_id: user.id,
        reference_number: reference,
        reference_year: year,
        reference_seq: seq,
        title: fields.title,
        description: fields.description,
        status: INITIAL_PROJECT_STATUS,
        reviewer_id: null,
        reviewed_by: null,
        remarks: null,
        submitted_at: stamp,
        updated_at: stamp,
        category,
        category_inferred: !chosen && category ? 1 : 0,
      });
      if (staged && type) {
        await repo.insertDocument(
          trx,
          user,
          documentRow(projectId, 1, staged, type, null, user.id, stamp),
        );
      }
      await recordSubmission(trx, user, ctx, now, keyed, {
        projectId,
        from: null,
        remarks: null,
        action: 'PROJECT_SUBMITTED',
        description: `${user.username} submitted project ${reference}: ${fields.title}`,
        oldValue: null,
        newValue: {
          referenceNumber: reference,
          title: fields.title,
          status: INITIAL_PROJECT_STATUS,
          category,
          categoryInferred: !chosen && category !== null,
          file: staged ? { name: staged.file.originalName, sha256: staged.file.sha256 } : null,
        },
      });
      return projectId;
    });
  }

  /** Stores a revision of proposal `id` (its document if any) and its receipt. */
  async function revise(
    user: AuthUser,
    id: number,
    status: string,
    fields: ResubmitProjectFields,
    file: StagedUpload | null,
    ctx: RequestContext,
    keyed: KeyedUpload | null,
  ): Promise<void> {
    if (!canResubmit(status)) {
      throw conflict(PROJECT_MESSAGES.resubmitNotAllowed, 'NOT_AWAITING_REVISION');
    }
    if (!file && !fields.notes) {
      throw badRequest(PROJECT_MESSAGES.resubmitEmpty, 'NOTHING_TO_RESUBMIT');
    }
    const type = file ? await checkDocument(file) : null;
    const staged = file && type ? { file, storedName: newStoredName(type) } : null;
    const now = clock.now();
    const stamp = now.toISOString();
    await writeWithFile(user, staged, [], async (trx) => {
      const current = await repo.findProject(trx, user, id, deps.dialect === 'postgres');
      if (!current || !canResubmit(current.status)) {
        throw conflict(PROJECT_MESSAGES.resubmitNotAllowed, 'NOT_AWAITING_REVISION');
      }
      let version: number | null = null;
      if (staged && type) {
        version = await repo.nextDocumentVersion(trx, user, id);
        await repo.insertDocument(
          trx,
          user,
          documentRow(id, version, staged, type, fields.notes, user.id, stamp),
        );
      }
      await repo.updateProject(trx, user, id, {
        status: INITIAL_PROJECT_STATUS,
        updated_at: stamp,
      });
      await recordSubmission(trx, user, ctx, now, keyed, {
        projectId: id,
        from: current.status,
        remarks: fields.notes,
        action: 'PROJECT_RESUBMITTED',
        description: `${user.username} resubmitted ${current.reference_number}${version ? ` with document version ${version}` : ''}`,
        oldValue: { status: current.status },
        newValue: {
          status: INITIAL_PROJECT_STATUS,
          notes: fields.notes,
          documentVersion: version,
          file: staged ? { name: staged.file.originalName, sha256: staged.file.sha256 } : null,
        },
      });
    });
  }

  return {
    /**
     * POST /api/projects/submit. With an idempotency `key` (common/upload-receipts.ts) an attempt
     * that repeats one already stored (same file, title, description and category) answers that
     * proposal and stores nothing; the receipt commits with the proposal.
     */
    async submit(
      user: AuthUser,
      fields: ProposalFields,
      file: StagedUpload | null,
      ctx: RequestContext,
      key: string | null = null,
    ): Promise<Project> {
      if (fields.userId !== user.id) {
        throw forbidden(PROJECT_MESSAGES.notYourSubmission, 'NOT_YOURSELF');
      }
      const keyed: KeyedUpload | null = key
        ? {
            userId: user.id,
            key,
            action: 'projects.submit',
            targetId: null,
            fileSha256: contentDigest(file?.sha256 ?? null, {
              title: fields.title,
              description: fields.description,
              category: fields.category,
            }),
          }
        : null;
      const answer = (id: number) => projectById(db, user, id, false);
      return storeOnce(
        db,
        keyed,
        async () => answer(await propose(user, fields, file, ctx, keyed)),
        answer,
      );
    },

    /**
     * POST /api/projects/:id/resubmit; with a `key` as `submit` (same file and notes), checked
     * before the status: the first attempt already returned the proposal to review.
     */
    async resubmit(
      user: AuthUser,
      id: number,
      fields: ResubmitProjectFields,
      file: StagedUpload | null,
      ctx: RequestContext,
      key: string | null = null,
    ): Promise<Project> {
      const project = await repo.findProject(db, user, id);
      if (
        !project ||
        project.is_archived === 1 ||
        !can(user, 'project.resubmit', asResource(project))
      ) {
        throw notFound(PROJECT_MESSAGES.notFound);
      }
      const keyed: KeyedUpload | null = key
        ? {
            userId: user.id,
            key,
            action: 'projects.resubmit',
            targetId: id,
            fileSha256: contentDigest(file?.sha256 ?? null, { notes: fields.notes }),
          }
        : null;
      const answer = () => projectById(db, user, id, false);
      return storeOnce(
        db,
        keyed,
        async () => {
          await revise(user, id, project.status, fields, file, ctx, keyed);
          return answer();
        },
        answer,
      );
    },
  };
}
