import {
  ApiMessageSchema,
  KK_EXPORT_PATH,
  KK_IMPORT_FILE_FIELD,
  KK_IMPORT_PATH,
  KK_MESSAGES,
  KkDuplicateAnswerSchema,
  KK_ACCESS_MINUTES,
  KK_ACCESS_REASON_HEADER,
  KkExportInputSchema,
  KkIdParamsSchema,
  KkImportFieldsSchema,
  KkImportResultSchema,
  KkReasonInputSchema,
  KkProfileInputSchema,
  KkSecretaryInputSchema,
  KkVerifyInputSchema,
  kkAccessEndpoint,
  kkAddEndpoint,
  kkAuditEndpoint,
  kkDesignateEndpoint,
  kkProfileEndpoint,
  kkProfilesEndpoint,
  kkPublicLinkEndpoint,
  kkRemoveEndpoint,
  kkSecretaryEndpoint,
  kkStatsEndpoint,
  kkUpdateEndpoint,
  kkVerifyEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, forbidden, payloadTooLarge } from '../../lib/errors.ts';
import {
  isMalformedMultipart,
  MALFORMED_MULTIPART_MESSAGE,
  partsOf,
} from '../../lib/files/upload.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';
import { currentUser, requestContext, rowOfCaller, type RawParams } from '../../plugins/auth.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { AppDb } from '../../db/database.ts';
import type { AppConfig } from '../../config/env.ts';
import { readCsv } from './annex4.ts';
import { qrSvg } from './qr.ts';
import { publicBase } from './window-routes.ts';
import { rowOf } from './repository.ts';
import { KkDuplicateError, requirePersonalAccess, type KkService } from './service.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'kk';
/** The largest Annex 4 file taken (5,000 rows of .xlsx are about 400 KB). */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export interface KkRouteDeps {
  kk: KkService;
  db: AppDb;
  config: AppConfig;
}

/**
 * A reason in a youth registry address (`?reason=`) is refused before anything else: it would
 * land in access logs and browser histories. The reason goes in the JSON body of a change,
 * removal or export, and reads take it from an access grant or the X-Access-Reason header.
 */
export function refuseReasonInUrl(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const query = request.query;
  if (typeof query === 'object' && query !== null && Object.hasOwn(query, 'reason')) {
    done(badRequest(KK_MESSAGES.reasonInUrl, 'KK_REASON_IN_URL'));
    return;
  }
  done();
}

/**
 * The youth registry. Statistics: every role of the barangay. Personal data: the chairperson and
 * the designated SK secretary only (403 KK_NOT_SECRETARY, administrators included); another
 * barangay's profile is 404. All decided before a body is read. Reads need an access grant of
 * the session (POST /api/kk/access) or the X-Access-Reason header (else 403 KK_ACCESS_REQUIRED).
 */
