import {
  honorariaReferenceCode,
  type BudgetPlan,
  type ExpenseClass,
  type PlanLineInput,
  type PlanSummary,
  type SavedPlanLine,
} from '@sk-tanaw/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { propertyRuns } from '../../../test-utils/property-runs.ts';
import { approve, call, post, saveBody } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { api, disbursement, overview, postedPlan } from './tracker-helpers.ts';
import { clearPlanYear } from './clear-plan-year.ts';

/**
 * As a property: whatever sequence of saves, revisions, approvals, postings and
 * disbursements (added, edited, deleted; some dated in the future or another year) the council
 * sends, no tracked item is ever disbursed past what the newest posted version appropriates for
 * it, class by class, and a line dropped from it keeps no disbursement. Checked after every step
 * from the tables themselves, not through the code under test.
 */

/** The year every case plays in; today is its last day (every date of the year is past). */
const YEAR = 2040;
const TODAY = `${String(YEAR)}-12-31`;

const amount = fc.integer({ min: 1, max: 1_000_000 }).map((c) => c / 100);
/** Mostly MOOE, which every line of the plan has; PS (no line has any) is always refused. */
const expenseClass = fc.constantFrom('MOOE', 'MOOE', 'MOOE', 'CO', 'CO', 'PS');
const pay = fc.record({
  t: fc.constant('pay' as const),
  item: fc.nat(),
  cls: expenseClass,
  amount,
  // Days from 1 January: a few fall in the next year (after today, and outside the plan year).
  day: fc.integer({ min: 0, max: 370 }),
});
const edit = fc.record({
  t: fc.constant('edit' as const),
  k: fc.nat(),
  amount,
  cls: expenseClass,
});
const save = fc.record({
  t: fc.constant('save' as const),
  changes: fc.array(
    fc.record({
      line: fc.nat(),
      mooe: fc.integer({ min: 0, max: 15_000 }),
      co: fc.integer({ min: 0, max: 4_000 }),
      what: fc.constantFrom('amounts', 'amounts', 'amounts', 'rename', 'drop'),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  add: fc.option(fc.integer({ min: 0, max: 15_000 })),
});
const command = fc.oneof(
  { weight: 5, arbitrary: pay },
  { weight: 1, arbitrary: edit },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), k: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('revise' as const),
      kind: fc.constantFrom('realignment' as const, 'supplemental' as const),
    }),
  },
  { weight: 3, arbitrary: save },
  { weight: 2, arbitrary: fc.constant({ t: 'approve' as const }) },
  { weight: 2, arbitrary: fc.constant({ t: 'post' as const }) },
  // A whole new version in a row: revise, save, approve, post (each step checked).
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('version' as const),
      kind: fc.constantFrom('realignment' as const, 'supplemental' as const),
      save,
    }),
  },
);
type Command = Exclude<typeof command extends fc.Arbitrary<infer C> ? C : never, { t: 'version' }>;
type AnyCommand = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** The calls a command makes, one step each. */
const stepsOf = (command: AnyCommand): Command[] =>
  command.t === 'version'
    ? [{ t: 'revise', kind: command.kind }, command.save, { t: 'approve' }, { t: 'post' }]
    : [command];

