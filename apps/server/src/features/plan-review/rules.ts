import {
  PLAN_REVIEW_MESSAGES,
  PLAN_REVIEW_RULE_KEYS,
  type PlanReviewRuleKey,
  type ReviewDeadline,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { addDays } from '../tracker/figures.ts';

/**
 * The review's deadlines and its no-action outcome, rows of the rules table (`budget_rules`)
 * written at every start with the plan rules (db/seed.ts `seedBudgetRules`). A new issuance is
 * a new row with the fiscal year it first governs. Read (docs/law.md):
 *
 * - JMC No. 1 s. 2019 (DBM-DILG-NYC) items 3.3.3.3, 3.3.3.4, 3.3.4.1 and RA 10742 s. 20(d): as
 *   secondary sources quote them; the circular's text could not be opened here (NOT CONFIRMED), nor
 *   whether JMC No. 2025-1 supersedes them. A correction is a change of these rows.
 * - The no-action outcome: LGC (RA 7160) s. 333, "if within sixty days after the receipt of the
 *   ordinance the sanggunian concerned takes no action thereon, the same shall continue to be in
 *   full force and effect" (barangay budgets; DILG Opinion No. 43 s. 1999 reads "action" as
 *   approving or disapproving), applied to SK budgets by analogy (CONFIRMED for barangay
 *   budgets; its application to SK budgets is by analogy).
 */
export const REVIEW_RULES = [
  {
    rule_key: 'review-post-resolution-days',
    value: 5,
    effective_year: 2020,
    source: 'JMC No. 1 s. 2019 (DBM-DILG-NYC) item 3.3.3.3',
    description:
      'The SK secretary posts the resolution approving the SK annual budget within this many days of its approval.',
  },
  {
    rule_key: 'review-submit-days',
    value: 10,
    effective_year: 2020,
    source: 'JMC No. 1 s. 2019 (DBM-DILG-NYC) item 3.3.3.4',
    description:
      'The SK annual budget is submitted to the sangguniang panlungsod or bayan, through the city or municipal budget officer, within this many days of its approval.',
  },
  {
    rule_key: 'review-days',
    value: 60,
    effective_year: 2020,
    source: 'JMC No. 1 s. 2019 (DBM-DILG-NYC) item 3.3.4.1; RA 10742 s. 20(d)',
    description:
      'The sanggunian reviews the SK annual budget within this many days of its receipt.',
  },
  {
    rule_key: 'review-no-action-operative',
    // 1: a budget not acted on within the review days is operative; 0: nothing follows.
    value: 1,
    effective_year: 2020,
    source:
      'RA 7160 (Local Government Code) s. 333, by analogy (DILG Opinion No. 43 s. 1999 for barangay budgets)',
    description:
      'Without action within the review days, the budget continues in full force and effect (1: yes; 0: no).',
  },
] as const;

export interface ReviewRule {
  value: number;
  source: string;
}

export type ReviewRules = Map<string, ReviewRule>;

/** The review rules in force for fiscal year `year`: each key's row of the latest year <= it. */
export async function loadReviewRules(db: Executor, year: number): Promise<ReviewRules> {
  const rows = await db
    .selectFrom('budget_rules')
    .select(['rule_key', 'value', 'effective_year', 'source'])
    .where('rule_key', 'in', [...PLAN_REVIEW_RULE_KEYS, 'review-no-action-operative'])
    .where('effective_year', '<=', year)
    .orderBy('effective_year')
    .execute();
  const rules: ReviewRules = new Map();
  for (const row of rows) {
    rules.set(row.rule_key, { value: row.value, source: row.source });
  }
  return rules;
}

/** The rule's row, or 422 naming it: a missing rule never lets a deadline pass. */
export function requireRule(rules: ReviewRules, key: string): ReviewRule {
  const rule = rules.get(key);
  if (!rule) {
    throw new AppError('REVIEW_RULE_MISSING', PLAN_REVIEW_MESSAGES.missingRule(key), 422);
  }
  return rule;
}

const DAY_MS = 86_400_000;
/** Whole days from Manila date `a` to Manila date `b` (both `YYYY-MM-DD`). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/**
 * A deadline `days` (the rule's value) calendar days after `from`, as of Manila date `today`:
 * due on `from + days`; done on `doneOn` (or not yet); late when done after it, or not done and
 * `today` is past it. On the due day itself it is not late (0 days remain).
 */
export function deadline(
  rules: ReviewRules,
  key: PlanReviewRuleKey,
  from: string,
  doneOn: string | null,
  today: string,
): ReviewDeadline {
  const rule = requireRule(rules, key);
  const days = Math.round(rule.value);
  const dueOn = addDays(from, days);
  return {
    rule: key,
    days,
    source: rule.source,
    from,
    dueOn,
    doneOn,
    daysRemaining: doneOn === null ? daysBetween(today, dueOn) : null,
    late: (doneOn ?? today) > dueOn,
  };
}
