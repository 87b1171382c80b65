import { z } from 'zod';
import { BarangayCodeSchema } from './barangay-code.ts';
import { defineEndpoint } from './endpoints.ts';
import { HONORARIA_POSITIONS, PLAN_KINDS } from './budget-plan-terms.ts';
import { PlanTotalsSchema, SavedLineSchema, SignatoriesSchema } from './budget-plans.ts';
import { DisclosureScheduleSchema } from './disclosure-postings.ts';
import { DisclosureProcurementSchema } from './procurement-plan.ts';

/** Public disclosure board (no sign-in): posted material only. */
export const DisclosurePlanSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  status: z.enum(['posted']),
  kind: z.enum(PLAN_KINDS),
  amendment: z.number().int(),
  postedAt: z.string(),
  resolutionNumber: z.string(),
  approvedOn: z.string(),
  totals: PlanTotalsSchema,
  lines: z.array(SavedLineSchema.omit({ projectId: true, id: true })),
  /** Position and amounts only: names are not published beyond the signatories. */
  honoraria: z.array(
    z.object({
      position: z.enum(HONORARIA_POSITIONS),
      monthlyRate: z.number(),
      months: z.number().int(),
    }),
  ),
  signatories: SignatoriesSchema,
  /**
   * Lines of this plan the city declared inoperative in its review (the newest concluded review
   * of the year), with its reason and rule: closed to new spending.
   */
  inoperative: z.array(
    z.object({
      referenceCode: z.string(),
      reason: z.string(),
      rule: z.string(),
      decidedOn: z.string(),
    }),
  ),
});
export type DisclosurePlan = z.infer<typeof DisclosurePlanSchema>;

export const DisclosureProjectSchema = z.object({
  referenceNumber: z.string(),
  title: z.string(),
  status: z.string(),
  year: z.number().int(),
});
export type DisclosureProject = z.infer<typeof DisclosureProjectSchema>;

export const disclosureEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/disclosure/:barangayCode',
  response: z.object({
    success: z.literal(true),
    barangay: z.object({ code: z.string(), name: z.string() }),
    /** Posted plans, newest year first (the newest posted version of each year). */
    plans: z.array(DisclosurePlanSchema),
    /** Accepted proposals (accepted or further along), with their status. */
    projects: z.array(DisclosureProjectSchema),
    /** MC 2023-068: each posted document with its dates, and what must be posted next. */
    schedule: DisclosureScheduleSchema,
    /** The approved procurement plan of the current year and its purchase orders. */
    procurement: DisclosureProcurementSchema,
  }),
});
export const DisclosureParamsSchema = z.object({
  barangayCode: BarangayCodeSchema,
});
/** `GET /api/public/disclosure/:barangayCode/plans/:id/:document?format=xlsx|pdf`. */
export const DISCLOSURE_DOCUMENT_PATH = '/api/public/disclosure/:barangayCode/plans/:id/:document';
