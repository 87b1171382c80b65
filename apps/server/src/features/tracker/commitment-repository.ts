import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { TrackerCommitmentsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { findScoped } from './scoped-repository.ts';

// Like repository.ts: every query names the caller's barangay, so another barangay's commitment
// answers exactly like a missing one.

export type CommitmentRow = Selectable<TrackerCommitmentsTable>;
export type CommitmentWithName = CommitmentRow & { recorded_by_name: string };
export type RegistryClass = TrackerCommitmentsTable['expense_class'];

export async function findCommitment(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<CommitmentRow | undefined> {
  return findScoped(db, 'tracker_commitments', scope, id);
}

/** Commitments of one item, or of a year's items, oldest first (cancelled ones included). */
export async function commitmentsOf(
  db: Executor,
  scope: BarangayScope,
  filter: { itemId: number } | { year: number },
): Promise<CommitmentWithName[]> {
  let query = db
    .selectFrom('tracker_commitments as c')
    .innerJoin('users as u', 'u.id', 'c.recorded_by')
    .selectAll('c')
    .select('u.full_name as recorded_by_name')
    .where('c.barangay_id', '=', scope.barangayId);
  query =
    'itemId' in filter
      ? query.where('c.item_id', '=', filter.itemId)
      : query
          .innerJoin('tracker_items as i', 'i.id', 'c.item_id')
          .where('i.barangay_id', '=', scope.barangayId)
          .where('i.year', '=', filter.year);
  return query.orderBy('c.committed_on').orderBy('c.id').execute();
}

const sumOf = (row: { total: number | string | null } | undefined) => Number(row?.total ?? 0);

/**
 * What a class of an item has obligated: commitments not cancelled, plus payments made without
 * one, leaving out one disbursement (the one edited).
 */
export async function obligatedTotal(
  db: Executor,
  scope: BarangayScope,
  itemId: number,
  expenseClass: string,
  excludeDisbursement: number | null,
): Promise<number> {
  const committed = await db
    .selectFrom('tracker_commitments')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'))
    .where('barangay_id', '=', scope.barangayId)
    .where('item_id', '=', itemId)
    .where('expense_class', '=', expenseClass as RegistryClass)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  let direct = db
    .selectFrom('tracker_disbursements')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'))
    .where('barangay_id', '=', scope.barangayId)
    .where('item_id', '=', itemId)
    .where('expense_class', '=', expenseClass as RegistryClass)
    .where('commitment_id', 'is', null)
    .where('status', '!=', 'cancelled');
  if (excludeDisbursement !== null) {
    direct = direct.where('id', '!=', excludeDisbursement);
  }
  return sumOf(committed) + sumOf(await direct.executeTakeFirst());
}

/**
 * Held against a commitment by its vouchers not cancelled (paid ones net of their reversals, and
 * those on their way to payment), leaving out one disbursement (the one edited).
 */
export async function paidAgainst(
  db: Executor,
  scope: BarangayScope,
  commitmentId: number,
  excludeDisbursement: number | null,
): Promise<number> {
  let query = db
    .selectFrom('tracker_disbursements')
    .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('total'))
    .where('barangay_id', '=', scope.barangayId)
    .where('commitment_id', '=', commitmentId)
    .where('status', '!=', 'cancelled');
  if (excludeDisbursement !== null) {
    query = query.where('id', '!=', excludeDisbursement);
  }
  return sumOf(await query.executeTakeFirst());
}

export async function insertCommitment(
  db: Executor,
  scope: BarangayScope,
  row: Omit<Insertable<TrackerCommitmentsTable>, 'barangay_id' | 'id'>,
): Promise<number> {
  const inserted = await db
    .insertInto('tracker_commitments')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function cancelCommitment(
  db: Executor,
  scope: BarangayScope,
  id: number,
  by: number,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('tracker_commitments')
    .set({ cancelled_at: at, cancelled_by: by })
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Active accounts of the barangay (for the officer's choice), by name. */
export async function barangayAccounts(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'position', 'is_archived'])
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', 0)
    .orderBy('full_name')
    .execute();
}

/** The SK treasurer named in the honoraria schedule of the barangay's newest posted plan. */
export async function treasurerName(db: Executor, scope: BarangayScope): Promise<string | null> {
  const row = await db
    .selectFrom('budget_plan_honoraria as h')
    .innerJoin('budget_plans as bp', 'bp.id', 'h.plan_id')
    .select('h.name')
    .where('bp.barangay_id', '=', scope.barangayId)
    .where('bp.posted_at', 'is not', null)
    .where('h.position', '=', 'treasurer')
    .orderBy('bp.year', 'desc')
    .orderBy('bp.amendment', 'desc')
    .executeTakeFirst();
  return row?.name ?? null;
}

/** An obligation as the object limits read it: its item's line, class and stored object. */
export interface ObligationRow {
  reference_code: string;
  expense_class: 'PS' | 'MOOE' | 'CO';
  object_code: string | null;
  amount_cents: number;
}

/**
 * What was obligated, entry by entry: commitments not cancelled, and payments made without one
 * (reversals included, net); of one item's class leaving out one disbursement (the one edited),
 * or of every item of a year.
 */
export async function obligationsOf(
  db: Executor,
  scope: BarangayScope,
  filter:
    | { itemId: number; expenseClass: RegistryClass; excludeDisbursement: number | null }
    | { year: number },
): Promise<ObligationRow[]> {
  let committed = db
    .selectFrom('tracker_commitments as c')
    .innerJoin('tracker_items as i', 'i.id', 'c.item_id')
    .select(['i.reference_code', 'c.expense_class', 'c.object_code', 'c.amount_cents'])
    .where('c.barangay_id', '=', scope.barangayId)
    .where('i.barangay_id', '=', scope.barangayId)
    .where('c.cancelled_at', 'is', null);
  let direct = db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .select(['i.reference_code', 'd.expense_class', 'd.object_code', 'd.amount_cents'])
    .where('d.barangay_id', '=', scope.barangayId)
    .where('i.barangay_id', '=', scope.barangayId)
    .where('d.commitment_id', 'is', null)
    .where('d.status', '!=', 'cancelled');
  if ('year' in filter) {
    committed = committed.where('i.year', '=', filter.year);
    direct = direct.where('i.year', '=', filter.year);
  } else {
    committed = committed
      .where('c.item_id', '=', filter.itemId)
      .where('c.expense_class', '=', filter.expenseClass);
    direct = direct
      .where('d.item_id', '=', filter.itemId)
      .where('d.expense_class', '=', filter.expenseClass);
    if (filter.excludeDisbursement !== null) {
      direct = direct.where('d.id', '!=', filter.excludeDisbursement);
    }
  }
  return [...(await committed.execute()), ...(await direct.execute())];
}

/** The line of `referenceCode` in the year's newest posted plan, as the object limits read it. */
export async function postedLine(
  db: Executor,
  scope: BarangayScope,
  year: number,
  referenceCode: string,
): Promise<
  | { ps: number; mooe: number; co: number; training: number | boolean; objects: string | null }
  | undefined
> {
  return db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select(['l.ps', 'l.mooe', 'l.co', 'l.training', 'l.objects'])
    .where('bp.barangay_id', '=', scope.barangayId)
    .where('bp.year', '=', year)
    .where('bp.posted_at', 'is not', null)
    .where('l.reference_code', '=', referenceCode)
    .orderBy('bp.amendment', 'desc')
    .limit(1)
    .executeTakeFirst();
}
