import {
  TRACKER_MESSAGES,
  formatPlanPeso,
  type BudgetPlan,
  type DisclosurePlan,
  type DisclosureTracker,
  type HonorariaPosition,
  type TrackerOverview,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import {
  HONORARIA,
  approve,
  call,
  createPlan,
  post,
  revisePlan,
  saveBody,
} from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  api,
  disbursement,
  itemOf,
  itemUrl,
  overview,
  postedPlan,
  refusal,
} from './tracker-helpers.ts';

// The plan's honoraria (personal services) are tracked like its lines, so the tracker
// and the board appropriate the plan's whole total. The helpers' plan: ₱70,000 of lines and
// ₱24,000 of honoraria (one member ₱1,000, secretary and treasurer ₱500 a month for 12 months;
// the six vacant member seats at ₱0; the chairperson's row is the cap's reference at 0 months, not
// paid from the SK fund, so it has no item).

/** The demo posts this year's plan (2026) and drafts the next: the tests plan 2028. */
const YEAR = 2028;

describe.each(DIALECTS)('honoraria in the project tracker on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let plan: BudgetPlan;

  const honorariaItem = (tracker: TrackerOverview, position: HonorariaPosition) => {
    const item = tracker.items.find((i) => i.honorariaPosition === position);
    if (!item) {
      throw new Error(`no honoraria item for ${position}`);
    }
    return item;
  };
  const pay = (id: number, amount: number, date: string, parts = {}) =>
    api(
      t.app,
      'POST',
      itemUrl(id, '/disbursements'),
      chair,
      disbursement(amount, date, { expenseClass: 'PS', reference: 'PR-01', ...parts }),
    );
  const audits = async () =>
    (
      await t.app.services.db
        .selectFrom('audit_log')
        .select(['action', 'description'])
        .where('module', '=', 'Project Tracker')
        .where('action', 'like', 'TRACKER_%_DISBURSEMENT')
        .where('description', 'like', '%2028-GAP-HON-%')
        .orderBy('id')
        .execute()
    ).map((r) => `${r.action}: ${r.description}`);

  beforeAll(async () => {
    const clock = manualClock(new Date('2026-03-01T04:00:00.000Z'));
    t = await createTestApp(dialect, { clock });
    chair = await loginAs(t.app, 'SKC', 'SB');
    plan = await postedPlan(t.app, chair, YEAR);
    // The payments below are of 2028, made by mid-year: no disbursement is dated after today.
    clock.set(new Date('2028-06-30T04:00:00.000Z'));
    chair = await loginAs(t.app, 'SKC', 'SB');
  });

  afterAll(async () => {
    await t.close();
  });

  it('tracks each position the schedule pays as a PS item and counts its payments in utilisation', async () => {
    const tracker = await overview(t.app, chair, YEAR);
    expect(
      tracker.items.map((i) => [i.referenceCode, i.honorariaPosition, i.spending.appropriated]),
    ).toEqual([
      ['2028-GAP-HON-MEMBER', 'member', 12_000],
      ['2028-GAP-HON-SECRETARY', 'secretary', 6_000],
      ['2028-GAP-HON-TREASURER', 'treasurer', 6_000],
      ...plan.lines.map((l) => [l.referenceCode, null, l.ps + l.mooe + l.co]),
    ]);
    expect(tracker.items.some((i) => i.honorariaPosition === 'chairperson')).toBe(false);
    const memberItem = honorariaItem(tracker, 'member');
    expect(memberItem).toMatchObject({
      program: 'GAP',
      centre: null,
      inPlan: true,
      ppa: 'Honoraria of the SK Members (7)',
      appropriatedByClass: { PS: 12_000, MOOE: 0, CO: 0 },
    });
    expect(tracker.totals.appropriated).toBe(plan.totals.appropriations);

    itemOf(await pay(memberItem.id, 1_000, '2028-01-31', { note: 'January 2028' }));
    const paid = itemOf(await pay(memberItem.id, 1_000, '2028-02-29', { note: 'February 2028' }));
    expect(paid.disbursements.map((d) => [d.date, d.amount, d.expenseClass, d.note])).toEqual([
      ['2028-01-31', 1_000, 'PS', 'January 2028'],
      ['2028-02-29', 1_000, 'PS', 'February 2028'],
    ]);
    expect(paid.spending).toEqual({
      appropriated: 12_000,
      disbursed: 2_000,
      balance: 10_000,
      utilisation: 16.7,
    });
    const after = await overview(t.app, chair, YEAR);
    expect(after.totals).toEqual({
      appropriated: 94_000,
      disbursed: 2_000,
      balance: 92_000,
      utilisation: 2.1,
    });
    expect(after.byCentre[0]).toMatchObject({ centre: null, items: 4, appropriated: 34_000 });
    expect(await audits()).toEqual([
      `TRACKER_ADD_DISBURSEMENT: sb.chair recorded a PS disbursement of ${formatPlanPeso(1_000)} for 2028-GAP-HON-MEMBER (PR-01)`,
      `TRACKER_ADD_DISBURSEMENT: sb.chair recorded a PS disbursement of ${formatPlanPeso(1_000)} for 2028-GAP-HON-MEMBER (PR-01)`,
    ]);
  });

  it('refuses a payment past the position’s appropriation, naming it, and any class but PS', async () => {
    const secretary = honorariaItem(await overview(t.app, chair, YEAR), 'secretary');
    const first = itemOf(await pay(secretary.id, 5_500, '2028-02-15'));
    const before = await audits();

    const over = await pay(secretary.id, 500.01, '2028-03-15');
    expect(over.statusCode).toBe(422);
    expect(refusal(over)).toMatchObject({
      code: 'TRACKER_OVER_APPROPRIATION',
      message: TRACKER_MESSAGES.overHonoraria(
        'SK Secretary',
        formatPlanPeso(6_000),
        formatPlanPeso(500),
      ),
    });
    expect(refusal(over).message).toContain('SK Secretary honoraria past their appropriation');
    const edited = await api(
      t.app,
      'PUT',
      `/api/tracker/disbursements/${String(first.disbursements[0]?.id)}`,
      chair,
      disbursement(6_000.01, '2028-02-15', { expenseClass: 'PS' }),
    );
    expect(refusal(edited).code).toBe('TRACKER_OVER_APPROPRIATION');
    const mooe = await pay(secretary.id, 1, '2028-03-15', { expenseClass: 'MOOE' });
    expect(mooe.statusCode).toBe(422);
    expect(refusal(mooe)).toMatchObject({
      code: 'TRACKER_HONORARIA_PS_ONLY',
      message: TRACKER_MESSAGES.honorariaPsOnly,
    });
    expect(await audits()).toEqual(before);

    // To the centavo is allowed.
    const full = itemOf(await pay(secretary.id, 500, '2028-03-15'));
    expect(full.spending).toMatchObject({ disbursed: 6_000, balance: 0, utilisation: 100 });
  });

  it('shows the board with the honoraria items and totals equal to the plan’s total', async () => {
    const board = await api(
      t.app,
      'GET',
      `/api/public/disclosure/SB/tracker/${String(YEAR)}`,
      null,
    );
    expect(board.statusCode).toBe(200);
    const tracker = board.json<{ tracker: DisclosureTracker }>().tracker;
    const plans = (await api(t.app, 'GET', '/api/public/disclosure/SB', null)).json<{
      plans: DisclosurePlan[];
    }>().plans;
    const posted = plans.find((p) => p.year === YEAR);
    expect(posted?.totals.honoraria).toBe(24_000);
    expect(tracker.totals.appropriated).toBe(posted?.totals.appropriations);
    expect(tracker.totals).toEqual({
      appropriated: 94_000,
      disbursed: 8_000,
      balance: 86_000,
      utilisation: 8.5,
    });
    expect(tracker.byCentre.reduce((sum, c) => sum + c.appropriated, 0)).toBe(
      posted?.totals.appropriations,
    );
    expect(
      tracker.items
        .filter((i) => i.honorariaPosition !== null)
        .map((i) => [i.honorariaPosition, i.ppa, i.spending.disbursed]),
    ).toEqual([
      ['member', 'Honoraria of the SK Members (7)', 2_000],
      ['secretary', 'Honoraria of the SK Secretary', 6_000],
      ['treasurer', 'Honoraria of the SK Treasurer', 0],
    ]);
    // Names are not published beyond the signatories; vouchers never.
    expect(board.body).not.toContain('PR-01');
  });

  it('follows a revised schedule: changed months move the appropriation, an unpaid position no longer paid is read only, a paid one cannot be unfunded', async () => {
    const draft = await revisePlan(t.app, chair, plan.id);
    let latest = draft;
    const saveHonoraria = async (honoraria: typeof HONORARIA) => {
      const answer = await call(
        t.app,
        'PUT',
        `/api/budget-plans/${String(draft.id)}`,
        chair,
        saveBody(latest, { honoraria }),
      );
      if (answer.statusCode === 200) {
        latest = answer.json<{ plan: BudgetPlan }>().plan;
      }
      return answer;
    };

    // The secretary's ₱6,000 were paid: a version paying the position nothing (its row kept, as
    // every position must be budgeted) would leave them unfunded.
    const withoutSecretary = await saveHonoraria(
      HONORARIA.map((h) => (h.position === 'secretary' ? { ...h, months: 0 } : h)),
    );
    expect(withoutSecretary.statusCode, withoutSecretary.body).toBe(200);
    const refused = await approve(t.app, chair, draft.id, 'SK-2028-002');
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused).code).toBe('PLAN_BELOW_DISBURSED');
    expect(refusal(refused).message).toContain('Honoraria of the SK Secretary');

    // The paid member for 10 months instead of 12; the unpaid treasurer's position paid nothing.
    const saved = await saveHonoraria(
      HONORARIA.map((h) =>
        h.position === 'member' && h.monthlyRate > 0
          ? { ...h, months: 10 }
          : h.position === 'treasurer'
            ? { ...h, months: 0 }
            : h,
      ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await approve(t.app, chair, draft.id, 'SK-2028-002')).statusCode).toBe(200);
    expect((await post(t.app, chair, draft.id)).statusCode).toBe(200);

    const tracker = await overview(t.app, chair, YEAR);
    expect(honorariaItem(tracker, 'member').spending.appropriated).toBe(10_000);
    const treasurer = honorariaItem(tracker, 'treasurer');
    expect(treasurer).toMatchObject({ inPlan: false, spending: { appropriated: 0 } });
    expect(refusal(await pay(treasurer.id, 1, '2028-04-15')).code).toBe('TRACKER_NOT_IN_PLAN');
    expect(tracker.totals.appropriated).toBe(
      saved.json<{ plan: BudgetPlan }>().plan.totals.appropriations,
    );
  });

  it('refuses a plan line that takes a reference code kept for the honoraria', async () => {
    const draft = await createPlan(t.app, chair, 2029, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
    });
    const saved = await call(
      t.app,
      'PUT',
      `/api/budget-plans/${String(draft.id)}`,
      chair,
      saveBody(draft, {
        lines: [
          {
            program: 'GAP',
            ppa: 'Office supplies',
            mooe: 1_000,
            referenceCode: '2029-gap-hon-member',
          },
        ],
      }),
    );
    expect(saved.statusCode).toBe(400);
    expect(saved.json<{ code: string }>().code).toBe('PLAN_RESERVED_REFERENCE');
  });
});
