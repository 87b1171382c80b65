import {
  AUTH_MESSAGES,
  ApiMessageSchema,
  FileUrlResponseSchema,
  PROJECT_MESSAGES,
  ProjectFileParamsSchema,
  ProjectHistoryResponseSchema,
  ProjectIdParamsSchema,
  ProjectListResponseSchema,
  ProjectUserParamsSchema,
  ResubmitProjectFieldsSchema,
  SubmitProjectFieldsSchema,
  SubmitProjectResponseSchema,
  UpdateProjectStatusRequestSchema,
  can,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthUser } from '../../lib/auth-user.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { cityProjectScope } from '../city/proposals.ts';
import { currentUser, rawRowId, requestContext, type RawParams } from '../../plugins/auth.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { ProjectService } from './service.ts';
import { verifyFileLink } from '../../lib/files/signed-links.ts';
import { readUpload } from '../../lib/files/upload.ts';
import { signedDocumentRoute } from '../../lib/files/send-document.ts';
import { findProject } from './repository.ts';
import type { AppDb } from '../../db/database.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';
import { idempotencyKeyOf } from '../../common/upload-receipts.ts';

const errors = { '4xx': ApiMessageSchema };
const FILE_FIELD = 'projectFile';
/** How both uploads take an idempotency key (common/upload-receipts.ts), for their descriptions. */
const KEY_NOTE =
  'With an `Idempotency-Key` header (8-100 letters, digits, `-`, `_`; a UUID the form makes for one content and sends with every attempt) a repeated attempt answers the proposal as the first stored it, storing nothing again; the key sent again with another file or other text (or for another proposal): 409 IDEMPOTENCY_KEY_REUSED; a malformed key: 400 IDEMPOTENCY_KEY_INVALID.';

/** Validates multipart text fields with a contract schema; the first problem becomes the message. */
function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
  }
  return parsed.data;
}

/** What the projectRoutes take from the composition root (services.ts hands them over). */
export interface ProjectRouteDeps {
  /** Reads the row a URL names, to refuse a foreign caller before the body is parsed. */
  db: AppDb;
  config: AppConfig;
  storage: DocumentStorage;
  projects: ProjectService;
  logger: FastifyBaseLogger;
  /** Signs and checks the short-lived links to a project's documents. */
  appSecret: string;
  clock: Clock;
}

