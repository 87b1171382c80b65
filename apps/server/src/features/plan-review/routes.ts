import {
  DecideReviewRequestSchema,
  PLAN_MESSAGES,
  PLAN_RESOLUTION_MAX_BYTES,
  PLAN_REVIEW_MESSAGES,
  PlanIdParamsSchema,
  PlanReviewIdParamsSchema,
  PlanReviewQuerySchema,
  SaveFindingsRequestSchema,
  CITY_REVIEW_DOCUMENT_PATH,
  CityReviewDocumentParamsSchema,
  PlanDocumentQuerySchema,
  cityPlanReviewEndpoint,
  cityPlanReviewsEndpoint,
  cityReviewResolutionUrlEndpoint,
  decideReviewEndpoint,
  planReviewStatusEndpoint,
  saveFindingsEndpoint,
  startReviewEndpoint,
  submitPlanEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrors, councilChair } from '../../plugins/council-access.ts';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { readUpload } from '../../lib/files/upload.ts';
import {
  currentUser,
  rawRowId,
  rowOfCaller,
  requestContext,
  type RawParams,
  type RequireUserOptions,
} from '../../plugins/auth.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { findPlan } from '../budget-plans/repository.ts';
import type { BudgetPlanService } from '../budget-plans/service.ts';
import { cityOf, cityScope } from '../city/scope.ts';
import { findSubmission } from './repository.ts';
import type { PlanReviewService } from './service.ts';

const RESOLUTION_FIELD = 'file';

export interface PlanReviewRouteDeps {
  db: AppDb;
  planReview: PlanReviewService;
  storage: DocumentStorage;
  budgetPlans: BudgetPlanService;
}

/**
 * POST /api/budget-plans/:id/submit, GET /api/budget-plans/:id/review (the council) and the
 * city's /api/city/plan-reviews calls (contract plan-review.ts).
 */
