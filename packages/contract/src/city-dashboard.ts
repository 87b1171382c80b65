import { z } from 'zod';
import { PLAN_MAX_YEAR, PLAN_MIN_YEAR, PYDP_CENTRES } from './budget-plan-terms.ts';
import { defineEndpoint } from './endpoints.ts';
import { PLAN_REVIEW_OUTCOMES, PLAN_REVIEW_STATES } from './plan-review.ts';
import type { PROJECT_STATUSES } from './projects.ts';

/**
 * The city's view of its barangays: the proposals at the LGU steps
 * (GET /api/city/proposals) and the dashboard (GET /api/city/dashboard, and its .xlsx). Both
 * answer for the active barangays of the caller's own city only.
 */

/** The LGU steps a city reads: "Submitted to LGU" (its queue) and its three decisions. */
export const CITY_PROPOSAL_STATUSES = [
  'Submitted to LGU',
  'LGU Revision Requested',
  'LGU Approval',
  'LGU Rejected',
] as const satisfies readonly (typeof PROJECT_STATUSES)[number][];

export const CityProposalsQuerySchema = z.object({
  /** One LGU step; none: all four. */
  status: z
    .enum(CITY_PROPOSAL_STATUSES, { error: 'Please choose one of the LGU steps' })
    .optional(),
});
export type CityProposalsQuery = z.infer<typeof CityProposalsQuerySchema>;

export const CityProposalSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  status: z.enum(CITY_PROPOSAL_STATUSES),
  /** The remarks of the latest status (the chair's when submitted, the city's once decided). */
  remarks: z.string().nullable(),
  barangay: z.object({ code: z.string(), name: z.string(), district: z.string().nullable() }),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type CityProposal = z.infer<typeof CityProposalSchema>;

/** GET /api/city/proposals?status=: CYDO, CA and SKF read; newest change first. */
export const cityProposalsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/proposals',
  query: CityProposalsQuerySchema,
  response: z.object({ success: z.literal(true), proposals: z.array(CityProposalSchema) }),
});
export type CityProposalsResponse = z.infer<typeof cityProposalsEndpoint.response>;

export const CITY_DASHBOARD_FORMATS = ['json', 'xlsx'] as const;

export const CityDashboardQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year must be a whole number' })
    .int('year must be a whole number')
    .min(PLAN_MIN_YEAR)
    .max(PLAN_MAX_YEAR)
    .optional(),
  /** Only the barangays of one district. */
  district: z.string().trim().max(100).optional(),
  /** Only the late ones (see `late`). */
  late: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** GET /api/city/dashboard?format=xlsx is the same workbook as /api/city/dashboard.xlsx. */
  format: z.enum(CITY_DASHBOARD_FORMATS).optional(),
});
export type CityDashboardQuery = z.input<typeof CityDashboardQuerySchema>;

/** The state of a barangay's plan of the year: its newest version's, or `none`. */
export const CITY_PLAN_STATES = ['none', 'draft', 'approved', 'posted'] as const;
export type CityPlanState = (typeof CITY_PLAN_STATES)[number];

export const CityDashboardReviewSchema = z.object({
  submissionId: z.number().int(),
  /** The plan's amendment number (0 the original) that was submitted. */
  version: z.number().int(),
  state: z.enum(PLAN_REVIEW_STATES),
  outcome: z.enum(PLAN_REVIEW_OUTCOMES).nullable(),
  receivedOn: z.string(),
  dueOn: z.string().nullable(),
  daysRemaining: z.number().int().nullable(),
  late: z.boolean(),
});
export type CityDashboardReview = z.infer<typeof CityDashboardReviewSchema>;

export const CityDashboardRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  district: z.string().nullable(),
  plan: z.object({
    state: z.enum(CITY_PLAN_STATES),
    version: z.number().int().nullable(),
    /** The date of the approving SK resolution (Manila calendar date). */
    approvedOn: z.string().nullable(),
    postedAt: z.string().nullable(),
  }),
  /**
   * `plan` is the operative plan (the newest posted version) once one is posted; a newer
   * amendment in the works (a draft, or approved and not yet posted) is this, beside it, and
   * changes none of the row's figures until it is posted.
   */
  amendmentInProgress: z
    .object({
      /** The amendment's number (1 the first supplemental or realignment). */
      version: z.number().int(),
      state: z.enum(['draft', 'approved']),
    })
    .nullable(),
  /** The plan's certified 10% share (pesos); null without a plan. */
  skFund: z.number().nullable(),
  /** Personal services and training as % of the SK fund, one decimal; null without a fund. */
  personalServicesPct: z.number().nullable(),
  trainingPct: z.number().nullable(),
  /** The plan's failing statutory checks (the budget-plans checks); null without a plan. */
  failingChecks: z.number().int().nullable(),
  /** Tracker: disbursed / appropriated, % to one decimal; null when nothing is appropriated. */
  appropriated: z.number(),
  disbursed: z.number(),
  utilisation: z.number().nullable(),
  /** Proposals "Submitted to LGU", waiting for the city's decision. */
  proposalsWaiting: z.number().int(),
  /** Lines the city declared inoperative in its newest concluded review: closed to spending. */
  inoperativeLines: z.number().int(),
  /** The last tracker progress (item update, disbursement or evidence): an ISO instant. */
  lastProgressAt: z.string().nullable(),
  /**
   * The year has begun (Manila) and the barangay has no approved or posted plan of it. The
   * statutory deadlines (5, 10 and 60 days) come with the plan review below.
   */
  late: z.boolean(),
  /**
   * The city's review of the barangay's newest submission of the year (`plan_submissions`),
   * or null when nothing is submitted: its state (the no-action outcome
   * computed on read), outcome, receipt, the review's due date (rules table) and days left;
   * `late` when still open past its due date (or its rule is missing).
   */
  review: CityDashboardReviewSchema.nullable(),
});
export type CityDashboardRow = z.infer<typeof CityDashboardRowSchema>;

export const CityCentreTotalSchema = z.object({
  centre: z.enum(PYDP_CENTRES).nullable(),
  /** Planned (approved and posted plans), pesos; centre null: General Administration Program. */
  amount: z.number(),
  /**
   * Disbursed on the tracked items of those plans' lines of the centre (pesos); items that are
   * no line of the plan (the honoraria schedule's positions) count under the GAP (null).
   */
  disbursed: z.number(),
});

export const CityDashboardTotalsSchema = z.object({
  barangays: z.number().int(),
  byState: z.record(z.enum(CITY_PLAN_STATES), z.number().int()),
  skFund: z.number(),
  appropriated: z.number(),
  disbursed: z.number(),
  utilisation: z.number().nullable(),
  failingChecks: z.number().int(),
  proposalsWaiting: z.number().int(),
  late: z.number().int(),
});

/** GET /api/city/dashboard?year=&district=&late=: all four city roles read. */
export const cityDashboardEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/dashboard',
  query: CityDashboardQuerySchema,
  response: z.object({
    success: z.literal(true),
    city: z.object({ code: z.string(), name: z.string() }),
    year: z.number().int(),
    districts: z.array(z.string()),
    rows: z.array(CityDashboardRowSchema),
    totals: CityDashboardTotalsSchema,
    byCentre: z.array(CityCentreTotalSchema),
  }),
});
export type CityDashboard = z.infer<typeof cityDashboardEndpoint.response>;

export const CITY_DASHBOARD_XLSX_PATH = '/api/city/dashboard.xlsx';
