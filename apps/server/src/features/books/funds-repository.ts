// Specific-purpose funds and the sums the registry and the guards read (migration 0042).
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { BooksFundsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

export interface FundRow {
  id: number;
  name: string;
  source: string;
  purpose: string;
  reference: string;
  created_by_name: string;
  created_at: string;
}

const funds = (db: Executor, scope: BarangayScope) =>
  db
    .selectFrom('books_funds as f')
    .innerJoin('users as u', 'u.id', 'f.created_by')
    .select([
      'f.id',
      'f.name',
      'f.source',
      'f.purpose',
      'f.reference',
      'u.full_name as created_by_name',
      'f.created_at',
    ])
    .where('f.barangay_id', '=', scope.barangayId);

export const fundsOf = (db: Executor, scope: BarangayScope): Promise<FundRow[]> =>
  funds(db, scope).orderBy('f.id').execute();

export const findFund = (db: Executor, scope: BarangayScope, id: number) =>
  funds(db, scope).where('f.id', '=', id).executeTakeFirst();

export const fundNamed = (db: Executor, scope: BarangayScope, name: string) =>
  db
    .selectFrom('books_funds')
    .select('id')
    .where('barangay_id', '=', scope.barangayId)
    .where('name', '=', name)
    .executeTakeFirst();

export async function insertFund(
  db: Executor,
  scope: BarangayScope,
  row: Omit<Insertable<BooksFundsTable>, 'barangay_id'>,
): Promise<number> {
  const inserted = await db
    .insertInto('books_funds')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A fund's receipts: its cash book entries (reversals negative), in date order. */
export async function fundReceipts(db: Executor, scope: BarangayScope, fundId: number) {
  const rows = await db
    .selectFrom('books_cash_entries')
    .select(['id', 'entry_on', 'reference', 'particulars', 'amount_cents', 'reverses_id'])
    .where('barangay_id', '=', scope.barangayId)
    .where('fund_id', '=', fundId)
    .orderBy('entry_on')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
}

/** A fund's vouchers not cancelled (reversal entries included), in id order. */
export async function fundVouchers(db: Executor, scope: BarangayScope, fundId: number) {
  return db
    .selectFrom('tracker_disbursements')
    .select([
      'id',
      'dv_number',
      'reference',
      'status',
      'prepared_on',
      'disbursed_on',
      'payee',
      'particulars',
      'amount_cents',
      'reverses_id',
    ])
    .where('barangay_id', '=', scope.barangayId)
    .where('fund_id', '=', fundId)
    .where('status', '!=', 'cancelled')
    .orderBy('id')
    .execute();
}
