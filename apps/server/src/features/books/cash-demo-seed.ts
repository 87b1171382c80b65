// The demo's cash book for San Bartolome's current year: the barangay's monthly transfers of the
// SK share (each with the day its allotment was credited; one of them late, to show the flag),
// a collection under an official receipt and its deposit, a bank service charge, and the last
// ended month reconciled with a bank statement. The transfers are sized from the year's own
// payments, so the account never runs dry in the demo. Once: a barangay with entries is left alone.
import { manilaParts } from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import { holderOf } from '../council/duties.ts';
import { registerOf } from './cash.ts';
import {
  entriesUntil,
  insertEntry,
  insertReconciliation,
  paymentsUntil,
  type NewEntry,
} from './cash-repository.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The first weekday on or after the given day of the month. */
function weekday(year: number, month: number, day: number, plus = 0): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  let left = plus;
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || left > 0) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) {
      left -= 1;
    }
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return d.toISOString().slice(0, 10);
}

export async function seedDemoCash(db: AppDb, now: Date): Promise<boolean> {
  const sb = await db
    .selectFrom('barangays')
    .select('id')
    .where('code', '=', 'SB')
    .executeTakeFirst();
  const chair = sb
    ? await db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', 'sb.chair')
        .executeTakeFirst()
    : undefined;
  if (!sb || !chair) {
    return false;
  }
  const scope = { barangayId: sb.id };
  const today = manilaParts(now);
  if (today.month === 1 || (await entriesUntil(db, scope, '9999-12-31')).length > 0) {
    return false;
  }
  const year = today.year;
  const lastMonth = today.month - 1;
  const recorder = (await holderOf(db, scope, 'treasurer'))?.id ?? chair.id;
  const stamp = now.toISOString();
  const payments = await paymentsUntil(db, scope, `${String(year)}-12-31`);
  const paid = payments
    .filter((p) => p.disbursed_on.startsWith(String(year)))
    .reduce((s, p) => s + p.amount_cents, 0);
  // Enough each month for the year's payments, rounded up to a thousand pesos.
  const monthly = Math.max(100_000, Math.ceil((paid * 1.25) / lastMonth / 100_000) * 100_000);
  const entries: NewEntry[] = [];
  const entry = (e: Omit<NewEntry, 'recorded_by' | 'recorded_at' | 'reverses_id'>) =>
    entries.push({ ...e, reverses_id: null, recorded_by: recorder, recorded_at: stamp });
  for (let month = 1; month <= lastMonth; month += 1) {
    const credited = weekday(year, month, 2);
    // One month's transfer came after the five working days, to show the flag.
    const late = month === Math.min(3, lastMonth);
    entry({
      kind: 'transfer',
      entry_on: weekday(year, month, 2, late ? 7 : 3),
      reference: `CM-${String(year)}-${pad(month)}`,
      party: 'Barangay San Bartolome',
      particulars: `SK share of the National Tax Allotment, ${String(year)}-${pad(month)}`,
      amount_cents: monthly,
      allotment_credited_on: credited,
    });
  }
  const fees = Math.max(1, lastMonth - 1);
  entry({
    kind: 'collection',
    entry_on: weekday(year, fees, 14),
    reference: 'OR 0001201',
    party: 'San Bartolome Youth Sports League',
    particulars: 'Registration fees, youth sports festival',
    amount_cents: 350_000,
    allotment_credited_on: null,
  });
  entry({
    kind: 'deposit',
    entry_on: weekday(year, fees, 14, 1),
    reference: 'DS 0458',
    party: 'Land Bank of the Philippines',
    particulars: 'Deposit of OR 0001201',
    amount_cents: 350_000,
    allotment_credited_on: null,
  });
  entry({
    kind: 'bank-debit',
    entry_on: `${String(year)}-${pad(lastMonth)}-${lastMonth === 2 ? '27' : '28'}`,
    reference: `DM-${String(year)}-${pad(lastMonth)}`,
    party: 'Land Bank of the Philippines',
    particulars: 'Service charge on the current account',
    amount_cents: 5_000,
    allotment_credited_on: null,
  });
  await db.transaction().execute(async (trx) => {
    for (const e of entries) {
      await insertEntry(trx, scope, e);
    }
    const until = `${String(year)}-${pad(lastMonth)}-${pad(new Date(Date.UTC(year, lastMonth, 0)).getUTCDate())}`;
    const rcb = registerOf(
      'rcb',
      year,
      lastMonth,
      await entriesUntil(trx, scope, until),
      await paymentsUntil(trx, scope, until),
    );
    const book = Math.round(rcb.carriedForward * 100);
    // The month's last payment not yet paid by the bank: an outstanding check.
    const outstanding = rcb.rows.filter((r) => r.source === 'disbursement').at(-1);
    const oc = outstanding ? Math.round(outstanding.out * 100) : 0;
    await insertReconciliation(trx, scope, {
      year,
      month: lastMonth,
      statement_cents: book + oc,
      deposits_in_transit_cents: 0,
      outstanding_checks_cents: oc,
      book_cents: book,
      items: JSON.stringify({ deposits: [], checks: outstanding ? [outstanding.id] : [] }),
      recorded_by: recorder,
      recorded_at: stamp,
    });
  });
  return true;
}