export function projectRoutes(services: ProjectRouteDeps): FastifyPluginAsyncZod {
  const { config, storage, projects } = services;

  const uploadOptions = {
    fileField: FILE_FIELD,
    maxBytes: config.uploadMaxBytes,
    tooLargeMessage: PROJECT_MESSAGES.fileTooLarge,
  };

  /**
   * The project in the URL, checked before the body is read: one of the caller's barangay that
   * is not archived (and, to resubmit, the caller's own), else the service's own 404.
   */
  const projectInUrl =
    (mine: boolean) =>
    async (user: AuthUser, params: RawParams): Promise<void> => {
      const id = rawRowId(params);
      if (id === null) {
        return;
      }
      const project = await findProject(services.db, user, id);
      if (
        !project ||
        project.is_archived === 1 ||
        (mine &&
          !can(user, 'project.resubmit', {
            ownerId: project.proposer_id,
            barangayId: project.barangay_id,
          }))
      ) {
        throw notFound(PROJECT_MESSAGES.notFound);
      }
    };
  const ownProject = projectInUrl(true);
  const barangayProject = projectInUrl(false);
  /**
   * The status call serves the chair of the proposal's barangay and the youth
   * development officer of its city: each checked here before the body is read (403 for other
   * roles, 404 for a proposal outside the caller's barangay or city); which statuses each may
   * set depends on the proposal's current status, checked by the service.
   */
  const reviewerOfProject = async (user: AuthUser, params: RawParams): Promise<void> => {
    if (user.tenantKind === 'city') {
      const id = rawRowId(params);
      if (id !== null) {
        await cityProjectScope(services.db, user, id, { atLguStep: true });
      }
      return;
    }
    if (!can(user, 'project.review')) {
      throw forbidden(AUTH_MESSAGES.forbidden);
    }
    await barangayProject(user, params);
  };

  return async (app) => {
    // A crash (kill -9, power loss) leaves staging files in this process's own folder; stored
    // documents of uncommitted uploads are the document sweep's, after listen (services.ts).
    const staging = await projects.sweepStaging();
    if (staging > 0) {
      services.logger.info({ staging }, 'removed staging files left by an interrupted run');
    }

    app.get(
      '/api/projects/user/:userId',
      {
        onRequest: app.requireUser({ action: 'project.listOwn' }),
        schema: {
          tags: ['projects'],
          params: ProjectUserParamsSchema,
          response: { 200: ProjectListResponseSchema, ...errors },
        },
      },
      async (request) => projects.listOwn(currentUser(request), request.params.userId),
    );

    // Takes a file: in a scope with the multipart parser (lib/files/multipart-routes.ts).
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          '/api/projects/submit',
          {
            onRequest: app.requireUser({ action: 'project.propose' }),
            schema: {
              tags: ['projects'],
              description: `multipart/form-data: \`title\`, \`description\`, \`userId\` (the caller's own), optional \`category\` and the PDF, DOC or DOCX in \`${FILE_FIELD}\` (optional). ${KEY_NOTE}`,
              consumes: ['multipart/form-data'],
              response: { 200: SubmitProjectResponseSchema, ...errors },
            },
          },
          async (request) => {
            const user = currentUser(request);
            const key = idempotencyKeyOf(request.headers);
            const upload = await readUpload(request, storage, uploadOptions);
            try {
              const fields = parseFields(SubmitProjectFieldsSchema, upload.fields);
              const project = await projects.submit(
                user,
                fields,
                upload.file,
                requestContext(request),
                key,
              );
              return { success: true as const, project, message: PROJECT_MESSAGES.submitted };
            } finally {
              await upload.discard();
            }
          },
        );

        uploads.post(
          '/api/projects/:id/resubmit',
          {
            onRequest: app.requireUser({ action: 'project.propose', resource: ownProject }),
            schema: {
              tags: ['projects'],
              description: `multipart/form-data: \`notes\` and/or a revised PDF, DOC or DOCX in \`${FILE_FIELD}\`; the proposal returns to review. ${KEY_NOTE}`,
              consumes: ['multipart/form-data'],
              params: ProjectIdParamsSchema,
              response: { 200: SubmitProjectResponseSchema, ...errors },
            },
          },
          async (request) => {
            const user = currentUser(request);
            const key = idempotencyKeyOf(request.headers);
            const upload = await readUpload(request, storage, uploadOptions);
            try {
              const fields = parseFields(ResubmitProjectFieldsSchema, upload.fields);
              const project = await projects.resubmit(
                user,
                request.params.id,
                fields,
                upload.file,
                requestContext(request),
                key,
              );
              return { success: true as const, project, message: PROJECT_MESSAGES.resubmitted };
            } finally {
              await upload.discard();
            }
          },
        );
      }),
    );

    app.get(
      '/api/projects/:id/history',
      {
        onRequest: app.requireUser(),
        schema: {
          tags: ['projects'],
          params: ProjectIdParamsSchema,
          response: { 200: ProjectHistoryResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await projects.history(currentUser(request), request.params.id)),
      }),
    );

    app.get(
      '/api/projects/download/:fileName',
      {
        onRequest: app.requireUser(),
        schema: {
          tags: ['projects'],
          params: ProjectFileParamsSchema,
          response: { 200: FileUrlResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        url: await projects.fileLink(currentUser(request), request.params.fileName),
      }),
    );

    app.get(
      '/api/projectreview/all',
      {
        onRequest: app.requireUser({ action: 'project.review' }),
        schema: { tags: ['projects'], response: { 200: ProjectListResponseSchema, ...errors } },
      },
      async (request) => projects.listForReview(currentUser(request)),
    );

    app.put(
      '/api/projectreview/status/:id',
      {
        // Council and city accounts: reviewerOfProject does the role and tenant checks.
        onRequest: app.requireUser({ audience: 'any', resource: reviewerOfProject }),
        schema: {
          tags: ['projects'],
          params: ProjectIdParamsSchema,
          body: UpdateProjectStatusRequestSchema,
          response: { 200: ApiMessageSchema, ...errors },
        },
      },
      async (request) => {
        await projects.updateStatus(
          currentUser(request),
          request.params.id,
          { status: request.body.status, remarks: request.body.remarks },
          requestContext(request),
        );
        return { success: true, message: PROJECT_MESSAGES.statusUpdated };
      },
    );

    signedDocumentRoute(app, {
      path: '/api/files',
      tag: 'projects',
      verify: (storedName, exp, sig) =>
        verifyFileLink(services.appSecret, storedName, exp, sig, services.clock.now()),
      open: (storedName) => projects.documentForLink(storedName),
    });
  };
}
