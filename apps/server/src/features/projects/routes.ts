import {
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
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { ProjectService } from './service.ts';
import { verifyFileLink } from '../../lib/files/signed-links.ts';
import { readUpload } from '../../lib/files/upload.ts';
import { signedDocumentRoute } from '../../lib/files/send-document.ts';

const errors = { '4xx': ApiMessageSchema };
const FILE_FIELD = 'projectFile';

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
        preHandler: app.requireUser({ action: 'project.listOwn' }),
        schema: {
          tags: ['projects'],
          params: ProjectUserParamsSchema,
          response: { 200: ProjectListResponseSchema, ...errors },
        },
      },
      async (request) => projects.listOwn(currentUser(request), request.params.userId),
    );

    app.post(
      '/api/projects/submit',
      {
        preHandler: app.requireUser({ action: 'project.propose' }),
        schema: {
          tags: ['projects'],
          consumes: ['multipart/form-data'],
          response: { 200: SubmitProjectResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const upload = await readUpload(request, storage, uploadOptions);
        try {
          const fields = parseFields(SubmitProjectFieldsSchema, upload.fields);
          const project = await projects.submit(user, fields, upload.file, requestContext(request));
          return { success: true as const, project, message: PROJECT_MESSAGES.submitted };
        } finally {
          await upload.discard();
        }
      },
    );

    app.post(
      '/api/projects/:id/resubmit',
      {
        preHandler: app.requireUser({ action: 'project.propose' }),
        schema: {
          tags: ['projects'],
          consumes: ['multipart/form-data'],
          params: ProjectIdParamsSchema,
          response: { 200: SubmitProjectResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const upload = await readUpload(request, storage, uploadOptions);
        try {
          const fields = parseFields(ResubmitProjectFieldsSchema, upload.fields);
          const project = await projects.resubmit(
            user,
            request.params.id,
            fields,
            upload.file,
            requestContext(request),
          );
          return { success: true as const, project, message: PROJECT_MESSAGES.resubmitted };
        } finally {
          await upload.discard();
        }
      },
    );

    app.get(
      '/api/projects/:id/history',
      {
        preHandler: app.requireUser(),
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
        preHandler: app.requireUser(),
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
        preHandler: app.requireUser({ action: 'project.review' }),
        schema: { tags: ['projects'], response: { 200: ProjectListResponseSchema, ...errors } },
      },
      async (request) => projects.listForReview(currentUser(request)),
    );

    app.put(
      '/api/projectreview/status/:id',
      {
        preHandler: app.requireUser({ action: 'project.review' }),
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
