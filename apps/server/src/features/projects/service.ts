import {
  PROJECT_MESSAGES,
  can,
  languageFromTag,
  type ProjectDocument,
  type ProjectHistoryEntry,
  type ProjectListResponse,
  type UpdateProjectStatusRequest,
} from '@sk-tanaw/contract';
import { forbidden, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { statusChangedMail } from './mail.ts';
import { checkLguStep, cityProjectScope } from '../city/proposals.ts';
import * as repo from './repository.ts';
import { fileLocation, toProject } from './project-rows.ts';
import { signFileLink } from '../../lib/files/signed-links.ts';
import { readCache } from '../../db/read-cache.ts';
import { reusableAnswer } from '../../lib/reusable-answer.ts';
import { PROJECTS_MODULE, asResource, type ProjectServiceDeps } from './project-context.ts';
import { createSubmissions } from './submissions.ts';

// Projects: the lists, the review of a proposal's status, its history and its documents' links.
// Proposing and resubmitting with a document are submissions.ts.

export { PROJECTS_MODULE, type ProjectServiceDeps } from './project-context.ts';
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

export function createProjectService(deps: ProjectServiceDeps) {
  const { db, clock, mailer, storage, background } = deps;

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

  return {
    ...createSubmissions(deps),

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
