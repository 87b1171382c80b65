import { z } from 'zod';
import { PlanCheckSchema } from './budget-plan-rules.ts';
import { BudgetPlanSchema, PlanChangeSchema, isoDate } from './budget-plans.ts';
import { defineEndpoint } from './endpoints.ts';

/**
 * The city's review of SK annual budgets. An approved or posted plan is
 * submitted by the SK chairperson to the sangguniang panlungsod through the city budget officer;
 * the city reviews it within the days the rules table gives (JMC No. 1 s. 2019 items 3.3.3.3,
 * 3.3.3.4 and 3.3.4.1; RA 10742 s. 20(d)). The plan's own status is untouched: the review lives
 * beside it (`plan_submissions`, `plan_review_findings` on the server).
 */

/** The deadline rules of the review, rows of the rules table (`budget_rules`) with a source. */
export const PLAN_REVIEW_RULE_KEYS = [
  /** Days after approval to post the approving resolution (JMC No. 1 s. 2019 item 3.3.3.3). */
  'review-post-resolution-days',
  /** Days after approval to submit the budget to the sanggunian (item 3.3.3.4). */
  'review-submit-days',
  /** Days after receipt for the sanggunian's review (item 3.3.4.1; RA 10742 s. 20(d)). */
  'review-days',
] as const;
export type PlanReviewRuleKey = (typeof PLAN_REVIEW_RULE_KEYS)[number];

export const PLAN_REVIEW_STATES = [
  'submitted',
  'under_review',
  'reviewed',
  'deemed_operative',
] as const;
export type PlanReviewState = (typeof PLAN_REVIEW_STATES)[number];

export const PLAN_REVIEW_OUTCOMES = [
  'operative',
  'operative_with_conditions',
  'items_inoperative',
] as const;
export type PlanReviewOutcome = (typeof PLAN_REVIEW_OUTCOMES)[number];

export const PLAN_REVIEW_MESSAGES = {
  reviewOpen: (amendment: number, dueOn: string) =>
    `The city is reviewing ${amendment === 0 ? 'the original version' : `amendment ${String(amendment)}`} of this budget until ${dueOn} at the latest: approve or submit a newer version once that review ends (one review at a time, so the city never decides a version already replaced).`,
  superseded:
    'A newer version of this budget was approved: this version can no longer be reviewed or deemed operative.',
  resolutionInFuture: (today: string) =>
    `The resolution date cannot be after today (${today}): record the sanggunian's decision once it is adopted.`,
  resolutionBeforeReceipt: (receivedOn: string) =>
    `The resolution date cannot be before the city received the budget (${receivedOn}).`,
  actedAfterPeriod: (dueOn: string) =>
    `The review period ended on ${dueOn} and this resolution is dated after it: with no action within the period, the budget is operative (RA 7160 s. 333, by analogy).`,
  submitted: 'Budget submitted to the city for review.',
  noBudgetOfficer:
    'The city has no active budget officer yet, so nobody there can review this budget for now; its city administrator was told by e-mail. The review period still runs from today.',
  started: 'Review started.',
  findingsSaved: 'Findings saved.',
  decided: 'Review decided.',
  notSubmittable: 'Only an approved or posted budget plan can be submitted to the city.',
  alreadySubmitted: 'This version of the budget plan has already been submitted to the city.',
  noResolution:
    'Attach the approving resolution (PDF): this plan has none stored from its approval.',
  notFound: 'Budget review not found.',
  notOpen: 'This budget has already been reviewed.',
  deadlinePassed:
    'The review period has ended: without action in time the budget is deemed operative.',
  budgetOfficerOnly: 'Only the city budget officer decides a budget review.',
  unknownLine: 'A finding names a line that is not in this plan.',
  needsInoperative: 'Declaring items inoperative needs at least one finding marked inoperative.',
  inoperativeFindings:
    'Findings mark items inoperative: decide with the outcome "items declared inoperative", or clear those marks.',
  conditionsRequired: 'Write the conditions of an operative-with-conditions outcome.',
  missingRule: (rule: string) =>
    `The rules table has no "${rule}" row for this year: the deadline cannot be computed.`,
} as const;

/** A deadline in Manila calendar days: when it falls, how many days remain, whether late. */
export const ReviewDeadlineSchema = z.object({
  rule: z.enum(PLAN_REVIEW_RULE_KEYS),
  /** The rule's number of days and its legal source, from the rules table. */
  days: z.number().int(),
  source: z.string(),
  /** From this Manila date (approval or receipt), `days` later is `dueOn`. */
  from: z.string(),
  dueOn: z.string(),
  /** When it was done (Manila date), or null. */
  doneOn: z.string().nullable(),
  /** Days from today to `dueOn` (negative: past); null once done. */
  daysRemaining: z.number().int().nullable(),
  late: z.boolean(),
});
export type ReviewDeadline = z.infer<typeof ReviewDeadlineSchema>;

