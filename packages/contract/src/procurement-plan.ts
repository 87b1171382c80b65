import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';
import { PROCUREMENT_MODE_KEYS } from './procurement-rules.ts';

/**
 * The SK's procurement plan and its report (procurement-requests.ts for the requests):
 *
 * - The Annual Procurement Plan (APP) of a year, built from the lines of the year's operative
 *   plan (the newest posted version: the same lines purchase requests come from), in the
 *   columns of the GPPB's APP form (the "(Name of Agency) Annual Procurement Plan for FY ____"
 *   template of the 2016 revised IRR of RA 9184, and its 2025 revision): code (PAP), procurement
 *   program/project, PMO/end-user, mode of procurement, schedule for each procurement activity
 *   (advertisement/posting of IB/REI or RFQ, submission/opening of bids, notice of award,
 *   contract signing), source of funds, estimated budget (total, MOOE, CO), remarks. The
 *   chairperson, Head of the Procuring Entity (GPPB Circular No. 07-2019), approves it; the
 *   public board shows only an approved APP.
 * - The semestral Procurement Monitoring Report (PMR), in the columns of the GPPB's PMR form:
 *   what was actually done on each request of the half-year, step by step, with the approved
 *   budget for the contract (ABC) and the contract cost by class; due within the rule's days
 *   after the semester (`pmr-due-days`, procurement-rules.ts).
 *
 * The forms were read as reproduced by procuring entities, not from the GPPB's own site.
 */

export const PROCUREMENT_PLAN_MESSAGES = {
  chairOnly:
    'Only the SK chairperson, as Head of the Procuring Entity, approves the Annual Procurement Plan.',
  noPlan: (year: number) =>
    `There is no posted plan of ${String(year)}: the Annual Procurement Plan is built from the posted ABYIP.`,
  approved: (year: number) => `The Annual Procurement Plan of ${String(year)} is approved.`,
  alreadyApproved: (year: number) =>
    `The Annual Procurement Plan of ${String(year)} is already approved as it stands.`,
} as const;

/** The source of funds of every SK procurement. */
export const SK_FUND_SOURCE = 'SK Fund (10% of the barangay general fund, RA 10742 s. 20)';

const MonthSchema = z.string().nullable();

/** When each procurement activity is planned (`YYYY-MM`; null: not applicable to the mode). */
export const AppScheduleSchema = z.object({
  /** The line's implementation period. */
  from: MonthSchema,
  to: MonthSchema,
  posting: MonthSchema,
  opening: MonthSchema,
  award: MonthSchema,
  signing: MonthSchema,
});

const ClassAmountsSchema = z.object({ total: z.number(), mooe: z.number(), co: z.number() });

export const AppRowSchema = z.object({
  code: z.string(),
  project: z.string(),
  pmo: z.string(),
  mode: z.enum(PROCUREMENT_MODE_KEYS),
  modeLabel: z.string(),
  schedule: AppScheduleSchema,
  sourceOfFunds: z.string(),
  estimated: ClassAmountsSchema,
  /** The line's objects of expenditure of MOOE and CO, with their amounts (pesos). */
  objects: z.array(
    z.object({ code: z.string(), name: z.string(), expenseClass: z.string(), amount: z.number() }),
  ),
  remarks: z.string(),
  /** Purchase requests not cancelled, and purchase orders approved, on the line so far. */
  requested: z.number(),
  ordered: z.number(),
});
export type AppRow = z.infer<typeof AppRowSchema>;

export const AppSchema = z.object({
  year: z.number().int(),
  planId: z.number().int(),
  plan: z.object({ kind: z.string(), amendment: z.number().int(), postedAt: z.string() }),
  rows: z.array(AppRowSchema),
  totals: ClassAmountsSchema.extend({ requested: z.number(), ordered: z.number() }),
  /** The newest approval of the year; `current` when it approved this very plan version. */
  approval: z
    .object({
      planId: z.number().int(),
      approvedAt: z.string(),
      approvedBy: z.string(),
      current: z.boolean(),
    })
    .nullable(),
  svpCeiling: z.number(),
});
export type AnnualProcurementPlan = z.infer<typeof AppSchema>;

export const PlanQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  format: z
    .enum(['json', 'pdf', 'xlsx'], { error: "format must be 'json', 'pdf' or 'xlsx'" })
    .default('json'),
});

