import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { holdersOf } from './duties.ts';

/** The names of the accounts holding the secretary's and treasurer's duties, for signatures. */
export async function signingHolders(
  db: Executor,
  scope: BarangayScope,
): Promise<{ secretary?: string; treasurer?: string }> {
  const holders = await holdersOf(db, scope);
  return {
    secretary: holders.get('secretary')?.full_name,
    treasurer: holders.get('treasurer')?.full_name,
  };
}
