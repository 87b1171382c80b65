import { z } from 'zod';
import { PlanCheckFactsSchema } from './budget-plan-check-facts.ts';

/**
 * The statutory rules whose values live in data (the server's `budget_rules` table, one row per
 * rule and effective year): a new law is a new row, not a code change.
 */
export const PLAN_RULE_KEYS = [
  /** Share of the barangay's general fund that is the SK fund. */
  'sk-fund-share',
  /** Most of the SK fund that may go to personal services. */
  'personal-services-cap',
  /** Most of the SK fund that may go to the mandatory and continuing training of SK officials. */
  'training-cap',
  /**
   * Whether the chairperson's monthly compensation may be charged to the SK fund: 0 (it may not;
   * the schedule carries it as the reference of the honoraria cap, for 0 months) or 1.
   */
  'chair-honorarium-sk-fund',
  /**
   * How many SK member positions the honoraria schedule budgets, filled or vacant, besides the
   * chairperson's reference, the secretary and the treasurer.
   */
  'honoraria-positions',
  /**
   * How many months after the SK officials assume office the CBYDP is due (RA 10742 s. 8(a) as
   * amended by RA 11768 s. 1; cbydp.ts `cbydpDue`).
   */
  'cbydp-due-months',
] as const;
export type PlanRuleKey = (typeof PLAN_RULE_KEYS)[number];

export const PlanRuleSchema = z.object({
  rule: z.enum(PLAN_RULE_KEYS),
  /** A fraction (0.25 = 25%) for a cap; 0 or 1 for a yes-or-no rule; a count for positions. */
  value: z.number(),
  effectiveYear: z.number().int(),
  source: z.string(),
});
export type PlanRule = z.infer<typeof PlanRuleSchema>;

/** Every check the plan is held to; `source` is the legal basis shown beside it. */
export const PLAN_CHECK_RULES = [
  'receipts-certified',
  'within-receipts',
  'personal-services-cap',
  'honoraria-cap',
  'training-cap',
  'ydep-centre',
  'lines-complete',
  'forecast-range',
  'proposal-accepted',
  'cbydp-alignment',
  'objects-itemised',
  'approved-on-time',
] as const;
export type PlanCheckRule = (typeof PLAN_CHECK_RULES)[number];

export const PLAN_CHECK_STATUSES = ['pass', 'warn', 'fail'] as const;
export type PlanCheckStatus = (typeof PLAN_CHECK_STATUSES)[number];

export const PlanCheckSchema = z.object({
  rule: z.enum(PLAN_CHECK_RULES),
  status: z.enum(PLAN_CHECK_STATUSES),
  /** The English sentence, worded from `facts` (`planCheckMessage`). */
  message: z.string(),
  /** The legal source as written (English for the sources SK Tanaw knows: `facts.sourceKey`). */
  source: z.string(),
  /** What the check found; each language words the check from these. */
  facts: PlanCheckFactsSchema,
});
export type PlanCheck = z.infer<typeof PlanCheckSchema>;
