import { PLAN_MESSAGES, REGISTRY_MESSAGES, type BudgetPlan } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { approve, call, saveBody } from './budget-plans-helpers.ts';
import { pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  api,
  disbursement,
  itemNamed,
  itemOf,
  itemUrl,
  overview,
  postedPlan,
  refusal,
} from './tracker-helpers.ts';
import {
  commit,
  commitment,
  committedId,
  designate,
  lineOf,
  registry,
} from './tracker-registry-helpers.ts';

/**
 * The Registry of Budget, Commitments, Payments and Balances. Commitments are
 * recorded by the chairperson or the Budget Monitoring Officer the chairperson designates (an SK
 * official, not the treasurer); appropriation >= commitments >= payments per line and class; the
 * registry answers the balances and downloads as .xlsx and .pdf.
 */

const HEALTH = 'Health caravan';

describe.each(DIALECTS)('the RBCPB on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let officialId: number;

  async function on(date: string): Promise<void> {
    t.clock.set(new Date(`${date}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
  }

  const pay = (itemId: number, amount: number, date: string, parts = {}) =>
    api(t.app, 'POST', itemUrl(itemId, '/disbursements'), chair, {
      ...disbursement(amount, date),
      ...parts,
    });

  beforeAll(async () => {
    // The demo data is seeded around the clock's year: the tests' years are later ones.
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    await on('2031-06-30');
    const row = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'sb.official')
      .executeTakeFirstOrThrow();
    officialId = row.id;
  });

  afterAll(async () => {
    await t.close();
  });

  it('lets only the chairperson designate the officer: an SK official, never the treasurer', async () => {
    await on('2031-06-30');
    const posted = await postedPlan(t.app, chair, 2031);
    const admin = await loginAs(t.app, 'MA', 'SB');
    expect(refusal(await designate(t.app, official, officialId)).code).toBe(
      'TRACKER_BMO_FORBIDDEN',
    );
    expect((await designate(t.app, admin, officialId)).statusCode).toBe(403);
    // The chairperson's own account is not an SK official's.
    const chairId = (await registry(t.app, chair, 2031)).candidates.map((c) => c.userId);
    expect(chairId).toContain(officialId);
    const self = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'sb.chair')
      .executeTakeFirstOrThrow();
    expect(refusal(await designate(t.app, chair, self.id)).code).toBe('TRACKER_BMO_INVALID');
    // Another barangay's official answers like an unknown account.
    const other = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'nn.official')
      .executeTakeFirstOrThrow();
    expect(refusal(await designate(t.app, chair, other.id)).code).toBe('TRACKER_BMO_INVALID');
    // The treasurer of the posted plan's honoraria schedule, however the name is written.
    const plan = { id: posted.id };
    await t.app.services.db
      .updateTable('budget_plan_honoraria')
      .set({ name: 'BEA  DELA CRUZ' })
      .where('plan_id', '=', plan.id)
      .where('position', '=', 'treasurer')
      .execute();
    const treasurer = await designate(t.app, chair, officialId);
    expect(treasurer.statusCode).toBe(422);
    expect(refusal(treasurer)).toMatchObject({
      code: 'TRACKER_BMO_TREASURER',
      message: REGISTRY_MESSAGES.officerTreasurer,
    });
    await t.app.services.db
      .updateTable('budget_plan_honoraria')
      .set({ name: 'Paolo Cruz' })
      .where('plan_id', '=', plan.id)
      .where('position', '=', 'treasurer')
      .execute();
    expect((await designate(t.app, chair, officialId)).statusCode).toBe(200);
    const answer = await registry(t.app, official, 2031);
    expect(answer.officer).toEqual({ userId: officialId, name: 'Bea Dela Cruz' });
    expect(answer).toMatchObject({ canCommit: true, canDesignate: false, candidates: [] });
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'description'])
      .where('action', '=', 'COUNCIL_DUTY_ASSIGNED')
      .execute();
    expect(audit.map((a) => a.description)).toContain(
      'sb.chair gave the duty of Budget Monitoring Officer to Bea Dela Cruz',
    );
  });

  it('records commitments only for the officer or the chairperson, of the caller’s barangay', async () => {
    await on('2031-06-30');
    const health = itemNamed(await overview(t.app, chair, 2031), HEALTH);
    expect((await designate(t.app, chair, null)).statusCode).toBe(200);
    const refused = await commit(t.app, official, health.id, commitment(100, '2031-06-01'));
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused).code).toBe('TRACKER_NOT_BMO');
    expect((await registry(t.app, official, 2031)).canCommit).toBe(false);
    const admin = await loginAs(t.app, 'MA', 'SB');
    expect(refusal(await commit(t.app, admin, health.id, commitment(100, '2031-06-01'))).code).toBe(
      'TRACKER_FORBIDDEN',
    );
    const otherChair = await loginAs(t.app, 'SKC', 'NN');
    const foreign = await commit(t.app, otherChair, health.id, commitment(100, '2031-06-01'));
    expect(foreign.statusCode).toBe(404);
    expect(await t.app.services.db.selectFrom('tracker_commitments').selectAll().execute()).toEqual(
      [],
    );
    expect((await designate(t.app, chair, officialId)).statusCode).toBe(200);
    committedId(await commit(t.app, official, health.id, commitment(100, '2031-06-01')));
    committedId(await commit(t.app, chair, health.id, commitment(100, '2031-06-02')));
  });

  it('keeps appropriation >= commitments >= payments, per line and class', async () => {
    await on('2032-06-30');
    await postedPlan(t.app, chair, 2032);
    const health = itemNamed(await overview(t.app, chair, 2032), HEALTH);
    // MOOE ₱30,000: a purchase order of ₱20,000 leaves ₱10,000 unobligated.
    const po = committedId(await commit(t.app, chair, health.id, commitment(20_000, '2032-03-01')));
    const over = await commit(t.app, chair, health.id, commitment(10_000.01, '2032-03-02'));
    expect(refusal(over)).toMatchObject({
      code: 'TRACKER_OVER_UNOBLIGATED',
      message: REGISTRY_MESSAGES.overUnobligated('MOOE', '₱30,000.00', '₱10,000.00'),
    });
    // A payment without a commitment obligates too: it may not take the committed ₱20,000.
    expect(refusal(await pay(health.id, 10_000.01, '2032-03-05')).code).toBe(
      'TRACKER_OVER_APPROPRIATION',
    );
    // Against the purchase order: within what is unpaid of it, same item and class, not earlier.
    expect(refusal(await pay(health.id, 20_000.01, '2032-03-05', { commitmentId: po })).code).toBe(
      'TRACKER_OVER_COMMITMENT',
    );
    expect(
      refusal(await pay(health.id, 100, '2032-03-05', { commitmentId: po, expenseClass: 'CO' }))
        .code,
    ).toBe('TRACKER_COMMITMENT_MISMATCH');
    expect(refusal(await pay(health.id, 100, '2032-02-28', { commitmentId: po })).code).toBe(
      'TRACKER_PAID_BEFORE_COMMITTED',
    );
    const reading = itemNamed(await overview(t.app, chair, 2032), 'Reading hub');
    expect(refusal(await pay(reading.id, 100, '2032-03-05', { commitmentId: po })).code).toBe(
      'TRACKER_COMMITMENT_MISMATCH',
    );
    expect(refusal(await pay(health.id, 100, '2032-03-05', { commitmentId: 999_999 })).code).toBe(
      'TRACKER_COMMITMENT_NOT_FOUND',
    );
    const paid = itemOf(await pay(health.id, 15_000, '2032-03-05', { commitmentId: po }));
    expect(paid.disbursements.map((d) => d.commitmentId)).toEqual([po]);
    // Editing the payment is checked as if its old amount were not there. An edit reverses the
    // payment and records the corrected one (a new row): the next edit names that one.
    let paymentId = paid.disbursements[0]?.id ?? 0;
    const edit = (amount: number) =>
      api(t.app, 'PUT', `/api/tracker/disbursements/${String(paymentId)}`, chair, {
        ...disbursement(amount, '2032-03-06'),
        commitmentId: po,
      });
    expect(refusal(await edit(20_000.5)).code).toBe('TRACKER_OVER_COMMITMENT');
    paymentId = itemOf(await edit(20_000)).disbursements[0]?.id ?? 0;
    itemOf(await edit(15_000));
    // Another ₱10,000 fits the unobligated balance: paid directly, it closes the class.
    itemOf(await pay(health.id, 10_000, '2032-03-07'));
    expect(
      refusal(await commit(t.app, chair, health.id, commitment(0.01, '2032-03-08'))).code,
    ).toBe('TRACKER_OVER_UNOBLIGATED');
    const r = await registry(t.app, chair, 2032);
    expect(lineOf(r, HEALTH, 'MOOE')).toMatchObject({
      appropriated: 30_000,
      committed: 30_000,
      paid: 25_000,
      unobligated: 0,
      unpaid: 5_000,
    });
    expect(lineOf(r, HEALTH, 'MOOE').commitments[0]).toMatchObject({
      id: po,
      amount: 20_000,
      paid: 15_000,
      unpaid: 5_000,
      payee: 'Bayanihan Medical Supply',
    });
    expect(lineOf(r, HEALTH, 'CO')).toMatchObject({ appropriated: 10_000, committed: 0 });
    // A commitment with payments cannot be cancelled; one without can, freeing its amount.
    expect(
      refusal(await api(t.app, 'POST', `/api/tracker/commitments/${String(po)}/cancel`, chair))
        .code,
    ).toBe('TRACKER_COMMITMENT_HAS_PAYMENTS');
    const co = committedId(
      await commit(
        t.app,
        chair,
        health.id,
        commitment(10_000, '2032-04-01', { expenseClass: 'CO' }),
      ),
    );
    const cancel = await api(t.app, 'POST', `/api/tracker/commitments/${String(co)}/cancel`, chair);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(
      refusal(await pay(health.id, 1, '2032-04-02', { commitmentId: co, expenseClass: 'CO' })).code,
    ).toBe('TRACKER_COMMITMENT_CANCELLED');
    committedId(
      await commit(
        t.app,
        chair,
        health.id,
        commitment(10_000, '2032-04-03', { expenseClass: 'CO' }),
      ),
    );
    const actions = await t.app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['TRACKER_ADD_COMMITMENT', 'TRACKER_CANCEL_COMMITMENT'])
      .execute();
    expect(actions.filter((a) => a.action === 'TRACKER_CANCEL_COMMITMENT')).toHaveLength(1);
  });

  it('checks dates: real calendar days, in the plan year, not after today (Manila)', async () => {
    await on('2033-06-30');
    await postedPlan(t.app, chair, 2033);
    const health = itemNamed(await overview(t.app, chair, 2033), 'Reading hub');
    const bad = await commit(t.app, chair, health.id, commitment(100, '2033-02-30'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('real calendar date');
    expect(refusal(await commit(t.app, chair, health.id, commitment(100, '2033-07-01'))).code).toBe(
      'TRACKER_FUTURE_DATE',
    );
    expect(refusal(await commit(t.app, chair, health.id, commitment(100, '2032-12-31'))).code).toBe(
      'TRACKER_OUTSIDE_YEAR',
    );
    const ps = await commit(t.app, chair, health.id, {
      ...commitment(100, '2033-06-01'),
      expenseClass: 'PS' as 'MOOE',
    });
    expect(ps.statusCode).toBe(400);
    expect((await commit(t.app, chair, health.id, commitment(100, '2033-06-30'))).statusCode).toBe(
      200,
    );
  });

  it('refuses a plan version that appropriates a line less than was committed', async () => {
    await on('2034-06-30');
    const plan = await postedPlan(t.app, chair, 2034);
    const health = itemNamed(await overview(t.app, chair, 2034), HEALTH);
    const po = committedId(await commit(t.app, chair, health.id, commitment(25_000, '2034-03-01')));
    itemOf(await pay(health.id, 5_000, '2034-03-02', { commitmentId: po }));
    const revised = await call(
      t.app,
      'POST',
      `/api/budget-plans/${String(plan.id)}/revise`,
      chair,
      {
        kind: 'realignment',
      },
    );
    const draft = revised.json<{ plan: BudgetPlan }>().plan;
    const saved = await call(
      t.app,
      'PUT',
      `/api/budget-plans/${String(draft.id)}`,
      chair,
      saveBody(draft, {
        lines: [
          ...draft.lines.map((l) => (l.ppa === HEALTH ? { ...l, mooe: 10_000 } : l)),
          { program: 'YDEP', centre: 'Health', ppa: 'Mental health summit', mooe: 20_000 },
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await approve(t.app, chair, draft.id, 'SK-2034-002');
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused).message).toBe(
      PLAN_MESSAGES.belowDisbursed('approved', [
        PLAN_MESSAGES.belowCommittedLine(
          `${health.referenceCode} (${HEALTH})`,
          'MOOE',
          '₱10,000.00',
          '₱25,000.00',
          '₱5,000.00',
        ),
      ]),
    );
  });

  it('downloads the registry of MOOE as .xlsx and .pdf holding the commitment and its payment', async () => {
    await on('2035-06-30');
    await postedPlan(t.app, chair, 2035);
    const health = itemNamed(await overview(t.app, chair, 2035), HEALTH);
    const po = committedId(
      await commit(
        t.app,
        chair,
        health.id,
        commitment(12_345.67, '2035-02-01', { reference: 'PO-2035-007', payee: 'Ligtas Pharmacy' }),
      ),
    );
    itemOf(await pay(health.id, 10_000, '2035-02-15', { commitmentId: po, reference: 'CHK-551' }));
    itemOf(await pay(health.id, 500, '2035-02-20', { reference: 'DV-009' }));
    const download = (format: string) =>
      api(t.app, 'GET', `/api/tracker/registry/mooe?year=2035&format=${format}`, official);
    const xlsx = await download('xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('SB-2035-RBCPB-MOOE.xlsx');
    const sheet = await workbook(xlsx.rawPayload);
    const committed = rowWith(sheet, 2, 'PO-2035-007');
    expect(committed.getCell(1).value).toBe('2035-02-01');
    expect(committed.getCell(3).value).toBe('Ligtas Pharmacy');
    expect(committed.getCell(5).value).toBe(12_345.67);
    expect(committed.getCell(7).value).toBe(30_000 - 12_345.67);
    const payment = rowWith(sheet, 2, 'CHK-551');
    expect(payment.getCell(6).value).toBe(10_000);
    expect(payment.getCell(8).value).toBe(2_345.67);
    const direct = rowWith(sheet, 2, 'DV-009');
    expect(direct.getCell(5).value).toBe(500);
    expect(direct.getCell(6).value).toBe(500);
    const total = rowWith(sheet, 3, 'GRAND TOTAL');
    // Every MOOE line of the plan: ₱60,000 budget, ₱12,845.67 committed, ₱10,500 paid.
    expect([4, 5, 6, 7, 8].map((c) => total.getCell(c).value)).toEqual([
      60_000,
      12_845.67,
      10_500,
      60_000 - 12_845.67,
      2_345.67,
    ]);
    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('REGISTRY OF BUDGET, COMMITMENTS, PAYMENTS AND BALANCES');
    expect(text).toContain('MAINTENANCE AND OTHER OPERATING EXPENSES');
    expect(text).toContain('PO-2035-007');
    expect(text).toContain('₱12,345.67');
    expect(text).toContain('CHK-551');
    expect(text).toContain('₱2,345.67');
    const co = await api(t.app, 'GET', '/api/tracker/registry/co?year=2035&format=pdf', chair);
    expect((await pdfPages(co.rawPayload)).join(' ')).toContain('CAPITAL OUTLAY');
    const none = await api(t.app, 'GET', '/api/tracker/registry/mooe?year=2039&format=xlsx', chair);
    expect(refusal(none).code).toBe('TRACKER_NO_POSTED_PLAN');
  });
});
