// The budget plan calls: each endpoint's method, path, body and answer (the schemas are in
// budget-plans.ts).
import { z } from 'zod';
import { rowIdSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { PlanCheckSchema } from './budget-plan-rules.ts';
import {
  ApprovePlanRequestSchema,
  BudgetPlanSchema,
  CreatePlanRequestSchema,
  PLAN_DOCUMENTS,
  PlanListQuerySchema,
  PlanSummarySchema,
  RevisePlanRequestSchema,
  SavePlanRequestSchema,
} from './budget-plans.ts';

const planAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  plan: BudgetPlanSchema,
});

export const listPlansEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/budget-plans',
  query: PlanListQuerySchema,
  response: z.object({ success: z.literal(true), plans: z.array(PlanSummarySchema) }),
});
export const createPlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/budget-plans',
  body: CreatePlanRequestSchema,
  response: planAnswer,
});
export const getPlanEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/budget-plans/:id',
  response: z.object({ success: z.literal(true), plan: BudgetPlanSchema }),
});
export const savePlanEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/budget-plans/:id',
  body: SavePlanRequestSchema,
  response: planAnswer,
});
export const planChecksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/budget-plans/:id/checks',
  response: z.object({ success: z.literal(true), checks: z.array(PlanCheckSchema) }),
});
/** JSON, or multipart with the fields and the signed resolution PDF in `file`. */
export const approvePlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/budget-plans/:id/approve',
  body: ApprovePlanRequestSchema,
  response: planAnswer,
});
export const postPlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/budget-plans/:id/post',
  response: planAnswer,
});
export const revisePlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/budget-plans/:id/revise',
  body: RevisePlanRequestSchema,
  response: planAnswer,
});
/** `GET /api/budget-plans/:id/documents/:document?format=xlsx|pdf`: the file itself. */
export const PLAN_DOCUMENT_PATH = '/api/budget-plans/:id/documents/:document';
export const PlanDocumentParamsSchema = z.object({
  id: rowIdSchema,
  document: z.enum(PLAN_DOCUMENTS, { error: "document must be 'abyip' or 'annual-budget'" }),
});
/** `{ url }`: a short-lived signed link to the signed resolution PDF. */
export const planResolutionUrlEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/budget-plans/:id/resolution-url',
  response: z.object({ success: z.literal(true), url: z.string() }),
});
