import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateKysely } from '../src/db/migrate.ts';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';

/**
 * Payments recorded before vouchers become paid disbursement vouchers when the database is
 * migrated (0036): status paid, mode `recorded`, their reference kept, numbered `YYYY-MM-NNNN`
 * per barangay and year in the order they were paid; the migration's down() takes the columns
 * away again and leaves the payments as they were.
 */
describe.each(DIALECTS)('the disbursement vouchers migration on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-06-15T04:00:00.000Z')) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns every earlier payment into a paid voucher, numbered in payment order', async () => {
    const { db, database } = t.app.services;
    const demo = await db
      .selectFrom('tracker_disbursements')
      .select(['id', 'barangay_id', 'item_id', 'recorded_by'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Back to the schema before vouchers, with payments entered then (dated out of id order).
    await migrateKysely(db, '0034-upload-receipts', database.schema);
    // The table as it was: the new columns are gone (the query names an old column only).
    const before = await db
      .selectFrom('tracker_disbursements')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const base = {
      barangay_id: demo.barangay_id,
      item_id: demo.item_id,
      expense_class: 'MOOE',
      note: 'Supplies',
      recorded_by: demo.recorded_by,
      recorded_at: '2030-05-02T00:00:00.000Z',
      commitment_id: null,
    };
    for (const [reference, date, cents] of [
      ['CHK-2', '2030-05-20', 2_000],
      ['CHK-1', '2030-04-03', 1_000],
    ] as const) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the old schema
      await (db as any)
        .insertInto('tracker_disbursements')
        .values({ ...base, reference, disbursed_on: date, amount_cents: cents })
        .execute();
    }
    await migrateKysely(db, 'latest', database.schema);
    const migrated = await db
      .selectFrom('tracker_disbursements')
      .selectAll()
      .where('barangay_id', '=', demo.barangay_id)
      .where('disbursed_on', 'like', '2030-%')
      .orderBy('disbursed_on')
      .execute();
    expect(
      migrated.map((r) => [r.reference, r.dv_number, r.status, r.pay_mode, r.prepared_on]),
    ).toEqual([
      ['CHK-1', '2030-04-0001', 'paid', 'recorded', '2030-04-03'],
      ['CHK-2', '2030-05-0002', 'paid', 'recorded', '2030-05-20'],
    ]);
    expect(migrated[0]).toMatchObject({ particulars: 'Supplies', paid_by: demo.recorded_by });
    const after = await db
      .selectFrom('tracker_disbursements')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 2);
    // Every row has its number, unique in its barangay.
    const unnumbered = await db
      .selectFrom('tracker_disbursements')
      .select('id')
      .where('dv_number', 'is', null)
      .execute();
    expect(unnumbered).toEqual([]);
  });
});