const dateOf = (day: number) =>
  new Date(Date.UTC(YEAR, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('the appropriation never falls below what was paid, on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let barangayId: number;
  const runs = dialect === 'sqlite' ? 20 : 10;
  let renames = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date(`${TODAY}T04:00:00.000Z`)),
      // Every case makes dozens of calls within the frozen minute of the test clock.
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    chair = await loginAs(t.app, 'SKC', 'SB');
    const row = await t.app.services.db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    barangayId = row.id;
  });

  afterAll(async () => {
    await t.close();
  });

  /** Removes the year's plans and tracker rows, so every case starts from nothing. */
  const clearYear = () => clearPlanYear(t.app.services.db, [barangayId], YEAR);

  /** Every class of every item disbursed past the newest posted version's appropriation. */
  async function violations(): Promise<string[]> {
    const db = t.app.services.db;
    const newest = await db
      .selectFrom('budget_plans')
      .select('id')
      .where('barangay_id', '=', barangayId)
      .where('year', '=', YEAR)
      .where('posted_at', 'is not', null)
      .orderBy('amendment', 'desc')
      .executeTakeFirstOrThrow();
    const lines = await db
      .selectFrom('budget_plan_lines')
      .select(['reference_code', 'ps', 'mooe', 'co'])
      .where('plan_id', '=', newest.id)
      .execute();
    const appropriated = new Map(
      lines.map((l) => [l.reference_code, { PS: l.ps, MOOE: l.mooe, CO: l.co }]),
    );
    // The honoraria schedule: each position's scheduled total is its item's PS appropriation.
    const honoraria = await db
      .selectFrom('budget_plan_honoraria')
      .select(['position', 'monthly_rate', 'months'])
      .where('plan_id', '=', newest.id)
      .execute();
    for (const h of honoraria) {
      const code = honorariaReferenceCode(YEAR, h.position);
      const given = appropriated.get(code) ?? { PS: 0, MOOE: 0, CO: 0 };
      given.PS += h.monthly_rate * h.months;
      appropriated.set(code, given);
    }
    const paid = await db
      .selectFrom('tracker_disbursements as d')
      .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
      .select(['i.reference_code', 'd.expense_class', 'd.disbursed_on', 'd.amount_cents'])
      .where('i.barangay_id', '=', barangayId)
      .where('i.year', '=', YEAR)
      .execute();
    const sums = new Map<string, number>();
    const found: string[] = [];
    for (const d of paid) {
      const key = `${d.reference_code} ${d.expense_class}`;
      sums.set(key, (sums.get(key) ?? 0) + d.amount_cents);
      if (!d.disbursed_on.startsWith(`${String(YEAR)}-`) || d.disbursed_on > TODAY) {
        found.push(`${key} dated ${d.disbursed_on}`);
      }
    }
    for (const [key, sum] of sums) {
      const [code = '', cls = 'PS'] = key.split(' ');
      const limit = appropriated.get(code)?.[cls as ExpenseClass] ?? 0;
      if (sum > limit) {
        found.push(`${key}: ${String(sum)} paid, ${String(limit)} appropriated`);
      }
    }
    return found;
  }

  async function plansNow(): Promise<PlanSummary[]> {
    const response = await call(t.app, 'GET', `/api/budget-plans?year=${String(YEAR)}`, chair);
    return response.json<{ plans: PlanSummary[] }>().plans;
  }

  async function plan(status: PlanSummary['status']): Promise<BudgetPlan | undefined> {
    const found = (await plansNow()).find((p) => p.status === status);
    if (!found) {
      return undefined;
    }
    const response = await call(t.app, 'GET', `/api/budget-plans/${String(found.id)}`, chair);
    return response.json<{ plan: BudgetPlan }>().plan;
  }

  async function disbursementIds(): Promise<number[]> {
    const rows = await t.app.services.db
      .selectFrom('tracker_disbursements as d')
      .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
      .select('d.id')
      .where('i.barangay_id', '=', barangayId)
      .where('i.year', '=', YEAR)
      // The payments standing: an edit or deletion reverses a payment (an entry beside it).
      .where('d.reversed_at', 'is', null)
      .where('d.reverses_id', 'is', null)
      .orderBy('d.id')
      .execute();
    return rows.map((r) => r.id);
  }

  function edited(lines: SavedPlanLine[], step: Extract<Command, { t: 'save' }>) {
    let next: (SavedPlanLine | PlanLineInput)[] = [...lines];
    for (const change of step.changes) {
      const at = change.line % Math.max(1, next.length);
      const line = next[at];
      if (!line || line.training) {
        continue; // The training line stays as it is (its cap is a plan check of its own).
      }
      if (change.what === 'drop') {
        next = next.filter((_, i) => i !== at);
      } else if (change.what === 'rename') {
        renames += 1;
        next[at] = { ...line, referenceCode: `${String(YEAR)}-RENAMED-${String(renames)}` };
      } else {
        next[at] = { ...line, mooe: change.mooe, co: change.co };
      }
    }
    if (step.add !== null && next.length < 4) {
      const n = next.length;
      next.push({ program: 'YDEP', centre: 'Health', ppa: `Added ${String(n)}`, mooe: step.add });
    }
    return next;
  }

  /** One step; the answer when there was a call to make. */
  async function run(step: Command): Promise<LightMyRequestResponse | null> {
    switch (step.t) {
      case 'pay': {
        const items = (await overview(t.app, chair, YEAR)).items;
        const item = items[step.item % items.length];
        if (!item) {
          return null;
        }
        const body = disbursement(step.amount, dateOf(step.day), { expenseClass: step.cls });
        return api(
          t.app,
          'POST',
          `/api/tracker/items/${String(item.id)}/disbursements`,
          chair,
          body,
        );
      }
      case 'edit':
      case 'delete': {
        const ids = await disbursementIds();
        const id = ids[step.k % Math.max(1, ids.length)];
        if (id === undefined) {
          return null;
        }
        const url = `/api/tracker/disbursements/${String(id)}`;
        return step.t === 'delete'
          ? api(t.app, 'DELETE', url, chair)
          : api(
              t.app,
              'PUT',
              url,
              chair,
              disbursement(step.amount, TODAY, { expenseClass: step.cls }),
            );
      }
      case 'revise': {
        const base = (await plan('posted')) ?? (await plan('approved'));
        return base
          ? call(t.app, 'POST', `/api/budget-plans/${String(base.id)}/revise`, chair, {
              kind: step.kind,
            })
          : null;
      }
      case 'save': {
        const draft = await plan('draft');
        return draft
          ? call(
              t.app,
              'PUT',
              `/api/budget-plans/${String(draft.id)}`,
              chair,
              saveBody(draft, { lines: edited(draft.lines, step) }),
            )
          : null;
      }
      case 'approve': {
        const draft = await plan('draft');
        return draft ? approve(t.app, chair, draft.id, 'SK-2040-X') : null;
      }
      case 'post': {
        const approved = await plan('approved');
        return approved ? post(t.app, chair, approved.id) : null;
      }
    }
  }

  it.each(propertyRuns(runs))(
    'holds over random saves, versions and disbursements (%s)',
    async (_label, params) => {
      const property = fc.asyncProperty(
        fc.array(command, { minLength: 6, maxLength: 16, size: 'max' }),
        async (steps) => {
          await clearYear();
          await postedPlan(t.app, chair, YEAR);
          for (const step of steps.flatMap(stepsOf)) {
            const answer = await run(step);
            // A refusal is an answer (409 stale or a draft exists, 422 a rule); never a crash.
            if (answer) {
              expect([200, 409, 422], `${step.t}: ${answer.body}`).toContain(answer.statusCode);
            }
            expect(await violations(), `after ${step.t}`).toEqual([]);
          }
        },
      );
      // Shrinking stops before the test's time is up (a run left going would share the year).
      await fc.assert(property, {
        ...params,
        interruptAfterTimeLimit: 200_000,
        markInterruptAsFailure: true,
      });
    },
    240_000,
  );
});
