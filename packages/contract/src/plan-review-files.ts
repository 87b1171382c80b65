// What the city reads with a submitted budget: the approving resolution and the plan's
// documents (ABYIP, annual budget), for the budget officer's review. Only a submission of the
// caller's own city: another city's answers like a missing one.
import { z } from 'zod';
import { rowIdSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { PLAN_DOCUMENTS } from './budget-plans.ts';

/** GET `{ url }`: a short-lived signed link to the submission's approving resolution (PDF). */
export const cityReviewResolutionUrlEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/plan-reviews/:id/resolution-url',
  response: z.object({ success: z.literal(true), url: z.string() }),
});

/** GET the submitted plan's ABYIP or annual budget, `?format=xlsx|pdf` (a download). */
export const CITY_REVIEW_DOCUMENT_PATH = '/api/city/plan-reviews/:id/documents/:document';

export const CityReviewDocumentParamsSchema = z.object({
  id: rowIdSchema,
  document: z.enum(PLAN_DOCUMENTS, { error: "document must be 'abyip' or 'annual-budget'" }),
});
