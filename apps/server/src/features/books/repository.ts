import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { TrackerDisbursementsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

// Disbursement vouchers are rows of tracker_disbursements (migration 0036). Every query names
// the caller's barangay: another barangay's voucher answers exactly like a missing one.

export type VoucherRow = Selectable<TrackerDisbursementsTable> & {
  reference_code: string;
  year: number;
  recorded_by_name: string;
  certified_by_name: string | null;
  approved_by_name: string | null;
  commitment_reference: string | null;
};

function selectVouchers(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .innerJoin('users as r', 'r.id', 'd.recorded_by')
    .leftJoin('users as c', 'c.id', 'd.certified_by')
    .leftJoin('users as a', 'a.id', 'd.approved_by')
    .leftJoin('tracker_commitments as k', (join) =>
      join.onRef('k.id', '=', 'd.commitment_id').on('k.barangay_id', '=', scope.barangayId),
    )
    .selectAll('d')
    .select([
      'i.reference_code',
      'i.year',
      'r.full_name as recorded_by_name',
      'c.full_name as certified_by_name',
      'a.full_name as approved_by_name',
      'k.reference as commitment_reference',
    ])
    .where('d.barangay_id', '=', scope.barangayId)
    .where('i.barangay_id', '=', scope.barangayId);
}

/** The vouchers of a year's items, by number (reversal entries after the voucher they undo). */
export async function vouchersOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<VoucherRow[]> {
  return selectVouchers(db, scope).where('i.year', '=', year).orderBy('d.id', 'desc').execute();
}

export async function findVoucher(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<VoucherRow | undefined> {
  return selectVouchers(db, scope).where('d.id', '=', id).executeTakeFirst();
}

/**
 * The next DV number of the barangay's year, `YYYY-MM-NNNN` (`date` gives year and month): one
 * serial a year whatever the month. Called with the item locked; the unique index
 * (barangay, number) refuses a number taken twice.
 */
export async function nextVoucherNumber(
  db: Executor,
  scope: BarangayScope,
  date: string,
): Promise<string> {
  const year = date.slice(0, 4);
  const rows = await db
    .selectFrom('tracker_disbursements')
    .select('dv_number')
    .where('barangay_id', '=', scope.barangayId)
    .where('dv_number', 'like', `${year}-%`)
    .execute();
  let last = 0;
  for (const row of rows) {
    const serial = Number((row.dv_number ?? '').slice(8));
    if (Number.isInteger(serial) && serial > last) {
      last = serial;
    }
  }
  return `${date.slice(0, 7)}-${String(last + 1).padStart(4, '0')}`;
}

type NewVoucher = Omit<Insertable<TrackerDisbursementsTable>, 'barangay_id' | 'id'>;

export async function insertVoucher(
  db: Executor,
  scope: BarangayScope,
  row: NewVoucher,
): Promise<number> {
  const inserted = await db
    .insertInto('tracker_disbursements')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Moves a voucher on from `from` (only if it is still there); how many rows changed (0 or 1). */
export async function advanceVoucher(
  db: Executor,
  scope: BarangayScope,
  id: number,
  from: 'draft' | 'certified' | 'approved',
  patch: Updateable<TrackerDisbursementsTable>,
): Promise<number> {
  const result = await db
    .updateTable('tracker_disbursements')
    .set(patch)
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .where('status', '=', from)
    .where('reversed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks a paid voucher reversed (its reversal entry is written beside it). */
export async function markReversed(
  db: Executor,
  scope: BarangayScope,
  id: number,
  patch: { reversed_at: string; reversed_by: number; reversal_reason: string },
): Promise<number> {
  const result = await db
    .updateTable('tracker_disbursements')
    .set(patch)
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .where('reversed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What the year's vouchers not cancelled hold against each commitment, in centavos. */
export async function heldByCommitment(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .select('d.commitment_id')
    .select((eb) => eb.fn.sum<number | string>('d.amount_cents').as('total'))
    .where('d.barangay_id', '=', scope.barangayId)
    .where('i.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .where('d.status', '!=', 'cancelled')
    .where('d.commitment_id', 'is not', null)
    .groupBy('d.commitment_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.commitment_id), Number(r.total)]));
}
