import {
  ADMIN_MESSAGES,
  ApiMessageSchema,
  ProjectIDParamsSchema,
  adminProjectFileUrlEndpoint,
  adminProjectsEndpoint,
  archiveProjectEndpoint,
  archivedProjectFileUrlEndpoint,
  archivedProjectsEndpoint,
  restoreProjectEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedDocumentRoute } from '../../lib/files/send-document.ts';
import { notFound } from '../../lib/errors.ts';
import { currentUser, rawRowId, requestContext } from '../../plugins/auth.ts';
import { findProject } from './repository.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AdminProjectService } from './service.ts';
import { ARCHIVED_FILE_PATH, verifyArchivedFileLink } from './service.ts';
import type { AppDb } from '../../db/database.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };

/** What the adminProjectRoutes take from the composition root (services.ts hands them over). */
export interface AdminProjectRouteDeps {
  /** Reads the row a URL names, to refuse a foreign caller before the body is parsed. */
  db: AppDb;
  adminProjects: AdminProjectService;
  /** Signs and checks the short-lived links to archived documents. */
  appSecret: string;
  clock: Clock;
}

/** The admin project list and the project archive, scoped to the administrator's barangay. */
export function adminProjectRoutes(services: AdminProjectRouteDeps): FastifyPluginAsyncZod {
  const { adminProjects } = services;
  return async (app) => {
    const admin = app.requireUser({ action: 'admin.access' });
    const withParams = { tags: ['admin'], params: ProjectIDParamsSchema };
    // Archive and restore: the project in the URL is of the admin's barangay and in the archive
    // state the call changes (else the service's own 404), before any body is read.
    const adminOfProject = (archived: boolean) =>
      app.requireUser({
        action: 'admin.access',
        resource: async (user, params) => {
          const id = rawRowId(params, 'projectID');
          if (id !== null && !(await findProject(services.db, user, id, archived))) {
            throw notFound(ADMIN_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
          }
        },
      });

    app.get(
      adminProjectsEndpoint.path,
      {
        onRequest: admin,
        schema: { tags: ['admin'], response: { 200: adminProjectsEndpoint.response, ...errors } },
      },
      async (request) => ({
        success: true as const,
        projects: await adminProjects.list(currentUser(request)),
      }),
    );

    app.get(
      adminProjectFileUrlEndpoint.path,
      {
        onRequest: admin,
        schema: {
          ...withParams,
          response: { 200: adminProjectFileUrlEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        url: await adminProjects.fileUrl(currentUser(request), request.params.projectID),
      }),
    );

    app.get(
      archivedProjectsEndpoint.path,
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          response: { 200: archivedProjectsEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await adminProjects.listArchived(currentUser(request)),
      }),
    );

    app.get(
      archivedProjectFileUrlEndpoint.path,
      {
        onRequest: admin,
        schema: {
          ...withParams,
          response: { 200: archivedProjectFileUrlEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        url: await adminProjects.archivedFileUrl(currentUser(request), request.params.projectID),
      }),
    );

    app.post(
      archiveProjectEndpoint.path,
      {
        onRequest: adminOfProject(false),
        schema: { ...withParams, response: { 200: archiveProjectEndpoint.response, ...errors } },
      },
      async (request) => {
        await adminProjects.archive(
          currentUser(request),
          request.params.projectID,
          requestContext(request),
        );
        return { success: true as const, message: ADMIN_MESSAGES.projectArchived };
      },
    );

    app.post(
      restoreProjectEndpoint.path,
      {
        onRequest: adminOfProject(true),
        schema: { ...withParams, response: { 200: restoreProjectEndpoint.response, ...errors } },
      },
      async (request) => {
        await adminProjects.restore(
          currentUser(request),
          request.params.projectID,
          requestContext(request),
        );
        return { success: true as const, message: ADMIN_MESSAGES.projectRestored };
      },
    );

    // A link opens a document only while its project stays archived.
    signedDocumentRoute(app, {
      path: ARCHIVED_FILE_PATH,
      tag: 'admin',
      verify: (storedName, exp, sig) =>
        verifyArchivedFileLink(services.appSecret, storedName, exp, sig, services.clock.now()),
      open: (storedName) => adminProjects.archivedDocument(storedName),
    });
  };
}
