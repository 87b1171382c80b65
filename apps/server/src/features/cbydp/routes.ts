import {
  ApproveCbydpRequestSchema,
  CBYDP_DOCUMENT_PATH,
  CBYDP_MESSAGES,
  CbydpDocumentQuerySchema,
  CbydpIdParamsSchema,
  CreateCbydpRequestSchema,
  SaveCbydpRequestSchema,
  approveCbydpEndpoint,
  createCbydpEndpoint,
  getCbydpEndpoint,
  listCbydpEndpoint,
  saveCbydpEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientErrors,
  councilChair,
  councilEditor,
  routePath,
} from '../../plugins/council-access.ts';
import type { AppDb } from '../../db/database.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, rowOfCaller, requestContext } from '../../plugins/auth.ts';
import { findCbydp } from './repository.ts';
import type { CbydpService } from './service.ts';

const TAG = 'CBYDP';

/** Preparing the CBYDP: the SK chairperson and officials (administrators read only). */
const editor = councilEditor(() => forbidden(CBYDP_MESSAGES.forbidden, 'CBYDP_FORBIDDEN'));
/** Recording its approval: the chairperson, who attests the SK's resolution. */
const chair = councilChair(() => forbidden(CBYDP_MESSAGES.chairOnly, 'CBYDP_CHAIR_ONLY'));

export interface CbydpRouteDeps {
  db: AppDb;
  cbydp: CbydpService;
}

export function cbydpRoutes(services: CbydpRouteDeps): FastifyPluginAsyncZod {
  const { cbydp } = services;

  /** The CBYDP in the URL is the caller's barangay's, checked before any body is read. */
  const planOfCaller = rowOfCaller(services.db, findCbydp, () =>
    notFound(CBYDP_MESSAGES.notFound, 'CBYDP_NOT_FOUND'),
  );

  return async (app) => {
    app.get(
      routePath(listCbydpEndpoint),
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: { tags: [TAG], response: { 200: listCbydpEndpoint.response, ...clientErrors } },
      },
      async (request) => ({
        success: true as const,
        plans: await cbydp.list(currentUser(request)),
      }),
    );

    app.post(
      routePath(createCbydpEndpoint),
      {
        onRequest: app.requireUser(editor),
        schema: {
          tags: [TAG],
          body: CreateCbydpRequestSchema,
          response: { 200: createCbydpEndpoint.response, ...clientErrors },
        },
      },
      async (request) => {
        const plan = await cbydp.create(
          currentUser(request),
          request.body,
          requestContext(request),
        );
        return {
          success: true as const,
          message: CBYDP_MESSAGES.created(plan.period),
          cbydp: plan,
        };
      },
    );

    app.get(
      routePath(getCbydpEndpoint),
      {
        onRequest: app.requireUser({ action: 'plan.view', resource: planOfCaller }),
        schema: {
          tags: [TAG],
          params: CbydpIdParamsSchema,
          response: { 200: getCbydpEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        cbydp: await cbydp.get(currentUser(request), request.params.id),
      }),
    );

    app.put(
      routePath(saveCbydpEndpoint),
      {
        onRequest: app.requireUser({ ...editor, resource: planOfCaller }),
        schema: {
          tags: [TAG],
          params: CbydpIdParamsSchema,
          body: SaveCbydpRequestSchema,
          response: { 200: saveCbydpEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: CBYDP_MESSAGES.saved,
        cbydp: await cbydp.save(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.post(
      routePath(approveCbydpEndpoint),
      {
        onRequest: app.requireUser({ ...chair, resource: planOfCaller }),
        schema: {
          tags: [TAG],
          params: CbydpIdParamsSchema,
          body: ApproveCbydpRequestSchema,
          response: { 200: approveCbydpEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: CBYDP_MESSAGES.approved,
        cbydp: await cbydp.approve(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.get(
      CBYDP_DOCUMENT_PATH,
      {
        onRequest: app.requireUser({ action: 'plan.view', resource: planOfCaller }),
        schema: {
          tags: [TAG],
          description: 'The CBYDP in the NYC form layout as .xlsx or .pdf (a download).',
          params: CbydpIdParamsSchema,
          querystring: CbydpDocumentQuerySchema,
          response: clientErrors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await cbydp.document(currentUser(request), request.params.id, request.query.format),
        ),
    );
  };
}
