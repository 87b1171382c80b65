import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/**
 * Disbursement vouchers (contract: books.ts). A DV is a row of `tracker_disbursements`, so the
 * tracker, the registry, the dashboards and the public board keep reading one table of payments;
 * only rows with `status = 'paid'` are payments (a reversal is a paid row of the opposite amount).
 * - dv_number: `YYYY-MM-NNNN` (year and month of the DV, serial in the barangay's year); null
 *   for a reversal entry. Unique per barangay.
 * - status: draft, certified, approved, paid, cancelled. payee, payee_tin, payee_address,
 *   particulars, object_code (account code, objects-of-expenditure.ts; null on rows from before).
 * - prepared_on: the DV's date; certified_by/at (Budget Monitoring Officer), approved_by/at
 *   (chairperson), pay_mode (check, ada, or recorded: entered in the tracker without a voucher's
 *   certifications), check_number, bank, paid_by/at.
 * - reverses_id: the DV a reversal entry undoes; reversed_at/by and reversal_reason on the DV
 *   reversed or cancelled (and the reason on the reversal entry).
 * Every payment recorded before becomes a paid DV (mode `recorded`, its reference kept), numbered
 * in the order it was paid.
 */

const TEXT_COLUMNS = ['payee', 'payee_tin', 'payee_address', 'particulars', 'check_number', 'bank'];
const NULLABLE_TEXT = [
  'dv_number',
  'object_code',
  'prepared_on',
  'certified_at',
  'approved_at',
  'pay_mode',
  'paid_at',
  'reversed_at',
];
const NULLABLE_USERS = ['certified_by', 'approved_by', 'paid_by', 'reversed_by'];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('tracker_disbursements')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('paid'))
    .execute();
  for (const column of [...TEXT_COLUMNS, 'reversal_reason']) {
    await db.schema
      .alterTable('tracker_disbursements')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  for (const column of NULLABLE_TEXT) {
    await db.schema.alterTable('tracker_disbursements').addColumn(column, 'text').execute();
  }
  for (const column of [...NULLABLE_USERS, 'reverses_id']) {
    await db.schema.alterTable('tracker_disbursements').addColumn(column, 'integer').execute();
  }

  // The payments recorded so far: paid DVs, numbered per barangay and year in payment order.
  const rows: {
    id: number;
    barangay_id: number;
    disbursed_on: string;
    recorded_by: number;
    recorded_at: string;
    reference: string;
    note: string;
  }[] = await db
    .selectFrom('tracker_disbursements')
    .select([
      'id',
      'barangay_id',
      'disbursed_on',
      'recorded_by',
      'recorded_at',
      'reference',
      'note',
    ])
    .orderBy('barangay_id')
    .orderBy('disbursed_on')
    .orderBy('id')
    .execute();
  const serials = new Map<string, number>();
  for (const row of rows) {
    const year = row.disbursed_on.slice(0, 4);
    const key = `${String(row.barangay_id)}:${year}`;
    const serial = (serials.get(key) ?? 0) + 1;
    serials.set(key, serial);
    await db
      .updateTable('tracker_disbursements')
      .set({
        dv_number: `${row.disbursed_on.slice(0, 7)}-${String(serial).padStart(4, '0')}`,
        particulars: row.note,
        prepared_on: row.disbursed_on,
        pay_mode: 'recorded',
        paid_by: row.recorded_by,
        paid_at: row.recorded_at,
      })
      .where('id', '=', row.id)
      .execute();
  }

  await db.schema
    .createIndex('tracker_disbursements_dv_number_uq')
    .on('tracker_disbursements')
    .columns(['barangay_id', 'dv_number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('tracker_disbursements_status_idx')
    .on('tracker_disbursements')
    .columns(['barangay_id', 'status', 'commitment_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  // Before vouchers every row was a payment: what was not paid goes (a reversal entry stays, a
  // payment of the opposite amount, so the sums are what they were).
  await db.deleteFrom('tracker_disbursements').where('status', '!=', 'paid').execute();
  await sql`drop index tracker_disbursements_dv_number_uq`.execute(db);
  await sql`drop index tracker_disbursements_status_idx`.execute(db);
  for (const column of [
    'status',
    ...TEXT_COLUMNS,
    'reversal_reason',
    ...NULLABLE_TEXT,
    ...NULLABLE_USERS,
    'reverses_id',
  ]) {
    await db.schema.alterTable('tracker_disbursements').dropColumn(column).execute();
  }
}
