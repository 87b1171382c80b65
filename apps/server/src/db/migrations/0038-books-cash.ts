import { sql } from 'kysely';
import { isPostgres, makeAppendOnly, notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The SK treasurer's cash book (features/books/cash.ts): its entries, from which the RCRD and
 * the RCB are written, and the monthly bank reconciliations. Both append-only in the database:
 * a wrong entry is reversed by another (`reverses_id`), a month reconciled again is a new row.
 * Amounts in centavos; a reversal carries the reversed amount negated.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('books_cash_entries'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('entry_on', 'text', notNull)
    .addColumn('reference', 'text', notNull)
    .addColumn('party', 'text', notNull)
    .addColumn('particulars', 'text', notNull)
    .addColumn('amount_cents', 'bigint', notNull)
    .addColumn('allotment_credited_on', 'text')
    .addColumn('reverses_id', 'integer', (c) => c.unique().references('books_cash_entries.id'))
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('books_cash_entries_day_idx')
    .on('books_cash_entries')
    .columns(['barangay_id', 'entry_on'])
    .execute();
  await makeAppendOnly(db, 'books_cash_entries');

  await withId(db, db.schema.createTable('books_reconciliations'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('year', 'integer', notNull)
    .addColumn('month', 'integer', notNull)
    .addColumn('statement_cents', 'bigint', notNull)
    .addColumn('deposits_in_transit_cents', 'bigint', notNull)
    .addColumn('outstanding_checks_cents', 'bigint', notNull)
    .addColumn('book_cents', 'bigint', notNull)
    /** JSON: { deposits: [entry ids], checks: [disbursement ids] }. */
    .addColumn('items', 'text', notNull)
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('books_reconciliations_month_idx')
    .on('books_reconciliations')
    .columns(['barangay_id', 'year', 'month'])
    .execute();
  await makeAppendOnly(db, 'books_reconciliations');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('books_reconciliations').execute();
  await db.schema.dropTable('books_cash_entries').execute();
  if (isPostgres(db)) {
    for (const table of ['books_reconciliations', 'books_cash_entries']) {
      await sql.raw(`drop function if exists ${table}_append_only()`).execute(db);
    }
  }
}