export function planReviewRoutes(deps: PlanReviewRouteDeps): FastifyPluginAsyncZod {
  const { db, planReview, storage, budgetPlans } = deps;

  /** The plan is the caller's council's, before any body is read. */
  const planOfCaller = rowOfCaller(db, findPlan, () =>
    notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND'),
  );
  const chair: RequireUserOptions = {
    ...councilChair(() => forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY')),
    resource: planOfCaller,
  };

  /** The submission is of the caller's city (404 otherwise), before any body is read. */
  const reviewInCity = async (user: AuthUser, params: RawParams) => {
    const id = rawRowId(params);
    if (id === null || !(await findSubmission(db, await cityScope(db, user), id))) {
      throw notFound(PLAN_REVIEW_MESSAGES.notFound, 'REVIEW_NOT_FOUND');
    }
  };
  /** ... and the caller is its budget officer (the one who decides). */
  const budgetOfficer = async (user: AuthUser, params: RawParams) => {
    await reviewInCity(user, params);
    if ((await cityOf(db, user)).role !== 'CBO') {
      throw forbidden(PLAN_REVIEW_MESSAGES.budgetOfficerOnly, 'REVIEW_BUDGET_OFFICER_ONLY');
    }
  };
  const TAG = 'plan review';
  /** The chair is told when the city has nobody to review the budget yet. */
  const submitWarning = (noBudgetOfficer: boolean) =>
    noBudgetOfficer
      ? {
          warning: {
            code: 'NO_BUDGET_OFFICER' as const,
            message: PLAN_REVIEW_MESSAGES.noBudgetOfficer,
          },
        }
      : {};

  return async (app) => {
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          submitPlanEndpoint.path,
          {
            onRequest: app.requireUser(chair),
            schema: {
              tags: [TAG],
              description:
                'Submits an approved or posted plan to its city: JSON `{}` uses the resolution stored at approval; multipart/form-data sends the approving resolution PDF in `file`.',
              consumes: ['application/json', 'multipart/form-data'],
              params: PlanIdParamsSchema,
              response: { 200: submitPlanEndpoint.response, ...clientErrors },
            },
          },
          async (request) => {
            const user = currentUser(request);
            const ctx = requestContext(request);
            if (!request.isMultipart()) {
              const done = await planReview.submit(user, request.params.id, null, ctx);
              return {
                success: true as const,
                message: PLAN_REVIEW_MESSAGES.submitted,
                submission: done.submission,
                ...submitWarning(done.noBudgetOfficer),
              };
            }
            const upload = await readUpload(request, storage, {
              fileField: RESOLUTION_FIELD,
              maxBytes: PLAN_RESOLUTION_MAX_BYTES,
              tooLargeMessage: PLAN_MESSAGES.resolutionTooLarge,
              tooLargeCode: 'PLAN_RESOLUTION_TOO_LARGE',
            });
            try {
              const done = await planReview.submit(user, request.params.id, upload.file, ctx);
              return {
                success: true as const,
                message: PLAN_REVIEW_MESSAGES.submitted,
                submission: done.submission,
                ...submitWarning(done.noBudgetOfficer),
              };
            } finally {
              await upload.discard();
            }
          },
        );
      }),
    );

    app.get(
      planReviewStatusEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'plan.view', resource: planOfCaller }),
        schema: {
          tags: [TAG],
          params: PlanIdParamsSchema,
          response: { 200: planReviewStatusEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        review: await planReview.status(currentUser(request), request.params.id),
      }),
    );

    app.get(
      cityPlanReviewsEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: [TAG],
          querystring: PlanReviewQuerySchema,
          response: { 200: cityPlanReviewsEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await planReview.city.list(currentUser(request), request.query.year)),
      }),
    );

    app.get(
      cityPlanReviewEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: reviewInCity }),
        schema: {
          tags: [TAG],
          params: PlanReviewIdParamsSchema,
          response: { 200: cityPlanReviewEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await planReview.city.get(currentUser(request), request.params.id)),
      }),
    );

    app.post(
      startReviewEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: budgetOfficer }),
        schema: {
          tags: [TAG],
          params: PlanReviewIdParamsSchema,
          response: { 200: startReviewEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: PLAN_REVIEW_MESSAGES.started,
        submission: await planReview.city.start(
          currentUser(request),
          request.params.id,
          requestContext(request),
        ),
      }),
    );

    app.put(
      saveFindingsEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: budgetOfficer }),
        schema: {
          tags: [TAG],
          params: PlanReviewIdParamsSchema,
          body: SaveFindingsRequestSchema,
          response: { 200: saveFindingsEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: PLAN_REVIEW_MESSAGES.findingsSaved,
        submission: await planReview.city.saveFindings(
          currentUser(request),
          request.params.id,
          request.body.findings,
          requestContext(request),
        ),
      }),
    );

    app.post(
      decideReviewEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: budgetOfficer }),
        schema: {
          tags: [TAG],
          params: PlanReviewIdParamsSchema,
          body: DecideReviewRequestSchema,
          response: { 200: decideReviewEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: PLAN_REVIEW_MESSAGES.decided,
        submission: await planReview.city.decide(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    /**
     * The submitted plan as its council reads it, for the city that reviews it: the budget plan
     * calls are scoped to the caller's barangay, so they are called in the submission's barangay,
     * once the submission is known to be of the caller's city (reviewInCity, 404 otherwise).
     */
    const asReviewedCouncil = async (user: AuthUser, id: number) => {
      const row = await findSubmission(db, await cityScope(db, user), id);
      if (!row) {
        throw notFound(PLAN_REVIEW_MESSAGES.notFound, 'REVIEW_NOT_FOUND');
      }
      return { council: { ...user, barangayId: row.barangay_id }, planId: row.plan_id };
    };

    app.get(
      cityReviewResolutionUrlEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: reviewInCity }),
        schema: {
          tags: [TAG],
          description:
            "A five-minute link to the approving resolution (PDF) of a budget submitted to the caller's city. All city roles read.",
          params: PlanReviewIdParamsSchema,
          response: { 200: cityReviewResolutionUrlEndpoint.response, ...clientErrors },
        },
      },
      async (request) => {
        const { council, planId } = await asReviewedCouncil(
          currentUser(request),
          request.params.id,
        );
        return { success: true as const, url: await budgetPlans.resolutionLink(council, planId) };
      },
    );

    app.get(
      CITY_REVIEW_DOCUMENT_PATH,
      {
        onRequest: app.requireUser({ audience: 'city', resource: reviewInCity }),
        schema: {
          tags: [TAG],
          description:
            "The ABYIP or SK annual budget of a budget submitted to the caller's city, as .xlsx or .pdf (a download). All city roles read.",
          params: CityReviewDocumentParamsSchema,
          querystring: PlanDocumentQuerySchema,
          response: clientErrors,
        },
      },
      async (request, reply) => {
        const { council, planId } = await asReviewedCouncil(
          currentUser(request),
          request.params.id,
        );
        return sendDocument(
          reply,
          await budgetPlans.document(
            council,
            planId,
            request.params.document,
            request.query.format,
          ),
        );
      },
    );
  };
}
