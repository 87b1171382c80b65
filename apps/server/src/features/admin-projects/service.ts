import { ADMIN_MESSAGES, type AdminProject, type ArchivedProject } from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { ProjectDocumentRow } from '../../db/schema.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { signFileLink, signLink, verifyLink } from '../../lib/files/signed-links.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import * as repo from './repository.ts';

export const ADMIN_PROJECTS_MODULE = 'Projects';

/** Links to documents of archived projects: a scope of their own, served by the archive. */
const ARCHIVED_FILE_SCOPE = 'archived-project-file';
export const ARCHIVED_FILE_PATH = '/api/admin/proj-archive/files';

export const verifyArchivedFileLink = (
  secret: string,
  storedName: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean => verifyLink(secret, ARCHIVED_FILE_SCOPE, storedName, expires, sig, now);

export interface AdminProjectServiceDeps {
  db: AppDb;
  clock: Clock;
  storage: DocumentStorage;
  appSecret: string;
}

function toAdminProject(
  row: repo.AdminProjectRow,
  doc: ProjectDocumentRow | undefined,
): AdminProject {
  return {
    projectID: row.id,
    referenceNumber: row.reference_number,
    proposerName: row.proposer_name,
    title: row.title,
    status: row.status,
    submittedDate: row.submitted_at,
    reviewedBy: row.reviewed_by,
    remarks: row.remarks,
    fileName: doc?.original_name ?? null,
    fileType: doc?.file_type ?? null,
  };
}

function toArchivedProject(
  row: repo.AdminProjectRow,
  doc: ProjectDocumentRow | undefined,
): ArchivedProject {
  return {
    projectID: row.id,
    reference_number: row.reference_number,
    submittedBy: row.proposer_name,
    title: row.title,
    statusName: row.status,
    submittedDate: row.submitted_at,
    reviewedBy: row.reviewed_by,
    remarks: row.remarks,
    file_name: doc?.original_name ?? null,
    file_type: doc?.file_type ?? null,
    archivedAt: row.archived_at,
    archivedBy: row.archived_by_name,
  };
}

export function createAdminProjectService({
  db,
  clock,
  storage,
  appSecret,
}: AdminProjectServiceDeps) {
  async function withDocuments(scope: BarangayScope, archived: boolean) {
    const rows = await repo.listProjects(db, scope, archived);
    const docs = await repo.latestDocuments(
      db,
      scope,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ row, doc: docs.get(row.id) }));
  }

  /** The newest document of a project of the admin's barangay in the given archive state. */
  async function documentOf(admin: AuthUser, projectId: number, archived: boolean) {
    const project = await repo.findProject(db, admin, projectId, archived);
    if (!project) {
      throw notFound(ADMIN_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
    }
    const doc = (await repo.latestDocuments(db, admin, [project.id])).get(project.id);
    if (!doc) {
      throw notFound(ADMIN_MESSAGES.noFile, 'NO_FILE');
    }
    return doc;
  }

  async function changeArchive(
    admin: AuthUser,
    projectId: number,
    archive: boolean,
    ctx: RequestContext,
  ): Promise<void> {
    const now = clock.now();
    const stamp = now.toISOString();
    await db.transaction().execute(async (trx) => {
      const project = await repo.findProject(trx, admin, projectId, !archive);
      if (!project) {
        throw notFound(ADMIN_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
      }
      const changed = await repo.setArchived(
        trx,
        admin,
        project.id,
        archive ? { by: admin.id, atIso: stamp } : null,
        stamp,
      );
      if (!changed) {
        // Another administrator archived or restored it a moment ago.
        throw notFound(ADMIN_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
      }
      const summary = {
        referenceNumber: project.reference_number,
        title: project.title,
        status: project.status,
      };
      await writeAudit(trx, {
        scope: admin,
        userId: admin.id,
        username: admin.username,
        module: ADMIN_PROJECTS_MODULE,
        action: archive ? 'PROJECT_ARCHIVED' : 'PROJECT_RESTORED',
        description: `${admin.username} ${archive ? 'archived' : 'restored'} project ${project.reference_number}: ${project.title}`,
        oldValue: archive
          ? { ...summary, archived: 'No' }
          : {
              ...summary,
              archived: 'Yes',
              archivedBy: project.archived_by_name,
              archivedAt: project.archived_at,
            },
        newValue: archive
          ? { ...summary, archived: 'Yes', archivedBy: admin.fullName }
          : { ...summary, archived: 'No' },
        ip: ctx.ip,
        at: now,
      });
    });
  }

  return {
    async list(admin: AuthUser): Promise<AdminProject[]> {
      return (await withDocuments(admin, false)).map(({ row, doc }) => toAdminProject(row, doc));
    },

    async listArchived(admin: AuthUser): Promise<ArchivedProject[]> {
      return (await withDocuments(admin, true)).map(({ row, doc }) => toArchivedProject(row, doc));
    },

    /** A signed link to an active project's newest document (the projects' own file route). */
    async fileUrl(admin: AuthUser, projectId: number): Promise<string> {
      const doc = await documentOf(admin, projectId, false);
      return signFileLink(appSecret, doc.stored_name, clock.now());
    },

    /** A signed link to an archived project's newest document, valid on the archive's route only. */
    async archivedFileUrl(admin: AuthUser, projectId: number): Promise<string> {
      const doc = await documentOf(admin, projectId, true);
      return signLink(
        appSecret,
        ARCHIVED_FILE_SCOPE,
        ARCHIVED_FILE_PATH,
        doc.stored_name,
        clock.now(),
      );
    },

    /** The document behind a verified archive link, while its project is still archived. */
    async archivedDocument(storedName: string) {
      const doc = await repo.findArchivedDocument(db, storedName);
      if (!doc || !(await storage.exists(storedName))) {
        throw notFound(ADMIN_MESSAGES.noFile, 'NO_FILE');
      }
      return { doc, stream: await storage.open(storedName) };
    },

    archive: (admin: AuthUser, projectId: number, ctx: RequestContext) =>
      changeArchive(admin, projectId, true, ctx),
    restore: (admin: AuthUser, projectId: number, ctx: RequestContext) =>
      changeArchive(admin, projectId, false, ctx),
  };
}

export type AdminProjectService = ReturnType<typeof createAdminProjectService>;
