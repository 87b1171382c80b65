import {
  ApprovePlanRequestSchema,
  CreatePlanRequestSchema,
  DISCLOSURE_DOCUMENT_PATH,
  DisclosureParamsSchema,
  PLAN_DOCUMENT_PATH,
  PLAN_MESSAGES,
  PLAN_RESOLUTION_MAX_BYTES,
  PLAN_SAVE_MAX_BODY_BYTES,
  PlanDocumentParamsSchema,
  PlanDocumentQuerySchema,
  PlanIdParamsSchema,
  PlanListQuerySchema,
  RevisePlanRequestSchema,
  SavePlanRequestSchema,
  approvePlanEndpoint,
  createPlanEndpoint,
  disclosureEndpoint,
  getPlanEndpoint,
  listPlansEndpoint,
  planChecksEndpoint,
  planResolutionUrlEndpoint,
  postPlanEndpoint,
  revisePlanEndpoint,
  savePlanEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientErrors,
  councilChair,
  councilEditor,
  routePath,
} from '../../plugins/council-access.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { sendDocument, signedDocumentRoute } from '../../lib/files/send-document.ts';
import { readUpload } from '../../lib/files/upload.ts';
import { currentUser, rowOfCaller, requestContext } from '../../plugins/auth.ts';
import { findPlan } from './repository.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { BudgetPlanService } from './service.ts';
import { RESOLUTION_LINK_PATH } from './resolution.ts';
import type { AppDb } from '../../db/database.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';

const TAG = 'budget plans';
/** The multipart field of the signed resolution PDF on approval. */
const RESOLUTION_FIELD = 'file';

/** Preparing and revising a plan: the chairperson and officials (administrators read only). */
const editor = councilEditor(() => forbidden(PLAN_MESSAGES.forbidden, 'PLAN_FORBIDDEN'));