export function kkRoutes(services: KkRouteDeps): FastifyPluginAsyncZod {
  const { kk, db } = services;
  return async (app) => {
    const ok = { success: true as const };
    const notSecretary = () => forbidden(KK_MESSAGES.notSecretary, 'KK_NOT_SECRETARY');
    const profileOfCaller = rowOfCaller(
      db,
      rowOf,
      () => new AppError('KK_NOT_FOUND', KK_MESSAGES.notFound, 404),
    );
    const personal = (withRow: boolean) =>
      app.requireUser({
        action: 'kk.stats',
        role: { action: 'kk.personal', refuse: notSecretary },
        resource: async (user: AuthUser, params: RawParams) => {
          await requirePersonalAccess(db, user);
          if (withRow) {
            await profileOfCaller(user, params);
          }
        },
      });
    const ctx = (request: FastifyRequest) => requestContext(request);
    const readReason = (request: FastifyRequest) =>
      kk.readReason(currentUser(request), request.headers[KK_ACCESS_REASON_HEADER]);
    app.addHook('onRequest', refuseReasonInUrl);

    app.get(
      kkStatsEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'kk.stats' }),
        schema: {
          tags: [TAG],
          description:
            'Verified profiles of the barangay counted by age group, sex, classification, education, work status, voter and assembly attendance (no personal data).',
          response: { 200: kkStatsEndpoint.response, ...errors },
        },
      },
      async (request) => kk.stats(currentUser(request)),
    );

    app.get(
      kkPublicLinkEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'kk.stats' }),
        schema: {
          tags: [TAG],
          description:
            "The address of the barangay's public self-profiling form (`/kk/<code>`; absolute with PUBLIC_URL, else the address called) and its QR code as SVG, to print and share. No personal data.",
          response: { 200: kkPublicLinkEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const base = publicBase(services.config, request);
        const path = `/kk/${encodeURIComponent(user.barangayCode)}`;
        const url = `${base}${path}`;
        return { ...ok, path, url, svg: await qrSvg(url) };
      },
    );

    app.get(
      kkSecretaryEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'kk.stats' }),
        schema: { tags: [TAG], response: { 200: kkSecretaryEndpoint.response, ...errors } },
      },
      async (request) => kk.secretary(currentUser(request)),
    );

    app.put(
      kkDesignateEndpoint.path,
      {
        onRequest: app.requireUser({
          action: 'kk.stats',
          role: {
            action: 'kk.designate',
            refuse: () => forbidden(KK_MESSAGES.designateForbidden, 'KK_DESIGNATE_FORBIDDEN'),
          },
        }),
        schema: {
          tags: [TAG],
          description:
            'The chairperson designates an SK official of the barangay to the SK secretary’s duty (keeper of the KK records, DILG MC 2022-033); `userId: null` removes it.',
          body: KkSecretaryInputSchema,
          response: { 200: kkDesignateEndpoint.response, ...errors },
        },
      },
      async (request) => {
        await kk.designate(currentUser(request), request.body.userId, ctx(request));
        return {
          ...ok,
          message:
            request.body.userId === null
              ? KK_MESSAGES.secretaryCleared
              : KK_MESSAGES.secretarySaved,
        };
      },
    );

    app.post(
      kkAccessEndpoint.path,
      {
        onRequest: personal(false),
        schema: {
          tags: [TAG],
          description: `Opens the personal data to the caller's session for ${String(KK_ACCESS_MINUTES)} minutes, audited with the \`reason\` (kept apart from the audit trail's text, for those who may read personal data). GET /api/kk/profiles, /api/kk/profiles/:id and /api/kk/audit then read under it; without it they answer 403 KK_ACCESS_REQUIRED unless the call carries the reason in the \`X-Access-Reason\` header (percent-encoded when not ASCII).`,
          body: KkReasonInputSchema,
          response: { 200: kkAccessEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const { expiresAt } = await kk.openAccess(
          currentUser(request),
          request.body.reason,
          ctx(request),
        );
        return { ...ok, message: KK_MESSAGES.accessOpened(KK_ACCESS_MINUTES), expiresAt };
      },
    );

    app.get(
      kkProfilesEndpoint.path,
      {
        onRequest: personal(false),
        schema: {
          tags: [TAG],
          description:
            'Every profile with its personal data, under the session’s access grant (or the `X-Access-Reason` header); audited with its reason and count.',
          response: { 200: kkProfilesEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        profiles: await kk.list(currentUser(request), await readReason(request), ctx(request)),
      }),
    );

    app.get(
      kkProfileEndpoint.path,
      {
        onRequest: personal(true),
        schema: {
          tags: [TAG],
          description:
            'One profile, under the session’s access grant (or the `X-Access-Reason` header); audited.',
          params: KkIdParamsSchema,
          response: { 200: kkProfileEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        profile: await kk.get(
          currentUser(request),
          request.params.id,
          await readReason(request),
          ctx(request),
        ),
      }),
    );

    app.get(
      kkAuditEndpoint.path,
      {
        onRequest: personal(false),
        schema: {
          tags: [TAG],
          description:
            'The registry’s newest audit entries with the reason each gave, for the chairperson and the designated secretary, under the session’s access grant (or the `X-Access-Reason` header); audited. Administrators’ audit trail shows the same entries without reasons.',
          response: { 200: kkAuditEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        entries: await kk.auditTrail(currentUser(request), await readReason(request), ctx(request)),
      }),
    );

    app.post(
      kkAddEndpoint.path,
      {
        onRequest: personal(false),
        schema: {
          tags: [TAG],
          body: KkProfileInputSchema,
          response: { 200: kkAddEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const { reason, ...fields } = request.body;
        return {
          ...ok,
          message: KK_MESSAGES.saved,
          profile: await kk.add(currentUser(request), fields, reason, ctx(request)),
        };
      },
    );

    app.put(
      kkUpdateEndpoint.path,
      {
        onRequest: personal(true),
        schema: {
          tags: [TAG],
          params: KkIdParamsSchema,
          body: KkProfileInputSchema,
          response: { 200: kkUpdateEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const { reason, ...fields } = request.body;
        return {
          ...ok,
          message: KK_MESSAGES.saved,
          profile: await kk.update(
            currentUser(request),
            request.params.id,
            fields,
            reason,
            ctx(request),
          ),
        };
      },
    );

    app.post(
      kkVerifyEndpoint.path,
      {
        onRequest: personal(true),
        schema: {
          tags: [TAG],
          params: KkIdParamsSchema,
          description:
            'Verifies a profile (a self-registration of the public form): refused with 409 KK_DUPLICATE, naming the other profile in `duplicateOf`, when one has the same name and birthday.',
          body: KkVerifyInputSchema,
          response: { 200: kkVerifyEndpoint.response, 409: KkDuplicateAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        try {
          return {
            ...ok,
            message: KK_MESSAGES.verified,
            profile: await kk.verify(
              currentUser(request),
              request.params.id,
              request.body.reason,
              ctx(request),
            ),
          };
        } catch (error) {
          if (!(error instanceof KkDuplicateError)) {
            throw error;
          }
          return reply.code(409).send({
            success: false as const,
            message: error.message,
            code: 'KK_DUPLICATE' as const,
            duplicateOf: error.duplicateOf,
          });
        }
      },
    );

    app.delete(
      kkRemoveEndpoint.path,
      {
        onRequest: personal(true),
        schema: {
          tags: [TAG],
          description:
            'Removes a profile (the person’s request, past 30, a duplicate); audited with the `reason` of the JSON body.',
          params: KkIdParamsSchema,
          body: KkReasonInputSchema,
          response: { 200: kkRemoveEndpoint.response, ...errors },
        },
      },
      async (request) => {
        await kk.remove(currentUser(request), request.params.id, request.body.reason, ctx(request));
        return { ...ok, message: KK_MESSAGES.removed };
      },
    );

    app.post(
      KK_EXPORT_PATH,
      {
        onRequest: personal(false),
        schema: {
          tags: [TAG],
          description:
            'The verified registry as the Annex 4 .xlsx (a download), for the JSON body `{ format, reason }`; audited with the reason and count.',
          body: KkExportInputSchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await kk.exportAnnex4(currentUser(request), request.body.reason, ctx(request)),
        ),
    );

    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          KK_IMPORT_PATH,
          {
            onRequest: personal(false),
            schema: {
              tags: [TAG],
              description:
                'The Annex 4 .xlsx or .csv (multipart `file`; `skipBadRows=true|false`; `reason`). Every row is checked; nothing is saved unless all rows are good or `skipBadRows=true`, then the good rows in one transaction. Bad rows answer 422 with each row and its reason.',
              consumes: ['multipart/form-data'],
              response: {
                200: KkImportResultSchema,
                422: z.union([KkImportResultSchema, ApiMessageSchema]),
                ...errors,
              },
            },
          },
          async (request, reply) => {
            const { fields, name, bytes } = await readImport(request);
            const parsed = KkImportFieldsSchema.safeParse(fields);
            if (!parsed.success) {
              throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid import options');
            }
            if (!bytes || !name) {
              throw badRequest('Choose the Annex 4 file to import.', 'FILE_REQUIRED');
            }
            const lower = name.toLowerCase();
            const isXlsx = lower.endsWith('.xlsx');
            if (!isXlsx && !lower.endsWith('.csv')) {
              throw new AppError('KK_IMPORT_FORMAT', KK_MESSAGES.importFormat, 422);
            }
            let table;
            try {
              table = isXlsx
                ? await (await import('./annex4-xlsx.ts')).readXlsx(bytes)
                : readCsv(bytes);
            } catch {
              throw new AppError('KK_IMPORT_FORMAT', KK_MESSAGES.importFormat, 422);
            }
            const result = await kk.importTable(
              currentUser(request),
              table,
              parsed.data.skipBadRows === 'true',
              parsed.data.reason,
              ctx(request),
            );
            return reply.code(result.success ? 200 : 422).send(result);
          },
        );
      }),
    );
  };
}

/** The import's fields and its file, read into memory (never staged on disk: personal data). */
async function readImport(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  let name: string | null = null;
  const tooLarge = () => payloadTooLarge('The file is too large. The limit is 10 MB.');
  try {
    for await (const part of partsOf(request, { limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== KK_IMPORT_FILE_FIELD || bytes) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}".`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) {
        throw tooLarge();
      }
      bytes = Buffer.concat(chunks);
      name = part.filename || null;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge();
    }
    if (isMalformedMultipart(error)) {
      throw badRequest(MALFORMED_MULTIPART_MESSAGE, 'INVALID_MULTIPART');
    }
    throw error;
  }
  return { fields, name, bytes };
}
