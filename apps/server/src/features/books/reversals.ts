// Reversing a paid voucher: an entry of the opposite amount beside it, never a deletion. Used by
// the vouchers' own reversal and by the tracker's corrections of the payments it recorded.
import { VOUCHER_MESSAGES, type ExpenseClass } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** A reversal's date: today, but not before the payment nor after its fiscal year. */
export function reversalDate(today: string, paidOn: string, year: number): string {
  const last = `${String(year)}-12-31`;
  if (today < paidOn) {
    return paidOn;
  }
  return today > last ? last : today;
}

/**
 * Reverses a paid voucher: an entry of the opposite amount (status paid, no DV number,
 * `reverses_id` the voucher) and the voucher marked reversed. 409 when it is already.
 */
export async function writeReversal(
  trx: Executor,
  user: AuthUser,
  row: {
    id: number;
    item_id: number;
    amount_cents: number;
    expense_class: ExpenseClass;
    commitment_id: number | null;
    dv_number: string | null;
    payee: string;
    particulars: string;
    object_code: string | null;
    pay_mode: repo.VoucherRow['pay_mode'];
    fund_id?: number | null;
  },
  date: string,
  reason: string,
  now: Date,
): Promise<number> {
  const marked = await repo.markReversed(trx, user, row.id, {
    reversed_at: now.toISOString(),
    reversed_by: user.id,
    reversal_reason: reason,
  });
  if (marked === 0) {
    throw new AppError(
      'VOUCHER_ALREADY_REVERSED',
      VOUCHER_MESSAGES.alreadyReversed(row.dv_number ?? String(row.id)),
      409,
    );
  }
  return repo.insertVoucher(trx, user, {
    item_id: row.item_id,
    disbursed_on: date,
    amount_cents: -row.amount_cents,
    expense_class: row.expense_class,
    reference: VOUCHER_MESSAGES.reversalOf(row.dv_number ?? String(row.id)),
    note: reason,
    recorded_by: user.id,
    recorded_at: now.toISOString(),
    commitment_id: row.commitment_id,
    status: 'paid',
    dv_number: null,
    payee: row.payee,
    particulars: row.particulars,
    object_code: row.object_code,
    prepared_on: date,
    certified_by: null,
    certified_at: null,
    approved_by: null,
    approved_at: null,
    pay_mode: row.pay_mode,
    paid_by: user.id,
    paid_at: now.toISOString(),
    reverses_id: row.id,
    reversed_at: null,
    reversed_by: null,
    reversal_reason: reason,
    // The fund it spent gets its money back with it.
    fund_id: row.fund_id ?? null,
  });
}
