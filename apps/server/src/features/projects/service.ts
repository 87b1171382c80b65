import {
  INITIAL_PROJECT_STATUS,
  PROJECT_MESSAGES,
  can,
  canResubmit,
  languageFromTag,
  projectFileTypeOf,
  type Project,
  type ProjectDocument,
  type ProjectFileType,
  type ProjectHistoryEntry,
  type ProjectListResponse,
  type ResubmitProjectFields,
  type SubmitProjectFields,
  type UpdateProjectStatusRequest,
} from '@sk-tanaw/contract';
import {
  transactionWithLocks,
  type AppDb,
  type AppTransaction,
  type DialectName,
} from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { detectDocumentType } from '../../lib/files/file-type.ts';
import { statusChangedMail } from './mail.ts';
import { checkLguStep, cityProjectScope } from '../city/proposals.ts';
import * as repo from './repository.ts';
import {
  documentRow,
  fileLocation,
  formatReference,
  isUniqueViolation,
  referenceYear,
  toProject,
} from './project-rows.ts';
import { signFileLink } from '../../lib/files/signed-links.ts';
import { newStoredName, type DocumentStorage } from '../../lib/files/storage.ts';
import { categoryChoices, inferCategory } from '../../common/project-category.ts';
import { rawDataCategories } from '../../common/raw-category-repository.ts';
import { abandonUploads, recordUploads, settleUploads } from '../../common/pending-uploads.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import { readCache } from '../../db/read-cache.ts';
import { reusableAnswer } from '../../lib/reusable-answer.ts';
import { crashPoint } from '../../lib/crash-point.ts';

export const PROJECTS_MODULE = 'Projects';
export { formatReference, referenceYear } from './project-rows.ts';

/**
 * The active-project lists per barangay and proposer (see `activeWithDocuments`); a thousand
 * lists bound the memory (a large barangay's list is tens of kilobytes).
 */
const activeLists = readCache<string, ProjectListResponse>(
  ['projects', 'project_documents', 'users'],
  {
    max: 1_000,
    ttlMs: 2_000,
  },
);

export interface ProjectServiceDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  mailer: Mailer;
  /** Runs the status e-mail after the answer; app close waits for it. */
  background: BackgroundTasks;
  storage: DocumentStorage;
  appSecret: string;
}

