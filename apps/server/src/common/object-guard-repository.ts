import type { Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';

/** An obligation of a year's tracked item, as the object guard of a plan version reads it. */
export interface YearObligation {
  reference_code: string;
  expense_class: 'PS' | 'MOOE' | 'CO';
  object_code: string | null;
  amount_cents: number;
}

/**
 * What the year's items have obligated, entry by entry: commitments not cancelled, and vouchers
 * not cancelled made without one (reversals included, net). Read with the items locked.
 */
export async function obligationsOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<YearObligation[]> {
  const committed = await db
    .selectFrom('tracker_commitments as c')
    .innerJoin('tracker_items as i', 'i.id', 'c.item_id')
    .select(['i.reference_code', 'c.expense_class', 'c.object_code', 'c.amount_cents'])
    .where('c.barangay_id', '=', scope.barangayId)
    .where('c.cancelled_at', 'is', null)
    .where('i.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .execute();
  const direct = await db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .select(['i.reference_code', 'd.expense_class', 'd.object_code', 'd.amount_cents'])
    .where('d.barangay_id', '=', scope.barangayId)
    .where('d.commitment_id', 'is', null)
    .where('d.status', '!=', 'cancelled')
    .where('i.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .execute();
  return [...committed, ...direct];
}

/** The lines of a plan version, as the object guard reads them. */
export async function linesOfVersion(db: Executor, scope: BarangayScope, planId: number) {
  return db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select(['l.reference_code', 'l.ppa', 'l.ps', 'l.mooe', 'l.co', 'l.training', 'l.objects'])
    .where('l.plan_id', '=', planId)
    .where('bp.barangay_id', '=', scope.barangayId)
    .execute();
}
