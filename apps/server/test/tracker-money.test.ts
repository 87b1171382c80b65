import {
  PLAN_MESSAGES,
  TRACKER_MESSAGES,
  type BudgetPlan,
  type PlanLineInput,
  type SavedPlanLine,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTracker } from '../src/features/tracker/demo-seed.ts';
import { manualClock } from '../src/lib/clock.ts';
import { approve, call, post, revisePlan, saveBody, savePlan } from './budget-plans-helpers.ts';
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

/**
 * A new version of a plan can never appropriate a line less than was already
 * paid on it, nor drop or rename a line with disbursements; approving and posting both check it.
 */

const HEALTH = 'Health caravan';

describe.each(DIALECTS)('appropriations and disbursements on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;

  /** Noon in Manila of `date`, the chairperson signed in again. */
  async function on(date: string): Promise<void> {
    t.clock.set(new Date(`${date}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
  }

  const pay = async (itemId: number, amount: number, date: string, parts = {}) =>
    api(t.app, 'POST', itemUrl(itemId, '/disbursements'), chair, {
      ...disbursement(amount, date),
      ...parts,
    });

  /** A new draft version of `plan` saved with `lines` (from the copied lines). */
  async function revision(
    plan: BudgetPlan,
    kind: 'realignment' | 'supplemental',
    lines: (copied: SavedPlanLine[]) => (SavedPlanLine | PlanLineInput)[],
  ): Promise<BudgetPlan> {
    const draft = await revisePlan(t.app, chair, plan.id, kind);
    return savePlan(t.app, chair, draft, { lines: lines(draft.lines) });
  }

  const healthLine = (plan: BudgetPlan) => plan.lines.find((l) => l.ppa === HEALTH);

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    chair = await loginAs(t.app, 'SKC', 'SB');
  });

  afterAll(async () => {
    await t.close();
  });

  it('keeps the demo data within the rules: no line paid past its appropriation, no future date', async () => {
    await seedDemoTracker(t.app.services.db, t.app.services.storage, t.clock.now());
    for (const barangay of ['SB', 'NN'] as const) {
      const session = await loginAs(t.app, 'SKC', barangay);
      const tracker = await overview(t.app, session, 2026);
      expect(tracker.totals.disbursed).toBeGreaterThan(0);
      for (const item of tracker.items) {
        for (const cls of ['PS', 'MOOE', 'CO'] as const) {
          expect(item.disbursedByClass[cls], item.referenceCode).toBeLessThanOrEqual(
            item.appropriatedByClass[cls],
          );
        }
      }
    }
    const dates = await t.app.services.db
      .selectFrom('tracker_disbursements')
      .select('disbursed_on')
      .execute();
    expect(dates.length).toBeGreaterThan(0);
    for (const { disbursed_on: date } of dates) {
      expect(date >= '2026-01-01' && date <= '2026-03-01', date).toBe(true);
    }
  });

  it('refuses to approve a realignment that cuts a line below what was paid on it', async () => {
    await on('2028-06-01');
    const plan = await postedPlan(t.app, chair, 2028);
    const health = itemNamed(await overview(t.app, chair, 2028), HEALTH);
    itemOf(await pay(health.id, 30_000, '2028-03-10'));
    const draft = await revision(plan, 'realignment', (lines) => [
      ...lines.map((l) => (l.ppa === HEALTH ? { ...l, mooe: 5_000 } : l)),
      { program: 'YDEP', centre: 'Health', ppa: 'Mental health summit', mooe: 25_000 },
    ]);
    const refused = await approve(t.app, chair, draft.id, 'SK-2028-002');
    expect(refused.statusCode).toBe(422);
    const code = healthLine(plan)?.referenceCode ?? '';
    expect(refusal(refused)).toEqual({
      success: false,
      code: 'PLAN_BELOW_DISBURSED',
      message: PLAN_MESSAGES.belowDisbursed('approved', [
        PLAN_MESSAGES.belowDisbursedLine(`${code} (${HEALTH})`, 'MOOE', '₱5,000.00', '₱30,000.00'),
      ]),
    });
    // Nothing changed: the draft is still a draft and the posted appropriation stands.
    const tracker = await overview(t.app, chair, 2028);
    expect(tracker.plan?.id).toBe(plan.id);
    expect(itemNamed(tracker, HEALTH).spending).toMatchObject({
      appropriated: 40_000,
      disbursed: 30_000,
    });
    // Keeping what was paid, the realignment goes through.
    const fixed = await call(
      t.app,
      'PUT',
      `/api/budget-plans/${String(draft.id)}`,
      chair,
      saveBody(draft, {
        lines: draft.lines
          .filter((l) => l.ppa !== 'Reading hub')
          .map((l) => (l.ppa === HEALTH ? { ...l, mooe: 30_000 } : l)),
      }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await approve(t.app, chair, draft.id, 'SK-2028-002')).statusCode).toBe(200);
    expect((await post(t.app, chair, draft.id)).statusCode).toBe(200);
  });

  it('checks again when posting: payments made after the approval count', async () => {
    await on('2029-06-01');
    const plan = await postedPlan(t.app, chair, 2029);
    const health = itemNamed(await overview(t.app, chair, 2029), HEALTH);
    itemOf(await pay(health.id, 10_000, '2029-03-10'));
    const draft = await revision(plan, 'realignment', (lines) => [
      ...lines.map((l) => (l.ppa === HEALTH ? { ...l, mooe: 20_000 } : l)),
      { program: 'YDEP', centre: 'Health', ppa: 'Mental health summit', mooe: 10_000 },
    ]);
    expect((await approve(t.app, chair, draft.id, 'SK-2029-002')).statusCode).toBe(200);
    // The approved version is not posted yet: the posted ₱30,000 still governs the tracker.
    itemOf(await pay(health.id, 15_000, '2029-04-10'));
    const refused = await post(t.app, chair, draft.id);
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused).code).toBe('PLAN_BELOW_DISBURSED');
    expect(refusal(refused).message).toContain('new appropriation ₱20,000.00');
    expect(refusal(refused).message).toContain('already disbursed ₱25,000.00');
    expect((await overview(t.app, chair, 2029)).plan?.id).toBe(plan.id);
  });

  it('refuses a version that renames or drops a line with disbursements', async () => {
    await on('2030-06-01');
    const plan = await postedPlan(t.app, chair, 2030);
    const tracker = await overview(t.app, chair, 2030);
    const health = itemNamed(tracker, HEALTH);
    const reading = itemNamed(tracker, 'Reading hub');
    itemOf(await pay(health.id, 20_000, '2030-02-01'));
    itemOf(await pay(health.id, 2_000, '2030-02-01', { expenseClass: 'CO' }));
    itemOf(await pay(reading.id, 1_000, '2030-02-02'));
    const renamed = await revision(plan, 'supplemental', (lines) =>
      lines
        .filter((l) => l.ppa !== 'Reading hub')
        .map((l) => (l.ppa === HEALTH ? { ...l, referenceCode: '2030-YDEP-HEA-900' } : l)),
    );
    const refused = await approve(t.app, chair, renamed.id, 'SK-2030-002');
    expect(refused.statusCode).toBe(422);
    const code = healthLine(plan)?.referenceCode ?? '';
    expect(refusal(refused).message).toBe(
      PLAN_MESSAGES.belowDisbursed('approved', [
        PLAN_MESSAGES.belowDisbursedLine(
          `${reading.referenceCode} (Reading hub)`,
          'MOOE',
          null,
          '₱1,000.00',
        ),
        PLAN_MESSAGES.belowDisbursedLine(`${code} (${HEALTH})`, 'MOOE', null, '₱20,000.00'),
        PLAN_MESSAGES.belowDisbursedLine(`${code} (${HEALTH})`, 'CO', null, '₱2,000.00'),
      ]),
    );
    // The renamed line's item never came to be, so its appropriation is not available twice.
    const items = (await overview(t.app, chair, 2030)).items;
    expect(items.map((i) => i.referenceCode)).not.toContain('2030-YDEP-HEA-900');
  });

  it('refuses impossible dates and disbursements dated after today in Manila', async () => {
    // 00:30 on 11 June 2031 in Manila is still 10 June in UTC.
    t.clock.set(new Date('2031-06-10T16:30:00.000Z'));
    chair = await loginAs(t.app, 'SKC', 'SB');
    const plan = await postedPlan(t.app, chair, 2031);
    const health = itemNamed(await overview(t.app, chair, 2031), HEALTH);
    for (const date of ['2031-04-31', '2031-02-29', '2035-02-31', '2031-13-01', '2031-00-10']) {
      const answer = await pay(health.id, 1, date);
      expect(answer.statusCode, date).toBe(400);
      expect(refusal(answer).message, date).toContain('Date must be a real calendar date');
    }
    const bad = [
      ['POST', itemUrl(health.id, '/checkpoints'), { title: 'Venue', dueOn: '2031-04-31' }],
      [
        'PUT',
        itemUrl(health.id),
        { version: health.version, status: 'ongoing', plannedStart: '2031-02-30' },
      ],
      [
        'POST',
        `/api/budget-plans/${String(plan.id)}/approve`,
        { resolutionNumber: 'X', approvedOn: '2031-06-31' },
      ],
    ] as const;
    for (const [method, url, body] of bad) {
      const answer = await api(t.app, method, url, chair, body);
      expect(answer.statusCode, url).toBe(400);
      expect(refusal(answer).message, url).toContain('must be a real calendar date');
    }
    const future = await pay(health.id, 1, '2031-06-12');
    expect(future.statusCode).toBe(422);
    expect(refusal(future)).toMatchObject({
      code: 'TRACKER_FUTURE_DATE',
      message: TRACKER_MESSAGES.futureDate('2031-06-11'),
    });
    const today = itemOf(await pay(health.id, 1, '2031-06-11'));
    expect(today.disbursedByClass.MOOE).toBe(1);
    // An edit cannot move a payment into the future either.
    const id = today.disbursements[0]?.id ?? 0;
    const moved = await api(
      t.app,
      'PUT',
      `/api/tracker/disbursements/${String(id)}`,
      chair,
      disbursement(1, '2031-07-01'),
    );
    expect(refusal(moved).code).toBe('TRACKER_FUTURE_DATE');
  });

  it('never lets a posting and a disbursement at once leave a line paid past its appropriation', async () => {
    await on('2032-06-01');
    const plan = await postedPlan(t.app, chair, 2032);
    const health = itemNamed(await overview(t.app, chair, 2032), HEALTH);
    itemOf(await pay(health.id, 10_000, '2032-03-01'));
    const draft = await revision(plan, 'realignment', (lines) => [
      ...lines.map((l) => (l.ppa === HEALTH ? { ...l, mooe: 20_000 } : l)),
      { program: 'YDEP', centre: 'Health', ppa: 'Mental health summit', mooe: 10_000 },
    ]);
    expect((await approve(t.app, chair, draft.id, 'SK-2032-002')).statusCode).toBe(200);
    // Either the payment lands first (then the posting is refused) or the posting does (then
    // the payment is measured against ₱20,000 and refused): never both.
    const [posted, paid] = await Promise.all([
      post(t.app, chair, draft.id),
      pay(health.id, 15_000, '2032-04-01'),
    ]);
    expect([posted.statusCode, paid.statusCode].sort()).toEqual([200, 422]);
    const item = itemNamed(await overview(t.app, chair, 2032), HEALTH);
    expect(item.spending.disbursed).toBeLessThanOrEqual(item.spending.appropriated);
  });
});
