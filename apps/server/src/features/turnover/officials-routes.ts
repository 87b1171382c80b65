import {
  ApiMessageSchema,
  CITY_OFFICIALS_IMPORT_PATH,
  CITY_OFFICIALS_TEMPLATE_PATH,
  CityBarangayParamsSchema,
  CityRequirementParamsSchema,
  InviteMemberSchema,
  OFFICIALS_FILE_FIELD,
  OFFICIALS_MESSAGES,
  OfficialInputSchema,
  OfficialsImportErrorSchema,
  OfficialsImportResultSchema,
  OfficialsTemplateQuerySchema,
  RequirementInputSchema,
  RequirementParamsSchema,
  RequirementVerifyInputSchema,
  addOfficialEndpoint,
  cityRecordRequirementEndpoint,
  cityRequirementsEndpoint,
  cityVerifyRequirementEndpoint,
  inviteMemberEndpoint,
  recordRequirementEndpoint,
  requirementsEndpoint,
  type OfficialsImportResult,
} from '@sk-tanaw/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, forbidden, payloadTooLarge } from '../../lib/errors.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import {
  MALFORMED_MULTIPART_MESSAGE,
  isMalformedMultipart,
  partsOf,
} from '../../lib/files/upload.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { currentUser, requestContext, type RawParams } from '../../plugins/auth.ts';
import { cityBarangay } from '../city/scope.ts';
import type { FastifyBaseLogger } from 'fastify';
import { officialRows, officialsTemplate, readOfficialsFile } from './officials-file.ts';
import {
  OfficialsRowsInvalid,
  createOfficialsService,
  importsOfficials,
  officialsForbidden,
} from './officials.ts';
import { createRequirements } from './requirements.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const imported = {
  200: OfficialsImportResultSchema,
  400: z.union([OfficialsImportErrorSchema, ApiMessageSchema]),
  ...errors,
};
/** An officials file: 142 barangays of eight officials are about 100 KB of .xlsx. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface OfficialsRouteDeps {
  db: AppDb;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  appSecret: string;
}

/** Sends a refused import's row errors (400), or the import's result. */
async function answer(reply: FastifyReply, work: () => Promise<OfficialsImportResult>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OfficialsRowsInvalid) {
      return reply.code(400).send({
        success: false,
        message: error.message,
        code: 'OFFICIALS_ROWS_INVALID',
        errors: error.errors,
      });
    }
    throw error;
  }
}

async function readFile(request: FastifyRequest) {
  let bytes: Buffer | null = null;
  let name: string | null = null;
  try {
    for await (const part of partsOf(request, { limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type === 'field') {
        continue;
      }
      if (part.fieldname !== OFFICIALS_FILE_FIELD || bytes) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}".`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) {
        throw payloadTooLarge('The file is too large. The limit is 5 MB.');
      }
      bytes = Buffer.concat(chunks);
      name = part.filename || null;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge('The file is too large. The limit is 5 MB.');
    }
    if (isMalformedMultipart(error)) {
      throw badRequest(MALFORMED_MULTIPART_MESSAGE, 'INVALID_MULTIPART');
    }
    throw error;
  }
  return { bytes, name };
}

/**
 * The officials of a new council and their requirements before assuming office (contract
 * turnover-officials.ts): the city's import (CA and CYDO; other roles 403 before the body is
 * read), one official by hand, the template; the chairperson's invitation of a member; the
 * requirements on the barangay's side and the city's (404 for another city's barangay).
 */
