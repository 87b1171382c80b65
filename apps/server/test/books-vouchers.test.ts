import { TRACKER_MESSAGES, VOUCHER_MESSAGES } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import {
  addOfficial,
  checkPayment,
  draftBody,
  giveDuty,
  voucherOf,
  voucherUrl,
  vouchers,
  vouchersUrl,
} from './books-helpers.ts';
import { pdfPages } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  api,
  disbursement,
  itemNamed,
  itemUrl,
  overview,
  postedPlan,
  refusal,
} from './tracker-helpers.ts';
import { commit, commitment, committedId, lineOf, registry } from './tracker-registry-helpers.ts';

/**
 * Disbursement vouchers: the treasurer prepares, the Budget Monitoring Officer certifies, the
 * chairperson approves, the treasurer pays by check; only a paid voucher is a payment in the
 * tracker and the registry; a voucher stays within its commitment and the line's appropriation;
 * nothing is deleted (an unpaid voucher is cancelled, a paid one reversed by another entry);
 * every step is audited.
 */

const YEAR = 2031;
const HEALTH = 'Health caravan';

describe.each(DIALECTS)('disbursement vouchers on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let treasurer: Session;
  let monitor: Session;
  let otherChair: Session;
  let health: number;
  let treasurerAccount: { id: number; session: () => Promise<Session> };
  let monitorAccount: { id: number; session: () => Promise<Session> };

  async function on(date: string): Promise<void> {
    t.clock.set(new Date(`${date}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    otherChair = await loginAs(t.app, 'SKC', 'NN');
    treasurer = await treasurerAccount.session();
    monitor = await monitorAccount.session();
  }

  const post = (who: Session, url: string, body: unknown = {}) =>
    api(t.app, 'POST', url, who, body);
  const auditActions = async () =>
    (
      await t.app.services.db
        .selectFrom('audit_log')
        .select('action')
        .where('module', '=', 'Books')
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
  const disbursed = async () =>
    itemNamed(await overview(t.app, chair, YEAR), HEALTH).disbursedByClass.MOOE;
  /** What vouchers on their way to payment hold on the line (the tracker shows it). */
  const held = async () => itemNamed(await overview(t.app, chair, YEAR), HEALTH).heldByClass?.MOOE;

  /** A voucher through every step: draft, certified, approved, paid by check. */
  async function paidVoucher(commitmentId: number, amount: number, date: string) {
    const draft = voucherOf(
      await post(treasurer, vouchersUrl, draftBody(amount, { commitmentId })),
    );
    voucherOf(await post(monitor, voucherUrl(draft.id, '/certify')));
    voucherOf(await post(chair, voucherUrl(draft.id, '/approve')));
    return voucherOf(await post(treasurer, voucherUrl(draft.id, '/pay'), checkPayment(date)));
  }

  beforeAll(async () => {
    // The demo data is seeded around the clock's year: the tests' year is a later one.
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-03-01T04:00:00.000Z')),
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    treasurerAccount = await addOfficial(t, 'SB', 'sb.treasurer');
    monitorAccount = await addOfficial(t, 'SB', 'sb.monitor');
    await on(`${String(YEAR)}-06-10`);
    await postedPlan(t.app, chair, YEAR);
    health = itemNamed(await overview(t.app, chair, YEAR), HEALTH).id;
    await giveDuty(t, chair, 'treasurer', treasurerAccount.id);
    await giveDuty(t, chair, 'bmo', monitorAccount.id);
    await on(`${String(YEAR)}-06-10`);
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('goes draft, certified, approved, paid by check: a payment only when paid, audited at every step', async () => {
    const kId = committedId(
      await commit(t.app, chair, health, commitment(10_000, `${String(YEAR)}-06-01`)),
    );
    const draft = voucherOf(
      await post(treasurer, vouchersUrl, draftBody(4_000, { commitmentId: kId })),
    );
    expect(draft).toMatchObject({
      number: `${String(YEAR)}-06-0001`,
      state: 'draft',
      expenseClass: 'MOOE',
      objectCode: '5-02-03-990',
      objectName: 'Other Supplies and Materials Expenses',
      commitmentId: kId,
      amount: 4_000,
      ppa: HEALTH,
      paidOn: null,
    });
    expect(await disbursed()).toBe(0);
    expect(await held()).toBe(4_000);

    const certified = voucherOf(await post(monitor, voucherUrl(draft.id, '/certify')));
    expect(certified.state).toBe('certified');
    expect(certified.certifiedBy).toBe('monitor Reyes');
    const approved = voucherOf(await post(chair, voucherUrl(draft.id, '/approve')));
    expect(approved.state).toBe('approved');
    expect(await disbursed()).toBe(0);
    expect(await held()).toBe(4_000);

    const paid = voucherOf(
      await post(treasurer, voucherUrl(draft.id, '/pay'), checkPayment(`${String(YEAR)}-06-09`)),
    );
    expect(paid).toMatchObject({
      state: 'paid',
      mode: 'check',
      checkNumber: '0001234',
      bank: 'Land Bank of the Philippines',
      paidOn: `${String(YEAR)}-06-09`,
    });
    expect(await disbursed()).toBe(4_000);
    expect(await held()).toBe(0);
    const line = lineOf(await registry(t.app, chair, YEAR), HEALTH, 'MOOE');
    expect(line.paid).toBe(4_000);

    const list = await vouchers(t, official, YEAR);
    expect(list.vouchers.map((v) => v.number)).toContain(draft.number);
    expect(list.can).toEqual({ record: false, certify: false, approve: false });
    expect((await vouchers(t, treasurer, YEAR)).can.record).toBe(true);
    expect((await vouchers(t, monitor, YEAR)).can.certify).toBe(true);
    expect((await vouchers(t, chair, YEAR)).can.approve).toBe(true);
    expect(list.openCommitments.find((c) => c.id === kId)?.unvouchered).toBe(6_000);

    expect(await auditActions()).toEqual([
      'BOOKS_CREATE_VOUCHER',
      'BOOKS_CERTIFY_VOUCHER',
      'BOOKS_APPROVE_VOUCHER',
      'BOOKS_PAY_VOUCHER',
    ]);

    // The print: one A4 page in COA's layout.
    const pdf = await api(t.app, 'GET', `${voucherUrl(draft.id)}?format=pdf`, official);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    for (const words of [
      'DISBURSEMENT VOUCHER',
      `${String(YEAR)}-06-0001`,
      'Bayanihan Medical Supply',
      'A. Certified',
      'C. Approved for payment',
      'D. Accounting entry',
      'E. Receipt of payment',
      '0001234',
      'Land Bank of the Philippines',
      '5-02-03-990',
      'monitor Reyes',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('refuses each step to the wrong person and out of order', async () => {
    const kId = committedId(
      await commit(t.app, chair, health, commitment(2_000, `${String(YEAR)}-06-02`)),
    );
    const body = draftBody(500, { commitmentId: kId });
    for (const who of [official, chair, monitor]) {
      expect(refusal(await post(who, vouchersUrl, body)).code).toBe('VOUCHER_NOT_TREASURER');
    }
    const draft = voucherOf(await post(treasurer, vouchersUrl, body));
    expect(refusal(await post(chair, voucherUrl(draft.id, '/approve')))).toEqual({
      success: false,
      code: 'VOUCHER_WRONG_STATE',
      message: VOUCHER_MESSAGES.wrongState(draft.number ?? '', 'draft', 'certified'),
    });
    for (const who of [treasurer, chair, official]) {
      expect(refusal(await post(who, voucherUrl(draft.id, '/certify'))).code).toBe(
        'VOUCHER_NOT_BMO',
      );
    }
    voucherOf(await post(monitor, voucherUrl(draft.id, '/certify')));
    expect(refusal(await post(monitor, voucherUrl(draft.id, '/certify'))).code).toBe(
      'VOUCHER_WRONG_STATE',
    );
    for (const who of [treasurer, monitor, official]) {
      expect(refusal(await post(who, voucherUrl(draft.id, '/approve'))).code).toBe(
        'VOUCHER_NOT_CHAIR',
      );
    }
    const pay = checkPayment(`${String(YEAR)}-06-10`);
    expect(refusal(await post(treasurer, voucherUrl(draft.id, '/pay'), pay)).code).toBe(
      'VOUCHER_WRONG_STATE',
    );
    voucherOf(await post(chair, voucherUrl(draft.id, '/approve')));
    expect(refusal(await post(chair, voucherUrl(draft.id, '/pay'), pay)).code).toBe(
      'VOUCHER_NOT_TREASURER',
    );
    // Not after today (Manila), not before the commitment, a check has its number and bank.
    expect(
      refusal(
        await post(treasurer, voucherUrl(draft.id, '/pay'), checkPayment(`${String(YEAR)}-06-11`)),
      ),
    ).toMatchObject({
      code: 'TRACKER_FUTURE_DATE',
      message: TRACKER_MESSAGES.futureDate(`${String(YEAR)}-06-10`),
    });
    expect(
      refusal(
        await post(treasurer, voucherUrl(draft.id, '/pay'), checkPayment(`${String(YEAR)}-06-01`)),
      ).code,
    ).toBe('TRACKER_PAID_BEFORE_COMMITTED');
    const noCheck = await post(treasurer, voucherUrl(draft.id, '/pay'), {
      ...pay,
      checkNumber: '',
    });
    expect(noCheck.statusCode).toBe(400);
    expect(noCheck.body).toContain(VOUCHER_MESSAGES.checkRequired);
    // Another barangay's voucher answers like a missing one.
    expect((await api(t.app, 'GET', voucherUrl(draft.id), otherChair)).statusCode).toBe(404);
    expect((await post(otherChair, voucherUrl(draft.id, '/approve'))).statusCode).toBe(404);
    expect((await vouchers(t, otherChair, YEAR)).vouchers).toEqual([]);
    // Paid by advice to debit account.
    const paid = voucherOf(
      await post(treasurer, voucherUrl(draft.id, '/pay'), {
        mode: 'ada',
        date: `${String(YEAR)}-06-10`,
        checkNumber: '',
        bank: 'Land Bank of the Philippines',
      }),
    );
    expect(paid).toMatchObject({ state: 'paid', mode: 'ada', checkNumber: '' });
  });

  it('keeps a voucher within its commitment, counting the vouchers not yet paid, and the object in its class', async () => {
    const kId = committedId(
      await commit(t.app, chair, health, commitment(3_000, `${String(YEAR)}-06-03`)),
    );
    voucherOf(await post(treasurer, vouchersUrl, draftBody(2_000, { commitmentId: kId })));
    const over = await post(treasurer, vouchersUrl, draftBody(1_000.01, { commitmentId: kId }));
    expect(over.statusCode).toBe(422);
    expect(refusal(over).code).toBe('TRACKER_OVER_COMMITMENT');
    expect(refusal(over).message).toContain('₱1,000.00');
    voucherOf(await post(treasurer, vouchersUrl, draftBody(1_000, { commitmentId: kId })));
    // A capital outlay account on an MOOE commitment.
    expect(
      refusal(
        await post(
          treasurer,
          vouchersUrl,
          draftBody(1, { commitmentId: kId, objectCode: '1-07-05-030' }),
        ),
      ).code,
    ).toBe('VOUCHER_OBJECT_CLASS');
    expect(
      refusal(await post(treasurer, vouchersUrl, draftBody(1, { objectCode: '5-02-03-990' }))).code,
    ).toBe('VOUCHER_NEEDS_ITEM');
    // Without a commitment: within what the class has not obligated (MOOE 30,000 here).
    const direct = await post(
      treasurer,
      vouchersUrl,
      draftBody(30_000, { itemId: health, expenseClass: 'MOOE' }),
    );
    expect(refusal(direct).code).toBe('TRACKER_OVER_APPROPRIATION');
  });

  it('cancels an unpaid voucher and reverses a paid one by another entry; nothing is deleted', async () => {
    const kId = committedId(
      await commit(t.app, chair, health, commitment(1_500, `${String(YEAR)}-06-04`)),
    );
    const before = await disbursed();
    const count = async () =>
      Number(
        (
          await t.app.services.db
            .selectFrom('tracker_disbursements')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const draft = voucherOf(
      await post(treasurer, vouchersUrl, draftBody(1_500, { commitmentId: kId })),
    );
    const cancelled = voucherOf(
      await post(treasurer, voucherUrl(draft.id, '/reverse'), { reason: 'Wrong supplier' }),
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', reversalReason: 'Wrong supplier' });
    // The cancelled voucher no longer holds the commitment.
    const paid = await paidVoucher(kId, 1_500, `${String(YEAR)}-06-10`);
    expect(await disbursed()).toBe(before + 1_500);
    const rows = await count();
    expect(
      refusal(await post(official, voucherUrl(paid.id, '/reverse'), { reason: 'x' })).code,
    ).toBe('VOUCHER_NOT_TREASURER');
    const reversed = voucherOf(
      await post(treasurer, voucherUrl(paid.id, '/reverse'), { reason: 'Check spoiled' }),
    );
    expect(reversed.state).toBe('reversed');
    expect(await count()).toBe(rows + 1);
    expect(await disbursed()).toBe(before);
    const list = await vouchers(t, chair, YEAR);
    const entry = list.vouchers.find((v) => v.reversesId === paid.id);
    expect(entry).toMatchObject({ state: 'reversal', amount: -1_500, number: null });
    expect(
      refusal(await post(treasurer, voucherUrl(paid.id, '/reverse'), { reason: 'again' })).code,
    ).toBe('VOUCHER_ALREADY_REVERSED');
    expect(
      refusal(await post(treasurer, voucherUrl(entry?.id ?? 0, '/reverse'), { reason: 'x' })).code,
    ).toBe('VOUCHER_REVERSAL_ENTRY');
    // The tracker neither changes nor deletes a voucher paid through the books.
    const again = await paidVoucher(kId, 1_500, `${String(YEAR)}-06-10`);
    const tracker = itemNamed(await overview(t.app, chair, YEAR), HEALTH);
    expect(tracker.disbursedByClass.MOOE).toBe(before + 1_500);
    for (const method of ['PUT', 'DELETE'] as const) {
      const r = await api(
        t.app,
        method,
        `/api/tracker/disbursements/${String(again.id)}`,
        chair,
        method === 'PUT' ? disbursement(1, `${String(YEAR)}-06-10`) : undefined,
      );
      expect(r.statusCode).toBe(409);
      expect(refusal(r).code).toBe('VOUCHER_IS_VOUCHER');
    }
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['BOOKS_CANCEL_VOUCHER', 'BOOKS_REVERSE_VOUCHER']),
    );
  });

  it('numbers the tracker’s own payment entries as paid vouchers of mode recorded', async () => {
    const r = await api(
      t.app,
      'POST',
      itemUrl(health, '/disbursements'),
      chair,
      disbursement(100, `${String(YEAR)}-06-05`, { reference: 'OR-77' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const list = await vouchers(t, chair, YEAR);
    const entry = list.vouchers.find((v) => v.reference === 'OR-77');
    expect(entry).toMatchObject({ state: 'paid', mode: 'recorded', amount: 100 });
    expect(entry?.number).toMatch(new RegExp(`^${String(YEAR)}-06-\\d{4}$`));
  });
});
