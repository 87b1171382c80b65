import type { BudgetPlan, PlanSubmission } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { approve, call, post, revisePlan } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, login, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  api,
  disbursement,
  itemNamed,
  itemUrl,
  overview,
  postedPlan,
  refusal,
} from './tracker-helpers.ts';
import { commit, commitment } from './tracker-registry-helpers.ts';
import { pdfPages, rowWith, workbook } from './document-helpers.ts';

// A line the city declared inoperative is closed: no new payment (422 ITEM_INOPERATIVE, with the
// city's reason, in the reader's language) until a later version is found operative; what was
// paid before the decision stays.

const YEAR = 2028;
const HEALTH = 'Health caravan';
const READING = 'Reading hub';
const REASON = 'Not a youth development programme of the PYDP.';
const RULE = 'RA 10742 s. 20(b)';

describe.each(DIALECTS)('inoperative lines in the tracker on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let budget: Session;

  async function on(date: string): Promise<void> {
    t.clock.set(new Date(`${date}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
    budget = await login(t.app, 'qc.budget');
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      // The demo seeds plans for the clock's year and the next: start years before YEAR.
      clock: manualClock(new Date('2024-06-01T04:00:00.000Z')),
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    await on(`${String(YEAR)}-01-10`);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const pay = (itemId: number, amount: number, date: string) =>
    api(t.app, 'POST', itemUrl(itemId, '/disbursements'), chair, disbursement(amount, date));

  /** Submits `plan` to the city and has the budget officer decide it, with `inoperative` lines. */
  async function reviewed(plan: BudgetPlan, inoperative: string[], on: string) {
    await t.app.services.db
      .updateTable('budget_plans')
      .set({ resolution_stored_name: `resolution-${String(plan.id)}.pdf` })
      .where('id', '=', plan.id)
      .execute();
    const submitted = await api(
      t.app,
      'POST',
      `/api/budget-plans/${String(plan.id)}/submit`,
      chair,
      {},
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = submitted.json<{ submission: PlanSubmission }>().submission.id;
    const base = `/api/city/plan-reviews/${String(id)}`;
    expect((await call(t.app, 'POST', `${base}/start`, budget)).statusCode).toBe(200);
    const findings = plan.lines
      .filter((l) => inoperative.includes(l.ppa))
      .map((l) => ({ lineRef: l.referenceCode, inoperative: true, reason: REASON, rule: RULE }));
    const saved = await call(t.app, 'PUT', `${base}/findings`, budget, { findings });
    expect(saved.statusCode, saved.body).toBe(200);
    const decided = await call(t.app, 'POST', `${base}/decide`, budget, {
      outcome: findings.length > 0 ? 'items_inoperative' : 'operative',
      sanggunianResolutionNumber: `SP-${String(id)}`,
      sanggunianResolutionDate: on,
    });
    expect(decided.statusCode, decided.body).toBe(200);
  }

  it('refuses new payments on the closed line with the reason, keeps what was paid, reopens with an operative version', async () => {
    const plan = await postedPlan(t.app, chair, YEAR);
    const health = itemNamed(await overview(t.app, chair, YEAR), HEALTH);
    const reading = itemNamed(await overview(t.app, chair, YEAR), READING);
    const before = await pay(health.id, 1_000, `${String(YEAR)}-01-09`);
    expect(before.statusCode, before.body).toBe(200);

    await on(`${String(YEAR)}-02-15`);
    await reviewed(plan, [HEALTH], `${String(YEAR)}-02-15`);

    // The tracker marks the line with the city's reason and rule.
    expect(itemNamed(await overview(t.app, chair, YEAR), HEALTH).inoperative).toEqual({
      reason: REASON,
      rule: RULE,
      decidedOn: `${String(YEAR)}-02-15`,
    });
    expect(itemNamed(await overview(t.app, chair, YEAR), READING).inoperative).toBeNull();

    // The city dashboard counts the closed line on the barangay's row.
    const dashboard = await call(t.app, 'GET', `/api/city/dashboard?year=${String(YEAR)}`, budget);
    expect(
      dashboard
        .json<{ rows: { code: string; inoperativeLines: number }[] }>()
        .rows.find((r) => r.code === 'SB')?.inoperativeLines,
    ).toBe(1);

    // So does the public board, on the plan's line.
    const board = await t.app.inject({ method: 'GET', url: '/api/public/disclosure/SB' });
    const boardPlan = board
      .json<{
        plans: { year: number; inoperative: { referenceCode: string; reason: string }[] }[];
      }>()
      .plans.find((p) => p.year === YEAR);
    expect(boardPlan?.inoperative).toEqual([
      expect.objectContaining({ referenceCode: health.referenceCode, reason: REASON, rule: RULE }),
    ]);

    // The accomplishment reports mark the line, with the day and the city's reason, beside what
    // was paid before.
    for (const format of ['xlsx', 'pdf'] as const) {
      const report = await api(
        t.app,
        'GET',
        `/api/tracker/reports/q1?year=${String(YEAR)}&format=${format}`,
        chair,
      );
      expect(report.statusCode).toBe(200);
      const closed = `Declared inoperative by the city on ${String(YEAR)}-02-15: ${REASON}`;
      if (format === 'xlsx') {
        const sheet = await workbook(report.rawPayload);
        const row = rowWith(sheet, 2, HEALTH);
        const cells = (row.values as unknown[]).map((v) => String(v));
        expect(cells.some((c) => c.startsWith(closed))).toBe(true);
        const other = (rowWith(sheet, 2, READING).values as unknown[]).map((v) => String(v));
        expect(other.some((c) => c.includes('inoperative'))).toBe(false);
      } else {
        const text = (await pdfPages(report.rawPayload)).join(' ').replace(/\s+/g, ' ');
        expect(text).toContain(closed);
      }
    }

    // No new commitment either (the registry of budget, commitments, payments and balances).
    const committed = await commit(
      t.app,
      chair,
      health.id,
      commitment(500, `${String(YEAR)}-02-15`),
    );
    expect(committed.statusCode).toBe(422);
    expect(refusal(committed).code).toBe('ITEM_INOPERATIVE');

    // Closed: the chair's language decides the words; the city's reason and rule are quoted.
    const refused = await pay(health.id, 500, `${String(YEAR)}-02-15`);
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused).code).toBe('ITEM_INOPERATIVE');
    expect(refusal(refused).message).toContain(REASON);
    expect(refusal(refused).message).toContain(RULE);
    expect(refusal(refused).message).toContain('inoperative');
    await t.app.services.db
      .updateTable('users')
      .set({ language: 'fil' })
      .where('username_key', '=', 'sb.chair')
      .execute();
    await on(`${String(YEAR)}-02-15`);
    const inFilipino = refusal(await pay(health.id, 500, `${String(YEAR)}-02-15`));
    expect(inFilipino.code).toBe('ITEM_INOPERATIVE');
    expect(inFilipino.message).toContain('Idineklara ng lungsod');
    expect(inFilipino.message).toContain(REASON);

    // Other lines stay open; the earlier payment stays, may be lowered but not raised.
    expect((await pay(reading.id, 2_000, `${String(YEAR)}-02-15`)).statusCode).toBe(200);
    const item = (await api(t.app, 'GET', itemUrl(health.id), chair)).json<{
      item: { disbursements: { id: number; amount: number }[] };
    }>().item;
    expect(item.disbursements.map((d) => d.amount)).toEqual([1_000]);
    const paymentUrl = `/api/tracker/disbursements/${String(item.disbursements[0]?.id)}`;
    const raised = await api(
      t.app,
      'PUT',
      paymentUrl,
      chair,
      disbursement(1_500, `${String(YEAR)}-01-09`),
    );
    expect(raised.statusCode).toBe(422);
    expect(refusal(raised).code).toBe('ITEM_INOPERATIVE');
    const lowered = await api(
      t.app,
      'PUT',
      paymentUrl,
      chair,
      disbursement(800, `${String(YEAR)}-01-09`),
    );
    expect(lowered.statusCode, lowered.body).toBe(200);

    // A later version, posted and submitted: still closed while its review is open.
    const next = await revisePlan(t.app, chair, plan.id);
    expect((await approve(t.app, chair, next.id, `SK-${String(YEAR)}-002`)).statusCode).toBe(200);
    const posted = await post(t.app, chair, next.id);
    expect(posted.statusCode, posted.body).toBe(200);
    const nextPlan = posted.json<{ plan: BudgetPlan }>().plan;
    expect((await pay(health.id, 500, `${String(YEAR)}-02-15`)).statusCode).toBe(422);
    // Found operative: the line takes payments again.
    await on(`${String(YEAR)}-03-01`);
    await reviewed(nextPlan, [], `${String(YEAR)}-03-01`);
    const reopened = await pay(health.id, 500, `${String(YEAR)}-03-01`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(itemNamed(await overview(t.app, chair, YEAR), HEALTH).inoperative).toBeNull();
  });
});
