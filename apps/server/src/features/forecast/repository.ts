import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** One committee x category x year cell of a barangay's raw budget data. */
export interface BudgetCell {
  committee: string;
  category: string;
  year: number;
  /** Sum of the recorded budgets (0 when none). */
  budget: number;
  /** How many PPAs recorded a budget (not null) that year. */
  budgets: number;
}

/** Budgets summed per committee, category and year: both views are built from these cells. */
export async function budgetCells(db: Executor, scope: BarangayScope): Promise<BudgetCell[]> {
  const rows = await db
    .selectFrom('raw_values')
    .innerJoin('raw_ppas', 'raw_ppas.id', 'raw_values.ppa_id')
    .select((eb) => [
      'raw_ppas.committee',
      'raw_ppas.category',
      'raw_values.year',
      // Drivers may answer aggregates as text (pg numeric/int8); Number() below normalises.
      eb.fn.sum<number | string | null>('raw_values.budget').as('budget'),
      eb.fn.count<number | string>('raw_values.budget').as('budgets'),
    ])
    .where('raw_ppas.barangay_id', '=', scope.barangayId)
    .groupBy(['raw_ppas.committee', 'raw_ppas.category', 'raw_values.year'])
    .execute();
  return rows.map((r) => ({
    committee: r.committee,
    category: r.category,
    year: r.year,
    budget: Number(r.budget ?? 0),
    budgets: Number(r.budgets),
  }));
}
