import { PLAN_CITATIONS, type BudgetPlan, type PlanCheck } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type ManualClock } from '../src/lib/clock.ts';
import { approve, call, getPlan, passingPlan } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * The SK resolution's date: never after today in Manila; an annual budget approved on or after
 * 1 January of its year (JMC No. 1 s. 2019 item 3.3.3.1: passed "before the beginning of the
 * ensuing year"), or dated before the year it is prepared in, warns and is still approved.
 */
describe.each(DIALECTS)('the approval date of an annual budget on %s', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let chair: Session;
  let official: Session;

  beforeAll(async () => {
    clock = manualClock(new Date('2026-11-28T04:00:00.000Z'));
    t = await createTestApp(dialect, { clock });
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
  });

  afterAll(async () => {
    await t.close();
  });

  /** Moves the clock and signs in again (sessions expire across the jump). */
  const at = async (iso: string) => {
    clock.set(new Date(iso));
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
  };

  const timing = (plan: BudgetPlan): PlanCheck | undefined =>
    plan.checks.find((c) => c.rule === 'approved-on-time');

  const approvals = async () =>
    t.app.services.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'PLAN_APPROVED')
      .execute();

  it('refuses a date after today, then approves on time before the year begins', async () => {
    const plan = await passingPlan(t.app, official, 2029);
    await at('2028-12-10T04:00:00.000Z');
    const pending = timing(await getPlan(t.app, chair, plan.id));
    expect(pending).toMatchObject({
      status: 'pass',
      source: PLAN_CITATIONS.approvedOnTime,
      facts: { timing: 'pending', year: 2029, approvedOn: null },
    });
    const before = (await approvals()).length;
    // 11 December in Manila is still tomorrow at 04:00 UTC on the 10th (noon in Manila).
    const future = await approve(t.app, chair, plan.id, 'SK-2029-001', '2028-12-11');
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'PLAN_APPROVAL_DATE',
      message:
        'The approval date cannot be after today (2028-12-10): record the SK resolution once it is adopted.',
    });
    expect((await getPlan(t.app, chair, plan.id)).status).toBe('draft');
    expect(await approvals()).toHaveLength(before);

    const approved = await approve(t.app, chair, plan.id, 'SK-2029-001', '2028-12-10');
    expect(approved.statusCode, approved.body).toBe(200);
    const body = approved.json<{ plan: BudgetPlan }>().plan;
    expect(timing(body)).toMatchObject({
      status: 'pass',
      facts: { timing: 'onTime', approvedOn: '2028-12-10' },
      message: 'Approved on 2028-12-10, before fiscal year 2029 began.',
    });
  });

  it('warns, and still approves, once the year has begun; the checks say so before and after', async () => {
    const plan = await passingPlan(t.app, official, 2030);
    await at('2030-01-05T04:00:00.000Z');
    const overdue = timing(await getPlan(t.app, chair, plan.id));
    expect(overdue).toMatchObject({ status: 'warn', facts: { timing: 'overdue', year: 2030 } });
    const checks = await call(t.app, 'GET', `/api/budget-plans/${String(plan.id)}/checks`, chair);
    expect(
      checks.json<{ checks: PlanCheck[] }>().checks.find((c) => c.rule === 'approved-on-time'),
    ).toEqual(overdue);

    const late = await approve(t.app, chair, plan.id, 'SK-2030-001', '2030-01-04');
    expect(late.statusCode, late.body).toBe(200);
    expect(timing(late.json<{ plan: BudgetPlan }>().plan)).toMatchObject({
      status: 'warn',
      facts: { timing: 'late', approvedOn: '2030-01-04' },
      message:
        'Approved on 2030-01-04, after fiscal year 2030 began on 1 January: the annual budget is to be passed before the year begins.',
    });
  });

  it('warns on a date before the year the budget is prepared in (a date to verify)', async () => {
    const plan = await passingPlan(t.app, official, 2033);
    const early = await approve(t.app, chair, plan.id, 'SK-2033-001', '2030-01-05');
    expect(early.statusCode, early.body).toBe(200);
    expect(timing(early.json<{ plan: BudgetPlan }>().plan)).toMatchObject({
      status: 'warn',
      facts: { timing: 'early', approvedOn: '2030-01-05' },
    });
  });
});
