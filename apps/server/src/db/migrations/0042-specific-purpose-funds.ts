import { sql } from 'kysely';
import { isPostgres, makeAppendOnly, notNull, withId, type AnyDb } from './helpers.ts';

/**
 * Specific-purpose funds (features/books/funds.ts): money the SK receives for a stated purpose
 * (a grant, a donation), kept in the Registry of Specific Purpose Fund, Commitments, Payments
 * and Balances the COA handbook asks for (item 3.21.4). A fund is append-only, like the cash
 * book; a cash book entry names the fund it is received into (`fund_id`), and a disbursement
 * voucher the fund it spends (`fund_id`). Null: the SK's own fund.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('books_funds'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('purpose', 'text', notNull)
    /** The deed of donation, memorandum of agreement or grant letter. */
    .addColumn('reference', 'text', notNull)
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('books_funds_name_idx')
    .on('books_funds')
    .columns(['barangay_id', 'name'])
    .unique()
    .execute();
  await makeAppendOnly(db, 'books_funds');
  await db.schema
    .alterTable('books_cash_entries')
    .addColumn('fund_id', 'integer', (c) => c.references('books_funds.id'))
    .execute();
  await db.schema
    .alterTable('tracker_disbursements')
    .addColumn('fund_id', 'integer', (c) => c.references('books_funds.id'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tracker_disbursements').dropColumn('fund_id').execute();
  await db.schema.alterTable('books_cash_entries').dropColumn('fund_id').execute();
  await db.schema.dropTable('books_funds').execute();
  if (isPostgres(db)) {
    await sql.raw('drop function if exists books_funds_append_only()').execute(db);
  }
}
