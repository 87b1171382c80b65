import {
  ApiMessageSchema,
  DisclosureParamsSchema,
  END_OF_TERM_REPORT_PATH,
  PLAN_MAX_YEAR,
  PLAN_MESSAGES,
  PLAN_MIN_YEAR,
  PostReportBodySchema,
  TrackerReportQuerySchema,
  disclosureScheduleEndpoint,
  postReportEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import type { BudgetPlanService } from '../budget-plans/service.ts';

const errors = { '4xx': ApiMessageSchema };
const TAG = 'disclosure';

const EndOfTermParamsSchema = DisclosureParamsSchema.extend({
  year: z.coerce
    .number()
    .int('year must be a whole number')
    .min(PLAN_MIN_YEAR, `year must be ${String(PLAN_MIN_YEAR)} or later`)
    .max(PLAN_MAX_YEAR, `year must be ${String(PLAN_MAX_YEAR)} or earlier`),
});

/** What the disclosureRoutes take from the composition root. */
export interface DisclosureRouteDeps {
  budgetPlans: BudgetPlanService;
}

/**
 * Full public disclosure (MC 2023-068): the council's posting schedule (every role of the
 * barangay reads it), the chairperson posting the annual and end-of-term reports, and the posted
 * end-of-term report on the public board.
 */
export function disclosureRoutes(services: DisclosureRouteDeps): FastifyPluginAsyncZod {
  const disclosure = services.budgetPlans.disclosureSchedule;
  return async (app) => {
    app.get(
      disclosureScheduleEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'plan.view' }),
        schema: {
          tags: [TAG],
          response: { 200: disclosureScheduleEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await disclosure.schedule(currentUser(request))),
      }),
    );

    app.post(
      postReportEndpoint.path,
      {
        // The role is checked before the body is read.
        onRequest: app.requireUser({
          action: 'plan.view',
          role: {
            action: 'plan.approve',
            refuse: () => forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY'),
          },
        }),
        schema: {
          tags: [TAG],
          body: PostReportBodySchema,
          response: { 200: postReportEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        schedule: await disclosure.postReport(
          currentUser(request),
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.get(
      END_OF_TERM_REPORT_PATH,
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          description: 'The posted end-of-term report as .xlsx or .pdf (a download).',
          params: EndOfTermParamsSchema,
          querystring: TrackerReportQuerySchema.pick({ format: true }),
          response: errors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await disclosure.publicEndOfTermReport(
            request.params.barangayCode,
            request.params.year,
            request.query.format,
          ),
        ),
    );
  };
}