export function createProjectService(deps: ProjectServiceDeps) {
  const { db, clock, mailer, storage, background } = deps;

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

  async function projectById(
    scope: BarangayScope,
    id: number,
    withProposer: boolean,
  ): Promise<Project> {
    const row = await repo.findProject(db, scope, id);
    if (!row) {
      throw notFound(PROJECT_MESSAGES.notFound);
    }
    const docs = await repo.latestDocuments(db, scope, [row.id]);
    return toProject(row, docs.get(row.id), withProposer);
  }

  /**
   * The active projects of a scope with their newest documents (two compiled queries), kept until
   * a project, document or user changes (db/read-cache.ts) and turned into JSON once per change:
   * officers and the chair reload these lists far more often than projects change.
   */
  async function activeWithDocuments(
    scope: BarangayScope & { proposerId?: number },
    withProposer: boolean,
  ): Promise<ProjectListResponse> {
    const key = `${String(scope.barangayId)}:${String(scope.proposerId ?? '*')}:${String(withProposer)}`;
    return activeLists.get(db, key, async () => {
      const rows = await repo.listActive(db, scope);
      const docs = await repo.latestDocumentsOfActive(db, scope);
      return reusableAnswer({
        success: true as const,
        projects: rows.map((r) => toProject(r, docs.get(r.id), withProposer)),
      });
    });
  }

  /** What the policies need to know about a project. */
  const asResource = (row: { proposer_id: number; barangay_id: number }) => ({
    ownerId: row.proposer_id,
    barangayId: row.barangay_id,
  });

  return {
    /** The answer of GET /api/projects/user/:userId. */
    async listOwn(user: AuthUser, userId: number): Promise<ProjectListResponse> {
      if (!can(user, 'project.listOwn', { ownerId: userId })) {
        throw forbidden(PROJECT_MESSAGES.notYourProjects, 'NOT_YOUR_PROJECTS');
      }
      return activeWithDocuments({ barangayId: user.barangayId, proposerId: user.id }, false);
    },

    /** The answer of GET /api/projectreview/all. */
    async listForReview(user: AuthUser): Promise<ProjectListResponse> {
      return activeWithDocuments({ barangayId: user.barangayId }, true);
    },

    async submit(
      user: AuthUser,
      fields: Omit<SubmitProjectFields, 'category'> & { category?: string | null },
      file: StagedUpload | null,
      ctx: RequestContext,
    ): Promise<Project> {
      if (fields.userId !== user.id) {
        throw forbidden(PROJECT_MESSAGES.notYourSubmission, 'NOT_YOURSELF');
      }
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
      const id = await writeWithFile(user, staged, [numbering], async (trx) => {
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
        await repo.insertHistory(trx, user, {
          project_id: projectId,
          from_status: null,
          to_status: INITIAL_PROJECT_STATUS,
          remarks: null,
          changed_by: user.id,
          changed_by_name: user.fullName,
          changed_at: stamp,
        });
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: PROJECTS_MODULE,
          action: 'PROJECT_SUBMITTED',
          description: `${user.username} submitted project ${reference}: ${fields.title}`,
          newValue: {
            referenceNumber: reference,
            title: fields.title,
            status: INITIAL_PROJECT_STATUS,
            category,
            categoryInferred: !chosen && category !== null,
            file: staged ? { name: staged.file.originalName, sha256: staged.file.sha256 } : null,
          },
          ip: ctx.ip,
          at: now,
        });
        return projectId;
      });
      return projectById(user, id, false);
    },

    async updateStatus(
      user: AuthUser,
      id: number,
      input: { status: UpdateProjectStatusRequest['status']; remarks: string | null },
      ctx: RequestContext,
    ): Promise<void> {
      const now = clock.now();
      const stamp = now.toISOString();
      // The chair's own name is recorded; a reviewerName in the request is not trusted.
      const reviewer = user.fullName;
      const before = await db.transaction().execute(async (trx) => {
        // A city account (the CYDO) acts on a proposal of its city's barangays;
        // everyone else on their own barangay's (the repository puts it in every WHERE).
        const scope: BarangayScope =
          user.tenantKind === 'city' ? await cityProjectScope(trx, user, id) : user;
        const project = await repo.findProject(trx, scope, id, deps.dialect === 'postgres');
        if (!project || project.is_archived === 1) {
          throw notFound(PROJECT_MESSAGES.notFound);
        }
        const step = await checkLguStep(trx, user, project, input.status);
        await repo.updateProject(trx, scope, id, {
          status: input.status,
          remarks: input.remarks,
          reviewer_id: user.id,
          reviewed_by: reviewer,
          updated_at: stamp,
        });
        await repo.insertHistory(trx, scope, {
          project_id: id,
          from_status: project.status,
          to_status: input.status,
          remarks: input.remarks,
          changed_by: user.id,
          changed_by_name: reviewer,
          changed_at: stamp,
        });
        // In the proposal's barangay's log, also when the city decided.
        await writeAudit(trx, {
          scope,
          userId: user.id,
          username: user.username,
          module: PROJECTS_MODULE,
          action: step === 'reopen' ? 'PROJECT_LGU_REOPENED' : 'PROJECT_STATUS_CHANGED',
          description:
            step === 'reopen'
              ? `${user.username} (city) reopened the city's decision "${project.status}" on ${project.reference_number}: it is "${input.status}" again`
              : `${user.username} changed ${project.reference_number} from "${project.status}" to "${input.status}"`,
          oldValue: { status: project.status, remarks: project.remarks },
          newValue: { status: input.status, remarks: input.remarks, reviewedBy: reviewer },
          ip: ctx.ip,
          at: now,
        });
        return project;
      });
      // After the commit, and without holding up the answer: a slow mail server must not
      // block the chair, and a failed message is logged, not turned into a failed review.
      const message = statusChangedMail({
        to: before.proposer_email,
        proposerName: before.proposer_name,
        referenceNumber: before.reference_number,
        title: before.title,
        status: input.status,
        remarks: input.remarks,
        reviewerName: reviewer,
        language: languageFromTag(before.proposer_language),
      });
      background.run('status e-mail failed', () => mailer.send(message), {
        project: before.reference_number,
      });
    },

    async resubmit(
      user: AuthUser,
      id: number,
      fields: ResubmitProjectFields,
      file: StagedUpload | null,
      ctx: RequestContext,
    ): Promise<Project> {
      const project = await repo.findProject(db, user, id);
      if (
        !project ||
        project.is_archived === 1 ||
        !can(user, 'project.resubmit', asResource(project))
      ) {
        throw notFound(PROJECT_MESSAGES.notFound);
      }
      if (!canResubmit(project.status)) {
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
        await repo.insertHistory(trx, user, {
          project_id: id,
          from_status: current.status,
          to_status: INITIAL_PROJECT_STATUS,
          remarks: fields.notes,
          changed_by: user.id,
          changed_by_name: user.fullName,
          changed_at: stamp,
        });
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: PROJECTS_MODULE,
          action: 'PROJECT_RESUBMITTED',
          description: `${user.username} resubmitted ${current.reference_number}${version ? ` with document version ${version}` : ''}`,
          oldValue: { status: current.status },
          newValue: {
            status: INITIAL_PROJECT_STATUS,
            notes: fields.notes,
            documentVersion: version,
            file: staged ? { name: staged.file.originalName, sha256: staged.file.sha256 } : null,
          },
          ip: ctx.ip,
          at: now,
        });
      });
      return projectById(user, id, false);
    },

    async history(user: AuthUser, id: number) {
      const project = await repo.findProject(db, user, id);
      if (
        !project ||
        project.is_archived === 1 ||
        !can(user, 'project.followHistory', asResource(project))
      ) {
        throw notFound(PROJECT_MESSAGES.notFound);
      }
      const [history, documents] = await Promise.all([
        repo.listHistory(db, user, id),
        repo.listDocuments(db, user, id),
      ]);
      const entries: ProjectHistoryEntry[] = history.map((h) => ({
        id: h.id,
        fromStatus: h.from_status,
        toStatus: h.to_status,
        remarks: h.remarks,
        changedBy: h.changed_by_name,
        changedAt: h.changed_at,
      }));
      const docs: ProjectDocument[] = documents.map((d) => ({
        version: d.version,
        fileUrl: fileLocation(d.stored_name),
        fileName: d.original_name,
        fileType: d.file_type,
        sizeBytes: d.size_bytes,
        sha256: d.sha256,
        notes: d.notes,
        uploadedBy: d.uploaded_by_name,
        uploadedAt: d.uploaded_at,
      }));
      return {
        project: toProject(project, documents[0], project.proposer_id !== user.id),
        history: entries,
        documents: docs,
      };
    },

    /** A signed link for the proposer, the barangay's chair or the barangay's administrators. */
    async fileLink(user: AuthUser, storedName: string): Promise<string> {
      const found = await repo.findDocumentByStoredName(db, user, storedName);
      // An archived project's documents are hidden from every link (the archive has its own).
      const doc = found?.is_archived === 0 ? found : undefined;
      if (!doc || !can(user, 'project.openFile', asResource(doc))) {
        throw notFound(PROJECT_MESSAGES.fileNotFound);
      }
      return signFileLink(deps.appSecret, doc.stored_name, clock.now());
    },

    /**
     * Start-up clean-up of this process's own staging folder: files of uploads a crash cut short
     * while they streamed in (before their intent was recorded). Runs before the server listens,
     * when none of its own uploads can be in flight. Stored documents a crash left are the
     * document sweep's (common/document-sweep.ts), which needs no listing of the storage.
     */
    async sweepStaging(): Promise<number> {
      return storage.sweepStaging(0, clock.now());
    },

    async documentForLink(storedName: string) {
      const doc = await repo.findDocumentForSignedLink(db, storedName);
      if (!doc || doc.is_archived !== 0 || !(await storage.exists(storedName))) {
        throw notFound(PROJECT_MESSAGES.fileNotFound);
      }
      return { doc, stream: await storage.open(storedName) };
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
