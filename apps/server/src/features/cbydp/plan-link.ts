import { planCbydpOf, type PlanCbydp } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import * as repo from './repository.ts';

/**
 * What the budget plans know of the CBYDP covering `year` (checks and pre-fill): its PPAs of the
 * year, or null when none covers it.
 */
export async function planCbydpFor(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<PlanCbydp | null> {
  const row = await repo.cbydpCovering(db, scope, year);
  if (!row) {
    return null;
  }
  return planCbydpOf(
    {
      id: row.id,
      startYear: row.start_year,
      status: row.status,
      rows: await repo.cbydpRows(db, row.id),
    },
    year,
  );
}
