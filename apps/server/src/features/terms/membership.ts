import { effectiveRole } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import { termAfter, termAt } from './repository.ts';

/**
 * Who belongs to a term: the council's elected accounts, the SK chairperson (SKC) and the SK
 * officials (SKO; the secretary and treasurer duties are held by SK officials). The barangay's
 * administrators (MA, SA) are its staff, not elected, and the city's accounts are not a
 * council's: they belong to none and are never ended by a term.
 */
export function belongsToTerm(position: string | null | undefined): boolean {
  const role = effectiveRole(position);
  return role === 'SKC' || role === 'SKO';
}

/**
 * The term an account created at `at` joins: none for staff and city accounts; else the term
 * containing `at` (Manila instants), or with `forNextTerm` the first term starting after it (an
 * incoming council's accounts made before it takes office, e.g. by a bulk import). Null when no
 * stored term fits: the account is then bound to no term until an operator adds it.
 */
export async function termForNewAccount(
  db: Executor,
  account: { position: string | null | undefined; at: Date; forNextTerm?: boolean },
): Promise<number | null> {
  if (!belongsToTerm(account.position)) {
    return null;
  }
  const term = account.forNextTerm ? await termAfter(db, account.at) : await termAt(db, account.at);
  return term?.id ?? null;
}