export function officialsRoutes(deps: OfficialsRouteDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const officials = createOfficialsService(deps);
  const requirements = createRequirements({ db, clock });
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const importer = async (user: AuthUser) => {
    if (!importsOfficials(user)) {
      throw officialsForbidden();
    }
  };
  const cityOfficialBarangay = async (user: AuthUser, params: RawParams) => {
    await cityBarangay(db, user, params.barangayCode ?? '');
  };
  const chairOnly = async (user: AuthUser) => {
    if (user.position !== 'SKC') {
      throw forbidden(OFFICIALS_MESSAGES.inviteForbidden, 'OFFICIALS_INVITE_FORBIDDEN');
    }
  };
  const ownBarangay = (user: AuthUser) => ({
    id: user.barangayId,
    code: user.barangayCode,
    name: user.barangayName,
  });

  /** A city write on a requirement: the importing roles, an official of a barangay of the city. */
  const cityRequirementWriter = async (
    user: AuthUser,
    params: Readonly<Record<string, string | undefined>>,
  ) => {
    await importer(user);
    await cityOfficialBarangay(user, params);
  };

  /** Records or verifies through `act`, then answers the barangay's requirements as they stand. */
  async function cityRequirementChange(
    request: FastifyRequest,
    barangayCode: string,
    act: (user: AuthUser, found: Awaited<ReturnType<typeof cityBarangay>>) => Promise<string>,
  ) {
    const user = currentUser(request);
    const found = await cityBarangay(db, user, barangayCode);
    const message = await act(user, found);
    return { success: true as const, message, requirements: await requirements.view(user, found) };
  }

  return async (app) => {
    app.get(
      CITY_OFFICIALS_TEMPLATE_PATH,
      {
        onRequest: app.requireUser({ audience: 'city', resource: importer }),
        schema: {
          tags: ['city'],
          description:
            'The file to fill with the proclaimed officials (`format=csv|xlsx`): barangay (name, code or PSGC code), position (SK chairperson or SK member/kagawad), name, e-mail, mobile.',
          querystring: OfficialsTemplateQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => sendDocument(reply, await officialsTemplate(request.query.format)),
    );

    app.post(
      addOfficialEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: importer }),
        schema: {
          tags: ['city'],
          description:
            'One proclaimed official by hand: the same checks and answer as a row of the import (400 with the row errors); the account joins the new term and is e-mailed a one-time link. City administrator and youth development officer only.',
          body: OfficialInputSchema,
          response: imported,
        },
      },
      async (request, reply) =>
        answer(reply, () => {
          const { language, ...cells } = request.body;
          return officials.importOfficials(
            currentUser(request),
            [{ rowNumber: 1, ...cells }],
            requestContext(request),
            origin(request),
            'form',
            language,
          );
        }),
    );

    app.post(
      inviteMemberEndpoint.path,
      {
        onRequest: app.requireUser({ resource: chairOnly }),
        schema: {
          tags: ['turnover'],
          description:
            'The SK chairperson of a term invites a member of its council (an SK official of the barangay: a kagawad, or the appointed secretary or treasurer): an account in the chairperson’s term, e-mailed a one-time link. Row errors as the import’s.',
          body: InviteMemberSchema,
          response: imported,
        },
      },
      async (request, reply) =>
        answer(reply, () =>
          officials.invite(
            currentUser(request),
            request.body,
            requestContext(request),
            origin(request),
          ),
        ),
    );

    app.get(
      requirementsEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'turnover.view' }),
        schema: {
          tags: ['turnover'],
          description:
            'The officials of the new term in the barangay and their requirements before assuming office (proclamation, oath, SOCE, mandatory training), with the sources.',
          response: { 200: requirementsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return {
          success: true as const,
          requirements: await requirements.view(user, ownBarangay(user)),
        };
      },
    );

    app.put(
      recordRequirementEndpoint.path,
      {
        onRequest: app.requireUser({
          action: 'turnover.view',
          resource: (user, params) => requirements.guard(user, ownBarangay(user), params.userId),
        }),
        schema: {
          tags: ['turnover'],
          description:
            'Records a requirement (its date and number or reference), or clears it (`doneOn` null): the official themself or the SK chairperson. A change clears the city’s verification. Audited.',
          params: RequirementParamsSchema,
          body: RequirementInputSchema,
          response: { 200: recordRequirementEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const barangay = ownBarangay(user);
        const message = await requirements.record(
          user,
          barangay,
          request.params.userId,
          request.params.requirement,
          request.body,
          requestContext(request),
        );
        return {
          success: true as const,
          message,
          requirements: await requirements.view(user, barangay),
        };
      },
    );

    app.get(
      cityRequirementsEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: cityOfficialBarangay }),
        schema: {
          tags: ['city'],
          description:
            "A barangay's officials of the new term and their requirements; 404 outside the caller's city. All city roles read.",
          params: CityBarangayParamsSchema,
          response: { 200: cityRequirementsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const found = await cityBarangay(db, user, request.params.barangayCode);
        return { success: true as const, requirements: await requirements.view(user, found) };
      },
    );

    app.put(
      cityRecordRequirementEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: cityRequirementWriter }),
        schema: {
          tags: ['city'],
          description:
            "Records or clears a requirement of a barangay's official (city administrator, youth development officer). Audited.",
          params: CityRequirementParamsSchema,
          body: RequirementInputSchema,
          response: { 200: cityRecordRequirementEndpoint.response, ...errors },
        },
      },
      async (request) =>
        cityRequirementChange(request, request.params.barangayCode, (user, found) =>
          requirements.record(
            user,
            found,
            request.params.userId,
            request.params.requirement,
            request.body,
            requestContext(request),
          ),
        ),
    );

    app.put(
      cityVerifyRequirementEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: cityRequirementWriter }),
        schema: {
          tags: ['city'],
          description:
            'Marks a recorded requirement verified (or not): city administrator and youth development officer. Audited.',
          params: CityRequirementParamsSchema,
          body: RequirementVerifyInputSchema,
          response: { 200: cityVerifyRequirementEndpoint.response, ...errors },
        },
      },
      async (request) =>
        cityRequirementChange(request, request.params.barangayCode, (user, found) =>
          requirements.verify(
            user,
            found,
            request.params.userId,
            request.params.requirement,
            request.body.verified,
            requestContext(request),
          ),
        ),
    );

    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          CITY_OFFICIALS_IMPORT_PATH,
          {
            onRequest: uploads.requireUser({ audience: 'city', resource: importer }),
            schema: {
              tags: ['city'],
              description:
                'The proclaimed officials of a new council (multipart `file`, a .csv or .xlsx: barangay, position, name, e-mail, mobile). Every row is checked first: any problem answers 400 with each row’s (row, column, error, message) and nothing is imported; else one transaction creates the accounts in the next term, each e-mailed a one-time link to set a password. A re-import is refused row by row (already in). City administrator and youth development officer only; audited.',
              consumes: ['multipart/form-data'],
              response: imported,
            },
          },
          async (request, reply) => {
            const { bytes, name } = await readFile(request);
            if (!bytes || !name) {
              throw badRequest(OFFICIALS_MESSAGES.fileRequired, 'FILE_REQUIRED');
            }
            const table = await readOfficialsFile(name, bytes);
            if (!table) {
              throw new AppError('OFFICIALS_FORMAT', OFFICIALS_MESSAGES.format, 400);
            }
            return answer(reply, async () => {
              const { rows, errors: missing } = officialRows(table);
              if (missing.length > 0) {
                throw new OfficialsRowsInvalid(missing);
              }
              return officials.importOfficials(
                currentUser(request),
                rows,
                requestContext(request),
                origin(request),
                'file',
              );
            });
          },
        );
      }),
    );
  };
}