export const ReviewFindingSchema = z.object({
  /** The line's reference code (the key a new version keeps). */
  lineRef: z.string().min(1).max(60),
  inoperative: z.boolean(),
  reason: z.string().trim().min(1, 'Write the reason of each finding.').max(2000),
  /** The rule the item breaks, as the reviewer cites it. */
  rule: z.string().trim().max(300),
});
export type ReviewFinding = z.infer<typeof ReviewFindingSchema>;

export const PlanSubmissionSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  barangay: z.object({ code: z.string(), name: z.string(), district: z.string().nullable() }),
  year: z.number().int(),
  amendment: z.number().int(),
  /** The state as of now: `deemed_operative` once the review period passed without a decision. */
  state: z.enum(PLAN_REVIEW_STATES),
  submittedAt: z.string(),
  submittedBy: z.string(),
  receivedOn: z.string(),
  startedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  outcome: z.enum(PLAN_REVIEW_OUTCOMES).nullable(),
  conditions: z.string().nullable(),
  sanggunianResolutionNumber: z.string().nullable(),
  sanggunianResolutionDate: z.string().nullable(),
  /** Post the resolution (5 days), submit (10 days), review (60 days from receipt). */
  deadlines: z.array(ReviewDeadlineSchema),
  findings: z.array(ReviewFindingSchema),
});
export type PlanSubmission = z.infer<typeof PlanSubmissionSchema>;

/** The chair's side: a plan's submission, or its deadlines before it is submitted. */
export const PlanReviewStatusSchema = z.object({
  planId: z.number().int(),
  submittable: z.boolean(),
  /** Deadlines that run from approval even before submission (post, submit). */
  deadlines: z.array(ReviewDeadlineSchema),
  submission: PlanSubmissionSchema.nullable(),
});
export type PlanReviewStatus = z.infer<typeof PlanReviewStatusSchema>;

export const PlanReviewIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const PlanReviewQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const SaveFindingsRequestSchema = z.object({
  findings: z.array(ReviewFindingSchema).max(500),
});

export const DecideReviewRequestSchema = z.object({
  outcome: z.enum(PLAN_REVIEW_OUTCOMES),
  conditions: z.string().trim().max(4000).optional(),
  sanggunianResolutionNumber: z.string().trim().min(1, 'Enter the resolution number.').max(60),
  sanggunianResolutionDate: isoDate('Resolution date'),
});
export type DecideReviewRequest = z.infer<typeof DecideReviewRequestSchema>;

const submissionAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  submission: PlanSubmissionSchema,
});

/**
 * POST /api/budget-plans/:id/submit: JSON `{}` (the resolution stored at approval) or multipart.
 * `warning` when the submission reached the city but nobody there can decide it yet (the city
 * has no active budget officer: its administrators are e-mailed).
 */
export const submitPlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/budget-plans/:id/submit',
  response: submissionAnswer.extend({
    warning: z.object({ code: z.literal('NO_BUDGET_OFFICER'), message: z.string() }).optional(),
  }),
});

/** GET /api/budget-plans/:id/review: the chair's view of the plan's deadlines and review. */
export const planReviewStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/budget-plans/:id/review',
  response: z.object({ success: z.literal(true), review: PlanReviewStatusSchema }),
});

/** GET /api/city/plan-reviews?year=: the city's queue, nearest review deadline first. */
export const cityPlanReviewsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/plan-reviews',
  query: PlanReviewQuerySchema,
  response: z.object({
    success: z.literal(true),
    canDecide: z.boolean(),
    submissions: z.array(PlanSubmissionSchema),
  }),
});
export type CityPlanReviewsResponse = z.infer<typeof cityPlanReviewsEndpoint.response>;

/** GET /api/city/plan-reviews/:id: the submission, its plan (with checks) and the differences. */
export const cityPlanReviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/plan-reviews/:id',
  response: z.object({
    success: z.literal(true),
    canDecide: z.boolean(),
    submission: PlanSubmissionSchema,
    plan: BudgetPlanSchema,
    checks: z.array(PlanCheckSchema),
    /** Differences from the barangay's posted plan of the year before; null when there is none. */
    lastYear: z.object({ year: z.number().int(), changes: z.array(PlanChangeSchema) }).nullable(),
  }),
});
export type CityPlanReviewResponse = z.infer<typeof cityPlanReviewEndpoint.response>;

export const startReviewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/city/plan-reviews/:id/start',
  response: submissionAnswer,
});

export const saveFindingsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/city/plan-reviews/:id/findings',
  body: SaveFindingsRequestSchema,
  response: submissionAnswer,
});

export const decideReviewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/city/plan-reviews/:id/decide',
  body: DecideReviewRequestSchema,
  response: submissionAnswer,
});
