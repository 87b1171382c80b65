import { effectiveRole } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import { holderOf } from '../council/duties.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an account's term says of it now. */
export type TermStanding =
  | { state: 'active' }
  /** The term ended; the outgoing chair or treasurer reads and finishes the turnover until `until`. */
  | { state: 'read-only'; endedAt: string; until: string }
  | { state: 'ended'; endedAt: string };

/** The term facts an account carries (null: bound to no term, or the demo's sitting council). */
export interface AccountTerm {
  endsAt: string;
  turnoverDays: number;
}

/** The end of the read-only window after a term's end. */
export const turnoverEndsAt = (term: AccountTerm): Date =>
  new Date(Date.parse(term.endsAt) + term.turnoverDays * DAY_MS);

/**
 * The account's standing at `now`: active until its term's end (an instant, Manila time in the
 * data: the 2023 term ends when 1 December 2026 begins in Manila); then, for the outgoing SK
 * chairperson and the holder of the treasurer's duty, read-only for the term's `turnover_days`;
 * else ended.
 */
export async function standingOf(
  db: Executor,
  account: { id: number; barangayId: number; position: string | null; term: AccountTerm | null },
  now: Date,
): Promise<TermStanding> {
  const { term } = account;
  if (!term || now.getTime() < Date.parse(term.endsAt)) {
    return { state: 'active' };
  }
  const until = turnoverEndsAt(term);
  if (now < until && (await handsOver(db, account))) {
    return { state: 'read-only', endedAt: term.endsAt, until: until.toISOString() };
  }
  return { state: 'ended', endedAt: term.endsAt };
}

/** The outgoing chairperson, or the SK official holding the treasurer's duty. */
async function handsOver(
  db: Executor,
  account: { id: number; barangayId: number; position: string | null },
): Promise<boolean> {
  if (effectiveRole(account.position) === 'SKC') {
    return true;
  }
  return (await holderOf(db, account, 'treasurer'))?.id === account.id;
}

/**
 * The writes the read-only window still allows, as `METHOD route`: signing out, the account's
 * own language and credentials. Whatever the turnover itself needs (its inventory, its form) is
 * added here by the feature that brings it.
 */
export const TURNOVER_WRITES: string[] = [
  'POST /api/logout',
  'PUT /api/account/language',
  'POST /api/login/change-credentials',
  // The outgoing chairperson finishes the inventory and turnover in the window.
  'PUT /api/turnover/team',
  'POST /api/turnover/rows',
  'PUT /api/turnover/rows/:id',
  'DELETE /api/turnover/rows/:id',
  'PUT /api/turnover/signed',
];

/** Whether a request (its method and route pattern) is a write the read-only window allows. */
export function turnoverWritesAllowed(method: string, route: string | undefined): boolean {
  const upper = method.toUpperCase();
  if (upper === 'GET' || upper === 'HEAD' || upper === 'OPTIONS') {
    return true;
  }
  return route !== undefined && TURNOVER_WRITES.includes(`${upper} ${route}`);
}
