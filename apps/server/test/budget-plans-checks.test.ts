import {
  PLAN_CITATIONS,
  type BudgetPlan,
  type HonorariumInput,
  type PlanCheck,
  type PlanCheckRule,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBudgetRules } from '../src/db/seed.ts';
import { approve, call, getPlan, passingPlan, savePlan } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * The honoraria cap holds whatever the order of the schedule's rows, and
 * the statutory caps fail closed when the rules table lacks the rule a plan's year needs.
 */

const checkOf = (checks: readonly PlanCheck[], rule: PlanCheckRule): PlanCheck => {
  const found = checks.find((c) => c.rule === rule);
  if (!found) {
    throw new Error(`no ${rule} check among ${checks.map((c) => c.rule).join(', ')}`);
  }
  return found;
};

/**
 * ₱24,000 of personal services on a ₱100,000 fund: within the 25% cap. The schedule is complete:
 * the chairperson's row (0 months) as the cap's reference, the secretary, the
 * treasurer and seven member seats, vacant at ₱0.
 */
const realChair: HonorariumInput = {
  position: 'chairperson',
  name: 'Miguel Santos',
  monthlyRate: 1_000,
  months: 0,
};
const fakeChair: HonorariumInput = {
  position: 'chairperson',
  name: 'Nobody',
  monthlyRate: 1_000_000,
  months: 0,
};
const others: HonorariumInput[] = [
  { position: 'secretary', name: 'Kristine Ramos', monthlyRate: 500, months: 12 },
  { position: 'treasurer', name: 'Paolo Cruz', monthlyRate: 1_500, months: 12 },
  ...Array.from(
    { length: 7 },
    (): HonorariumInput => ({ position: 'member', monthlyRate: 0, months: 12, vacant: true }),
  ),
];

describe.each(DIALECTS)('budget plan checks on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
  });

  afterAll(async () => {
    await t.close();
  });

  const checksOf = async (plan: BudgetPlan) => {
    const response = await call(t.app, 'GET', `/api/budget-plans/${String(plan.id)}/checks`, chair);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ checks: PlanCheck[] }>().checks;
  };

  it('fails the honoraria cap on a second chairperson row, in either order, and refuses approval', async () => {
    const results: PlanCheck[] = [];
    for (const [index, honoraria] of [
      [fakeChair, realChair, ...others],
      [realChair, ...others, fakeChair],
    ].entries()) {
      const draft = await passingPlan(t.app, official, 2061 + index);
      const plan = await savePlan(t.app, official, draft, { honoraria });
      const cap = checkOf(await checksOf(plan), 'honoraria-cap');
      expect(cap.status).toBe('fail');
      expect(cap.message).toContain('Nobody');
      expect(cap.message).toContain('Miguel Santos');
      expect(checkOf(plan.checks, 'honoraria-cap')).toEqual(cap);
      // Personal services stay within the cap: the honoraria check alone blocks approval.
      expect(checkOf(plan.checks, 'personal-services-cap').status).toBe('pass');
      const refused = await approve(t.app, chair, plan.id);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'PLAN_CHECKS_FAILING' });
      results.push(cap);
    }
    expect(results[1]).toEqual(results[0]);
  });

  it('takes a single chairperson row of 0 months (paid as a council member) as the reference rate', async () => {
    const draft = await passingPlan(t.app, official, 2063);
    const plan = await savePlan(t.app, official, draft, {
      honoraria: [{ ...realChair, monthlyRate: 1_500 }, ...others],
    });
    expect(checkOf(plan.checks, 'honoraria-cap').status).toBe('pass');
    const fails = await savePlan(t.app, official, plan, { honoraria: [realChair, ...others] });
    expect(checkOf(fails.checks, 'honoraria-cap').status).toBe('fail');
  });

  it('fails the personal services, honoraria and training checks, naming the rules, while the rules table lacks them', async () => {
    const plan = await passingPlan(t.app, official, 2064);
    try {
      await t.app.services.db.deleteFrom('budget_rules').execute();
      const checks = await checksOf(plan);
      for (const rule of ['personal-services-cap', 'training-cap'] as const) {
        const found = checkOf(checks, rule);
        expect(found.status).toBe('fail');
        expect(found.facts).toMatchObject({ rule, state: 'missing', year: 2064 });
        expect(found.message).toContain(rule);
      }
      // The honoraria schedule's own rules are missing too: that check fails closed.
      const honoraria = checkOf(checks, 'honoraria-cap');
      expect(honoraria.status).toBe('fail');
      expect(honoraria.facts).toMatchObject({ chairFromFund: 'missing', positionsRule: 'missing' });
      expect(honoraria.message).toContain('chair-honorarium-sk-fund');
      expect(honoraria.message).toContain('honoraria-positions');
      const reread = await getPlan(t.app, chair, plan.id);
      expect(reread.checks.filter((c) => c.status === 'fail').map((c) => c.rule)).toEqual([
        'personal-services-cap',
        'honoraria-cap',
        'training-cap',
      ]);
      const refused = await approve(t.app, chair, plan.id);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<{ message: string }>().message).toContain('personal-services-cap');
    } finally {
      await seedBudgetRules(t.app.services.db);
    }
    expect((await approve(t.app, chair, plan.id)).statusCode).toBe(200);
  });

  it('shows a plan of a year before the caps took effect that no cap applied, with the source', async () => {
    const plan = await passingPlan(t.app, official, 2022);
    for (const [rule, source] of [
      ['personal-services-cap', PLAN_CITATIONS.personalServicesCap],
      ['training-cap', PLAN_CITATIONS.trainingCap],
    ] as const) {
      const found = checkOf(plan.checks, rule);
      expect(found).toMatchObject({
        status: 'pass',
        source,
        facts: { rule, state: 'before', year: 2022, from: 2023, cap: null },
      });
      expect(found.message).toContain('2023');
      expect(checkOf(await checksOf(plan), rule)).toEqual(found);
    }
    // The browser evaluates the same checks from the rules the plan carries.
    expect(plan.rules.map((r) => [r.rule, r.effectiveYear])).toContainEqual([
      'personal-services-cap',
      2023,
    ]);
  });
});