const planAnswer = z.object({
  success: z.literal(true),
  year: z.number().int(),
  /** Null when the year has no posted plan. */
  app: AppSchema.nullable(),
  canApprove: z.boolean(),
});

export const procurementPlanEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/plan',
  query: PlanQuerySchema,
  response: planAnswer,
});

export const ApprovePlanInputSchema = z.object({
  year: z.number({ error: 'year is required' }).int().min(2000).max(2100),
});

export const approveProcurementPlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/procurement/plan/approve',
  body: ApprovePlanInputSchema,
  response: planAnswer.extend({ message: z.string() }),
});

/** A barangay's APP for the city's accounts (read-only). */
export const cityProcurementPlanEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/procurement/:barangayCode/plan',
  query: PlanQuerySchema,
  response: planAnswer,
});

export const PmrDatesSchema = z.object({
  /** The purchase request (the procurement's start), and the RFQ's PhilGEPS posting's end. */
  requested: z.string(),
  postingUntil: z.string().nullable(),
  /** The abstract of quotations (the quotations opened and compared). */
  quotationsOpened: z.string().nullable(),
  resolution: z.string().nullable(),
  /** The purchase order approved (the notice of award and the contract, for SVP). */
  order: z.string().nullable(),
  /** The last delivery and its inspection and acceptance. */
  delivered: z.string().nullable(),
  accepted: z.string().nullable(),
});

export const PMR_STATUSES = ['open', 'awarded', 'resolved', 'ordered', 'delivered'] as const;

export const PmrRowSchema = z.object({
  requestId: z.number().int(),
  number: z.string(),
  code: z.string(),
  project: z.string(),
  pmo: z.string(),
  mode: z.string(),
  modeLabel: z.string(),
  status: z.enum(PMR_STATUSES),
  dates: PmrDatesSchema,
  sourceOfFunds: z.string(),
  abc: ClassAmountsSchema,
  /** Null until a purchase order is approved. */
  contractCost: ClassAmountsSchema.nullable(),
  supplier: z.string().nullable(),
  remarks: z.string(),
});
export type PmrRow = z.infer<typeof PmrRowSchema>;

export const PmrSchema = z.object({
  year: z.number().int(),
  half: z.union([z.literal(1), z.literal(2)]),
  from: z.string(),
  to: z.string(),
  /** The report is due on this day (`pmr-due-days` after the semester); days left from today. */
  dueOn: z.string(),
  daysLeft: z.number().int(),
  dueRule: z.object({ days: z.number().int(), source: z.string(), confirmed: z.boolean() }),
  rows: z.array(PmrRowSchema),
  totals: z.object({ abc: ClassAmountsSchema, contractCost: ClassAmountsSchema }),
  asOf: z.string(),
});
export type ProcurementMonitoringReport = z.infer<typeof PmrSchema>;

export const PmrQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  half: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, 'half must be 1 (January to June) or 2 (July to December)')
    .optional(),
  format: z
    .enum(['json', 'pdf', 'xlsx'], { error: "format must be 'json', 'pdf' or 'xlsx'" })
    .default('json'),
});

const pmrAnswer = z.object({ success: z.literal(true), report: PmrSchema });

export const procurementMonitoringEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/monitoring-report',
  query: PmrQuerySchema,
  response: pmrAnswer,
});

export const cityProcurementMonitoringEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/procurement/:barangayCode/monitoring-report',
  query: PmrQuerySchema,
  response: pmrAnswer,
});

/**
 * The public board's procurement (budget-plan-disclosure.ts): the approved APP of the current
 * year and its purchase orders. Suppliers by business name only: never a TIN, an address or a
 * person's name.
 */
export const DisclosureProcurementSchema = z.object({
  year: z.number().int(),
  plan: z
    .object({
      approvedOn: z.string(),
      rows: z.array(
        AppRowSchema.pick({
          code: true,
          project: true,
          mode: true,
          modeLabel: true,
          schedule: true,
          sourceOfFunds: true,
          estimated: true,
        }),
      ),
    })
    .nullable(),
  awards: z.array(
    z.object({
      reference: z.string(),
      description: z.string(),
      supplier: z.string(),
      amount: z.number(),
      orderDate: z.string(),
      mode: z.string(),
      modeLabel: z.string(),
    }),
  ),
});
export type DisclosureProcurement = z.infer<typeof DisclosureProcurementSchema>;
