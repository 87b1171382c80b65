// The cash book's rows: its entries, the SK's payments (the tracker's disbursements, which leave
// the SK's account), and the reconciliations; always within the caller's barangay.
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

export interface EntryRow {
  id: number;
  kind: 'collection' | 'deposit' | 'transfer' | 'bank-credit' | 'bank-debit';
  entry_on: string;
  reference: string;
  party: string;
  particulars: string;
  amount_cents: number;
  allotment_credited_on: string | null;
  reverses_id: number | null;
  recorded_by_name: string;
  recorded_at: string;
  fund_id: number | null;
}

/** The barangay's entries with the recorder's name (amounts as numbers: bigint on PostgreSQL). */
function entries(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('books_cash_entries as e')
    .innerJoin('users as u', 'u.id', 'e.recorded_by')
    .select([
      'e.id',
      'e.kind',
      'e.entry_on',
      'e.reference',
      'e.party',
      'e.particulars',
      'e.amount_cents',
      'e.allotment_credited_on',
      'e.reverses_id',
      'u.full_name as recorded_by_name',
      'e.recorded_at',
      'e.fund_id',
    ])
    .where('e.barangay_id', '=', scope.barangayId);
}

const asEntry = <T extends { amount_cents: number | string }>(row: T) => ({
  ...row,
  amount_cents: Number(row.amount_cents),
});

/** Every entry of the barangay on or before `until` (YYYY-MM-DD), by day then id. */
export async function entriesUntil(
  db: Executor,
  scope: BarangayScope,
  until: string,
): Promise<EntryRow[]> {
  const rows = await entries(db, scope)
    .where('e.entry_on', '<=', until)
    .orderBy('e.entry_on')
    .orderBy('e.id')
    .execute();
  return rows.map(asEntry);
}

export async function entryById(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<EntryRow | undefined> {
  const row = await entries(db, scope).where('e.id', '=', id).executeTakeFirst();
  return row ? asEntry(row) : undefined;
}

export async function reversalOf(db: Executor, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('books_cash_entries')
    .select('id')
    .where('reverses_id', '=', id)
    .executeTakeFirst();
  return row?.id;
}

export interface NewEntry {
  kind: EntryRow['kind'];
  entry_on: string;
  reference: string;
  party: string;
  particulars: string;
  amount_cents: number;
  allotment_credited_on: string | null;
  reverses_id: number | null;
  recorded_by: number;
  recorded_at: string;
}

export async function insertEntry(
  db: Executor,
  scope: BarangayScope,
  entry: NewEntry,
): Promise<number> {
  const row = await db
    .insertInto('books_cash_entries')
    .values({ ...entry, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PaymentRow {
  id: number;
  disbursed_on: string;
  reference: string;
  payee: string;
  particulars: string;
  amount_cents: number;
}

/**
 * The SK's payments on or before `until`: its paid disbursement vouchers (a reversal is a paid
 * row of the opposite amount), each leaving the SK's account: by check (its number), by advice
 * to debit the account, or recorded in the tracker before vouchers (its reference).
 */
export async function paymentsUntil(
  db: Executor,
  scope: BarangayScope,
  until: string,
): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .leftJoin('tracker_commitments as c', 'c.id', 'd.commitment_id')
    .select([
      'd.id',
      'd.disbursed_on',
      'd.reference',
      'd.check_number',
      'd.dv_number',
      'd.payee',
      'c.payee as commitment_payee',
      'd.particulars',
      'd.note',
      'i.reference_code',
      'd.expense_class',
      'd.amount_cents',
    ])
    .where('d.barangay_id', '=', scope.barangayId)
    .where('d.status', '=', 'paid')
    .where('d.disbursed_on', '<=', until)
    .orderBy('d.disbursed_on')
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    disbursed_on: r.disbursed_on,
    reference: r.check_number || r.reference || r.dv_number || '',
    payee: r.payee || r.commitment_payee || '',
    particulars: [`${r.reference_code} (${r.expense_class})`, r.particulars || r.note]
      .filter(Boolean)
      .join(': '),
    amount_cents: r.amount_cents,
  }));
}

export interface ReconciliationRow {
  id: number;
  year: number;
  month: number;
  statement_cents: number;
  deposits_in_transit_cents: number;
  outstanding_checks_cents: number;
  book_cents: number;
  recorded_by_name: string;
  recorded_at: string;
}

export async function reconciliationsOf(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<ReconciliationRow[]> {
  const rows = await db
    .selectFrom('books_reconciliations as r')
    .innerJoin('users as u', 'u.id', 'r.recorded_by')
    .select([
      'r.id',
      'r.year',
      'r.month',
      'r.statement_cents',
      'r.deposits_in_transit_cents',
      'r.outstanding_checks_cents',
      'r.book_cents',
      'u.full_name as recorded_by_name',
      'r.recorded_at',
    ])
    .where('r.barangay_id', '=', scope.barangayId)
    .where('r.year', '=', year)
    .orderBy('r.month')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    statement_cents: Number(r.statement_cents),
    deposits_in_transit_cents: Number(r.deposits_in_transit_cents),
    outstanding_checks_cents: Number(r.outstanding_checks_cents),
    book_cents: Number(r.book_cents),
  }));
}

export async function insertReconciliation(
  db: Executor,
  scope: BarangayScope,
  row: Omit<ReconciliationRow, 'id' | 'recorded_by_name'> & { items: string; recorded_by: number },
): Promise<number> {
  const inserted = await db
    .insertInto('books_reconciliations')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