/** Approving and posting: the chairperson, who attests the SK's resolution. */
const chair = councilChair(() => forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY'));

/** What the budgetPlanRoutes take from the composition root (services.ts hands them over). */
export interface BudgetPlanRouteDeps {
  /** Reads the row a URL names, to refuse a foreign caller before the body is parsed. */
  db: AppDb;
  budgetPlans: BudgetPlanService;
  storage: DocumentStorage;
}

export function budgetPlanRoutes(services: BudgetPlanRouteDeps): FastifyPluginAsyncZod {
  const { budgetPlans: plans, storage } = services;

  /** The plan in the URL is the caller's barangay's (else the service's own 404), before the body. */
  const planOfCaller = rowOfCaller(services.db, findPlan, () =>
    notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND'),
  );

  return async (app) => {
    app.get(
      routePath(listPlansEndpoint),
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          querystring: PlanListQuerySchema,
          response: { 200: listPlansEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        plans: await plans.list(currentUser(request), request.query.year),
      }),
    );

    app.post(
      routePath(createPlanEndpoint),
      {
        onRequest: app.requireUser(editor),
        schema: {
          tags: [TAG],
          body: CreatePlanRequestSchema,
          response: { 200: createPlanEndpoint.response, ...clientErrors },
        },
      },
      async (request) => {
        const plan = await plans.create(
          currentUser(request),
          request.body,
          requestContext(request),
        );
        return { success: true as const, message: PLAN_MESSAGES.created(plan.year), plan };
      },
    );

    app.get(
      routePath(getPlanEndpoint),
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: getPlanEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        plan: await plans.get(currentUser(request), request.params.id),
      }),
    );

    app.put(
      routePath(savePlanEndpoint),
      {
        // A full plan can be larger than the app's 1 MiB JSON limit, so this route takes up to
        // the largest valid plan; the caller, the role and the plan are checked before the
        // body is read (as on every route): only an editor of this plan's council gets that far.
        bodyLimit: PLAN_SAVE_MAX_BODY_BYTES,
        onRequest: app.requireUser({ ...editor, resource: planOfCaller }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          body: SavePlanRequestSchema,
          response: { 200: savePlanEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: PLAN_MESSAGES.saved,
        plan: await plans.save(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.get(
      routePath(planChecksEndpoint),
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: planChecksEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        checks: await plans.checks(currentUser(request), request.params.id),
      }),
    );

    // Takes a file: in a scope with the multipart parser (lib/files/multipart-routes.ts).
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          routePath(approvePlanEndpoint),
          {
            onRequest: app.requireUser({ ...chair, resource: planOfCaller }),
            schema: {
              tags: [TAG],
              description:
                'JSON `{resolutionNumber, approvedOn}`, or multipart/form-data with those fields and the signed resolution PDF in `file`.',
              consumes: ['application/json', 'multipart/form-data'],
              params: PlanIdParamsSchema,
              // No body here for multipart requests, whose fields are validated below.
              body: ApprovePlanRequestSchema.nullish(),
              response: { 200: approvePlanEndpoint.response, ...clientErrors },
            },
          },
          async (request) => {
            // The role and the plan were checked in onRequest, before any of the body was read.
            const user = currentUser(request);
            const ctx = requestContext(request);
            if (!request.isMultipart()) {
              const parsed = ApprovePlanRequestSchema.safeParse(request.body ?? {});
              if (!parsed.success) {
                throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
              }
              const plan = await plans.approve(user, request.params.id, parsed.data, null, ctx);
              return { success: true as const, message: PLAN_MESSAGES.approved, plan };
            }
            const upload = await readUpload(request, storage, {
              fileField: RESOLUTION_FIELD,
              maxBytes: PLAN_RESOLUTION_MAX_BYTES,
              tooLargeMessage: PLAN_MESSAGES.resolutionTooLarge,
              tooLargeCode: 'PLAN_RESOLUTION_TOO_LARGE',
            });
            try {
              const parsed = ApprovePlanRequestSchema.safeParse(upload.fields);
              if (!parsed.success) {
                throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
              }
              const plan = await plans.approve(
                user,
                request.params.id,
                parsed.data,
                upload.file,
                ctx,
              );
              return { success: true as const, message: PLAN_MESSAGES.approved, plan };
            } finally {
              await upload.discard();
            }
          },
        );
      }),
    );

    app.post(
      routePath(postPlanEndpoint),
      {
        onRequest: app.requireUser({ ...chair, resource: planOfCaller }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: postPlanEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: PLAN_MESSAGES.posted,
        plan: await plans.post(currentUser(request), request.params.id, requestContext(request)),
      }),
    );

    app.post(
      routePath(revisePlanEndpoint),
      {
        onRequest: app.requireUser({ ...editor, resource: planOfCaller }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          body: RevisePlanRequestSchema,
          response: { 200: revisePlanEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: PLAN_MESSAGES.revised,
        plan: await plans.revise(
          currentUser(request),
          request.params.id,
          request.body.kind,
          requestContext(request),
        ),
      }),
    );

    app.get(
      routePath(planResolutionUrlEndpoint),
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: planResolutionUrlEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        url: await plans.resolutionLink(currentUser(request), request.params.id),
      }),
    );

    app.get(
      PLAN_DOCUMENT_PATH,
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          description: 'The ABYIP or the SK annual budget as .xlsx or .pdf (a download).',
          params: PlanDocumentParamsSchema,
          querystring: PlanDocumentQuerySchema,
          response: clientErrors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await plans.document(
            currentUser(request),
            request.params.id,
            request.params.document,
            request.query.format,
          ),
        ),
    );

    signedDocumentRoute(app, {
      path: RESOLUTION_LINK_PATH,
      tag: TAG,
      verify: (storedName, exp, sig) => plans.verifyResolutionLink(storedName, exp, sig),
      open: (storedName) => plans.resolutionForLink(storedName),
    });

    // The public disclosure board: no sign-in, posted material only.
    app.get(
      routePath(disclosureEndpoint),
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          params: DisclosureParamsSchema,
          response: { 200: disclosureEndpoint.response, ...clientErrors },
        },
      },
      async (request) => plans.disclosure(request.params.barangayCode),
    );

    app.get(
      DISCLOSURE_DOCUMENT_PATH,
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          description: "A posted plan's ABYIP or SK annual budget as .xlsx or .pdf (a download).",
          params: DisclosureParamsSchema.extend(PlanDocumentParamsSchema.shape),
          querystring: PlanDocumentQuerySchema,
          response: clientErrors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await plans.publicDocument(
            request.params.barangayCode,
            request.params.id,
            request.params.document,
            request.query.format,
          ),
        ),
    );
  };
}
