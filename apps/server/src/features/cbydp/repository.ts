import {
  toCentavos,
  toPesos,
  type CbydpRow,
  type CbydpStatus,
  type PydpCentre,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** The CBYDP `id` of `scope`'s barangay, or undefined (another barangay's is not found). */
export function findCbydp(db: Executor, scope: BarangayScope, id: number) {
  return db
    .selectFrom('cbydp_plans')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export type CbydpPlanRow = NonNullable<Awaited<ReturnType<typeof findCbydp>>>;

export function listCbydps(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('cbydp_plans')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('start_year', 'desc')
    .execute();
}

/**
 * The CBYDP whose three years hold `year`: an approved one first (the latest first year), else
 * a draft.
 */
export async function cbydpCovering(db: Executor, scope: BarangayScope, year: number) {
  const rows = await db
    .selectFrom('cbydp_plans')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('start_year', '<=', year)
    .where('start_year', '>=', year - 2)
    .execute();
  const rank = (r: CbydpPlanRow) => (r.status === 'approved' ? 10_000 : 0) + r.start_year;
  return rows.sort((a, b) => rank(b) - rank(a))[0];
}

/** The rows of a CBYDP, in order, as the contract has them (pesos). */
export async function cbydpRows(db: Executor, planId: number): Promise<CbydpRow[]> {
  const rows = await db
    .selectFrom('cbydp_rows')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('sort_order')
    .execute();
  return rows.map((r) => ({
    centre: r.centre as PydpCentre,
    concern: r.concern,
    objective: r.objective,
    indicator: r.indicator,
    targets: [r.target_1, r.target_2, r.target_3],
    ppas: r.ppas,
    budgets: [toPesos(r.budget_1), toPesos(r.budget_2), toPesos(r.budget_3)],
    responsible: r.responsible,
  }));
}

/** Replaces the rows of a CBYDP (in its transaction). */
export async function replaceCbydpRows(
  trx: Executor,
  planId: number,
  rows: readonly CbydpRow[],
): Promise<void> {
  await trx.deleteFrom('cbydp_rows').where('plan_id', '=', planId).execute();
  if (rows.length === 0) {
    return;
  }
  await trx
    .insertInto('cbydp_rows')
    .values(
      rows.map((r, i) => ({
        plan_id: planId,
        sort_order: i,
        centre: r.centre,
        concern: r.concern,
        objective: r.objective,
        indicator: r.indicator,
        target_1: r.targets[0],
        target_2: r.targets[1],
        target_3: r.targets[2],
        ppas: r.ppas,
        budget_1: toCentavos(r.budgets[0]),
        budget_2: toCentavos(r.budgets[1]),
        budget_3: toCentavos(r.budgets[2]),
        responsible: r.responsible,
      })),
    )
    .execute();
}

export interface NewCbydp {
  startYear: number;
  status: CbydpStatus;
  officeAssumedOn: string;
  userId: number;
  stamp: string;
}

export async function insertCbydp(trx: Executor, scope: BarangayScope, plan: NewCbydp) {
  const row = await trx
    .insertInto('cbydp_plans')
    .values({
      barangay_id: scope.barangayId,
      start_year: plan.startYear,
      status: plan.status,
      version: 1,
      office_assumed_on: plan.officeAssumedOn,
      created_by: plan.userId,
      created_at: plan.stamp,
      updated_by: plan.userId,
      updated_at: plan.stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const userNames = async (db: Executor, ids: number[]) =>
  new Map(
    (ids.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', ids).execute()
    ).map((u) => [u.id, u.full_name]),
  );
