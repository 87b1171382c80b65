import {
  KK_ASSEMBLY_MESSAGES,
  KK_MINUTES_MAX_BYTES,
  KK_MINUTES_PATH,
  KkAssemblyIdParamsSchema,
  KkAssemblyInputSchema,
  createKkAssemblyEndpoint,
  deleteKkAssemblyEndpoint,
  listKkAssembliesEndpoint,
  saveKkAssemblyEndpoint,
  uploadKkMinutesEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrors, councilEditor, routePath } from '../../plugins/council-access.ts';
import type { AppDb } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';
import { sendStoredDocument } from '../../lib/files/send-document.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { readUpload } from '../../lib/files/upload.ts';
import { currentUser, rowOfCaller, requestContext } from '../../plugins/auth.ts';
import { findAssembly, type KkAssemblyService } from './service.ts';
import { refuseReasonInUrl } from '../kk/routes.ts';

const TAG = 'KK assemblies';

/** Recording assemblies: the SK chairperson and officials (administrators read only). */
const editor = councilEditor(() =>
  forbidden(KK_ASSEMBLY_MESSAGES.forbidden, 'KK_ASSEMBLY_FORBIDDEN'),
);

export interface KkAssemblyRouteDeps {
  db: AppDb;
  kkAssemblies: KkAssemblyService;
  storage: DocumentStorage;
}

export function kkAssemblyRoutes(services: KkAssemblyRouteDeps): FastifyPluginAsyncZod {
  const { kkAssemblies: assemblies, storage } = services;

  /** The assembly in the URL is the caller's barangay's, checked before any body is read. */
  const assemblyOfCaller = rowOfCaller(services.db, findAssembly, () =>
    notFound(KK_ASSEMBLY_MESSAGES.notFound, 'KK_ASSEMBLY_NOT_FOUND'),
  );

  return async (app) => {
    app.addHook('onRequest', refuseReasonInUrl);
    app.get(
      routePath(listKkAssembliesEndpoint),
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          response: { 200: listKkAssembliesEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        assemblies: await assemblies.list(currentUser(request)),
      }),
    );

    app.post(
      routePath(createKkAssemblyEndpoint),
      {
        onRequest: app.requireUser(editor),
        schema: {
          tags: [TAG],
          body: KkAssemblyInputSchema,
          response: { 200: createKkAssemblyEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: KK_ASSEMBLY_MESSAGES.created,
        assembly: await assemblies.create(
          currentUser(request),
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.put(
      routePath(saveKkAssemblyEndpoint),
      {
        onRequest: app.requireUser({ ...editor, resource: assemblyOfCaller }),
        schema: {
          tags: [TAG],
          params: KkAssemblyIdParamsSchema,
          body: KkAssemblyInputSchema,
          response: { 200: saveKkAssemblyEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: KK_ASSEMBLY_MESSAGES.saved,
        assembly: await assemblies.save(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.delete(
      routePath(deleteKkAssemblyEndpoint),
      {
        onRequest: app.requireUser({ ...editor, resource: assemblyOfCaller }),
        schema: {
          tags: [TAG],
          params: KkAssemblyIdParamsSchema,
          response: { 200: deleteKkAssemblyEndpoint.response, ...clientErrors },
        },
      },
      async (request) => {
        await assemblies.remove(currentUser(request), request.params.id, requestContext(request));
        return { success: true as const, message: KK_ASSEMBLY_MESSAGES.deleted };
      },
    );

    app.get(
      KK_MINUTES_PATH,
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          description: "The assembly's minutes (PDF).",
          params: KkAssemblyIdParamsSchema,
          response: clientErrors,
        },
      },
      async (request, reply) => {
        const { doc, stream } = await assemblies.minutes(currentUser(request), request.params.id);
        return sendStoredDocument(reply, doc, stream);
      },
    );

    // Takes a file: in a scope with the multipart parser (lib/files/multipart-routes.ts). The
    // caller, the role and the assembly are checked in onRequest, before the body is read.
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          routePath(uploadKkMinutesEndpoint),
          {
            onRequest: app.requireUser({ ...editor, resource: assemblyOfCaller }),
            schema: {
              tags: [TAG],
              description: 'multipart/form-data with the minutes PDF in `file`.',
              consumes: ['multipart/form-data'],
              params: KkAssemblyIdParamsSchema,
              response: { 200: uploadKkMinutesEndpoint.response, ...clientErrors },
            },
          },
          async (request) => {
            const upload = await readUpload(request, storage, {
              fileField: 'file',
              maxBytes: KK_MINUTES_MAX_BYTES,
              tooLargeMessage: KK_ASSEMBLY_MESSAGES.minutesTooLarge,
              tooLargeCode: 'KK_MINUTES_TOO_LARGE',
            });
            try {
              const assembly = await assemblies.uploadMinutes(
                currentUser(request),
                request.params.id,
                upload.file,
                requestContext(request),
              );
              return {
                success: true as const,
                message: KK_ASSEMBLY_MESSAGES.minutesSaved,
                assembly,
              };
            } finally {
              await upload.discard();
            }
          },
        );
      }),
    );
  };
}
