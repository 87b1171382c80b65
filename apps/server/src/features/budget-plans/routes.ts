import {
  ApiMessageSchema,
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
  can,
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
import { badRequest, forbidden } from '../../lib/errors.ts';
import { sendDocument, signedDocumentRoute } from '../../lib/files/send-document.ts';
import { readUpload } from '../../lib/files/upload.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { BudgetPlanService } from './service.ts';
import { RESOLUTION_LINK_PATH } from './resolution.ts';

const errors = { '4xx': ApiMessageSchema };
const TAG = 'budget plans';
/** The multipart field of the signed resolution PDF on approval. */
const RESOLUTION_FIELD = 'file';

/** `/api/x/:id` in the contract; Fastify takes the same syntax. */
const path = (endpoint: { path: string }) => endpoint.path;

/** What the budgetPlanRoutes take from the composition root (services.ts hands them over). */
export interface BudgetPlanRouteDeps {
  budgetPlans: BudgetPlanService;
  storage: DocumentStorage;
}

export function budgetPlanRoutes(services: BudgetPlanRouteDeps): FastifyPluginAsyncZod {
  const { budgetPlans: plans, storage } = services;

  return async (app) => {
    app.get(
      path(listPlansEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          querystring: PlanListQuerySchema,
          response: { 200: listPlansEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        plans: await plans.list(currentUser(request), request.query.year),
      }),
    );

    app.post(
      path(createPlanEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          body: CreatePlanRequestSchema,
          response: { 200: createPlanEndpoint.response, ...errors },
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
      path(getPlanEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: getPlanEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        plan: await plans.get(currentUser(request), request.params.id),
      }),
    );

    app.put(
      path(savePlanEndpoint),
      {
        // A full plan can be larger than the app's 1 MiB JSON limit, so this route takes up to
        // the largest valid plan, and checks the caller before the body is read: only a
        // council member's request gets that far.
        bodyLimit: PLAN_SAVE_MAX_BODY_BYTES,
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          body: SavePlanRequestSchema,
          response: { 200: savePlanEndpoint.response, ...errors },
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
      path(planChecksEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: planChecksEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        checks: await plans.checks(currentUser(request), request.params.id),
      }),
    );

    app.post(
      path(approvePlanEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          description:
            'JSON `{resolutionNumber, approvedOn}`, or multipart/form-data with those fields and the signed resolution PDF in `file`.',
          consumes: ['application/json', 'multipart/form-data'],
          params: PlanIdParamsSchema,
          // No body here for multipart requests, whose fields are validated below.
          body: ApprovePlanRequestSchema.nullish(),
          response: { 200: approvePlanEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        // Refused before any upload is staged.
        if (!can(user, 'plan.approve')) {
          throw forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY');
        }
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
        });
        try {
          const parsed = ApprovePlanRequestSchema.safeParse(upload.fields);
          if (!parsed.success) {
            throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
          }
          const plan = await plans.approve(user, request.params.id, parsed.data, upload.file, ctx);
          return { success: true as const, message: PLAN_MESSAGES.approved, plan };
        } finally {
          await upload.discard();
        }
      },
    );

    app.post(
      path(postPlanEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: postPlanEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: PLAN_MESSAGES.posted,
        plan: await plans.post(currentUser(request), request.params.id, requestContext(request)),
      }),
    );

    app.post(
      path(revisePlanEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          body: RevisePlanRequestSchema,
          response: { 200: revisePlanEndpoint.response, ...errors },
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
      path(planResolutionUrlEndpoint),
      {
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: planResolutionUrlEndpoint.response, ...errors },
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
        preHandler: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          description: 'The ABYIP or the SK annual budget as .xlsx or .pdf (a download).',
          params: PlanDocumentParamsSchema,
          querystring: PlanDocumentQuerySchema,
          response: errors,
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
      path(disclosureEndpoint),
      {
        schema: {
          tags: ['public'],
          params: DisclosureParamsSchema,
          response: { 200: disclosureEndpoint.response, ...errors },
        },
      },
      async (request) => plans.disclosure(request.params.barangayCode),
    );

    app.get(
      DISCLOSURE_DOCUMENT_PATH,
      {
        schema: {
          tags: ['public'],
          description: "A posted plan's ABYIP or SK annual budget as .xlsx or .pdf (a download).",
          params: DisclosureParamsSchema.extend(PlanDocumentParamsSchema.shape),
          querystring: PlanDocumentQuerySchema,
          response: errors,
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
