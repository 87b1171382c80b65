import type { BUDGET_RULES } from './seed.ts';
import type { TERM_DEADLINE_RULES } from './seed-terms.ts';
import type { REVIEW_RULES } from '../features/plan-review/rules.ts';

/**
 * Whether each row of the rules table (`budget_rules`) rests on an issuance's text that was read
 * (`confirmed`), on a reading not confirmed from the text (`not confirmed`: secondary sources,
 * reports, an analogy), or on SK Tanaw's own choice where no issuance read sets a value (`ours`).
 * The table has no column for it; the law register (`docs/law.md`, `npm run docs:law`) prints it
 * beside each row's value and source. A new rule key without an entry here fails the type check.
 */
export type RuleKey =
  | (typeof BUDGET_RULES)[number]['rule_key']
  | (typeof TERM_DEADLINE_RULES)[number]['rule_key']
  | (typeof REVIEW_RULES)[number]['rule_key'];

export type Confirmation = 'confirmed' | 'not confirmed' | 'ours';

export const RULE_CONFIRMATION: Record<RuleKey, { status: Confirmation; note: string }> = {
  'sk-fund-share': {
    status: 'confirmed',
    note: 'the 10% share as JMC No. 1 s. 2019 item 3.1.2 states it (text read)',
  },
  'personal-services-cap': {
    status: 'confirmed',
    note: 'RA 11768 s. 4 as quoted in the DBM draft of LBC No. 148; the base (the certified 10% share) is the stricter reading',
  },
  'training-cap': {
    status: 'not confirmed',
    note: 'reported by the Senate, the NYC and the press; the amended provision not read',
  },
  'chair-honorarium-sk-fund': {
    status: 'not confirmed',
    note: 'DBM LBC No. 148 item 3.1.2 as the NYC reports it; the circular not read',
  },
  'honoraria-positions': {
    status: 'not confirmed',
    note: 'RA 10742 s. 7 (seven members) read; that every position is budgeted, filled or vacant, is LBC No. 148 item 3.1.8 as the NYC reports it',
  },
  'cbydp-due-months': {
    status: 'confirmed',
    note: 'RA 11768 s. 1 read in the Act; whether RA 10742 as first enacted set three months was not confirmed, so the rule starts in 2022',
  },
  'review-post-resolution-days': {
    status: 'not confirmed',
    note: 'the circular could not be read; the value as secondary sources quote it',
  },
  'review-submit-days': {
    status: 'not confirmed',
    note: 'the circular could not be read; the value as secondary sources quote it',
  },
  'review-days': {
    status: 'not confirmed',
    note: 'the circular could not be read; whether JMC No. 2025-1 supersedes it could not be found either',
  },
  'review-no-action-operative': {
    status: 'not confirmed',
    note: 'RA 7160 s. 333 confirmed for barangay budgets (quoted in DILG Opinion No. 43 s. 1999); its application to SK budgets is by analogy',
  },
  'term-bmo-days': { status: 'ours', note: 'no issuance read sets a day' },
  'term-bac-days': { status: 'ours', note: 'GPPB Circular No. 07-2019 item 4.2 sets no day' },
  'kk-assembly-months': { status: 'confirmed', note: 'RA 10742 s. 6 read in a copy of the Act' },
};
