// The treasurer's monthly reports' reads: the month's paid vouchers by check or advice to debit
// the account, and the vouchers on their way to payment.
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

export interface IssuedRow {
  disbursed_on: string;
  check_number: string;
  dv_number: string | null;
  reversed_dv: string | null;
  reversed_check: string | null;
  payee: string;
  commitment_payee: string | null;
  particulars: string;
  reference_code: string;
  bank: string;
  pay_mode: 'check' | 'ada' | 'recorded' | null;
  reference: string;
  amount_cents: number;
  reverses_id: number | null;
}

/** Paid vouchers (and their reversals) by check or ADA dated within the days given. */
export async function issuedBetween(
  db: Executor,
  scope: BarangayScope,
  from: string,
  to: string,
): Promise<IssuedRow[]> {
  return db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .leftJoin('tracker_commitments as c', 'c.id', 'd.commitment_id')
    .leftJoin('tracker_disbursements as o', 'o.id', 'd.reverses_id')
    .select([
      'd.disbursed_on',
      'd.check_number',
      'd.dv_number',
      'o.dv_number as reversed_dv',
      'o.check_number as reversed_check',
      'd.payee',
      'c.payee as commitment_payee',
      'd.particulars',
      'i.reference_code',
      'd.bank',
      'd.pay_mode',
      'd.reference',
      'd.amount_cents',
      'd.reverses_id',
    ])
    .where('d.barangay_id', '=', scope.barangayId)
    .where('d.status', '=', 'paid')
    .where('d.pay_mode', 'in', ['check', 'ada'])
    .where('d.disbursed_on', '>=', from)
    .where('d.disbursed_on', '<=', to)
    .orderBy('d.disbursed_on')
    .orderBy('d.id')
    .execute();
}

/** Vouchers prepared, certified or approved, not yet paid: their number and sum (centavos). */
export async function awaitingPayment(
  db: Executor,
  scope: BarangayScope,
): Promise<{ count: number; cents: number }> {
  const row = await db
    .selectFrom('tracker_disbursements')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('amount_cents').as('cents'),
    ])
    .where('barangay_id', '=', scope.barangayId)
    .where('status', 'in', ['draft', 'certified', 'approved'])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
}
