import type {
  BudgetPlan,
  CityDashboard,
  DirectoryResponse,
  PlanSubmission,
  PlanSummary,
} from '@sk-tanaw/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { propertyRuns } from '../../../test-utils/property-runs.ts';
import { approve, call, post, saveBody } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, login, loginAs, type Session, type TestApp } from './helpers.ts';
import { disbursement, overview, postedPlan } from './tracker-helpers.ts';
import { clearPlanYear } from './clear-plan-year.ts';

/**
 * One answer for the operative plan of a year (the newest posted version): whatever sequence of
 * revisions, saves, approvals, postings, submissions to the city, reviews and payments two
 * councils make, after every step the city dashboard's row, the tracker's totals, the public
 * board, and the directory's city totals agree on which version is operative and on its figures;
 * a draft or an approved amendment not yet posted shows beside the operative plan and changes none
 * of them.
 */

const YEAR = 2040;
const TODAY = `${String(YEAR)}-12-31`;
const BARANGAYS = ['SB', 'NN'] as const;

const who = fc.constantFrom(0, 1);
const command = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('revise' as const),
      b: who,
      kind: fc.constantFrom('realignment' as const, 'supplemental' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('save' as const),
      b: who,
      add: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('approve' as const), b: who }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('post' as const), b: who }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('submit' as const), b: who }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('decide' as const), b: who }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('pay' as const),
      b: who,
      amount: fc.integer({ min: 1, max: 2_000 }),
    }),
  },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;
/** Whole sequences in a row, each step checked: a new version posted, a review to its end. */
const sequence = fc.oneof(
  { weight: 3, arbitrary: command },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('version' as const),
      b: who,
      kind: fc.constantFrom('realignment' as const, 'supplemental' as const),
      add: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('review' as const), b: who }) },
);
type Sequence = typeof sequence extends fc.Arbitrary<infer C> ? C : never;
const stepsOf = (s: Sequence): Command[] =>
  s.t === 'version'
    ? [
        { t: 'revise', b: s.b, kind: s.kind },
        { t: 'save', b: s.b, add: s.add },
        { t: 'approve', b: s.b },
        { t: 'post', b: s.b },
      ]
    : s.t === 'review'
      ? [
          { t: 'submit', b: s.b },
          { t: 'decide', b: s.b },
        ]
      : [s];

describe.each(DIALECTS)('one operative plan for every reader, on %s', (dialect) => {
  let t: TestApp;
  const chairs: Session[] = [];
  let budget: Session;
  const ids = new Map<string, number>();
  /** The amendment each barangay has posted last, as the answers to `post` said. */
  const posted = new Map<string, number>();
  const runs = dialect === 'sqlite' ? 8 : 4;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      // The demo's plans are of the clock's year and the next: start years before YEAR.
      clock: manualClock(new Date('2030-06-01T04:00:00.000Z')),
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    t.clock.set(new Date(`${TODAY}T04:00:00.000Z`));
    for (const code of BARANGAYS) {
      chairs.push(await loginAs(t.app, 'SKC', code));
      const row = await t.app.services.db
        .selectFrom('barangays')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      ids.set(code, row.id);
    }
    budget = await login(t.app, 'qc.budget');
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  /** Removes the year's plans, reviews and tracker rows of both barangays. */
  const clearYear = () => clearPlanYear(t.app.services.db, [...ids.values()], YEAR);

  async function versions(b: number): Promise<PlanSummary[]> {
    const response = await call(
      t.app,
      'GET',
      `/api/budget-plans?year=${String(YEAR)}`,
      chairs[b] ?? null,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ plans: PlanSummary[] }>().plans;
  }
  const inState = async (b: number, status: string) =>
    (await versions(b)).find((p) => p.status === status);
  async function full(b: number, id: number): Promise<BudgetPlan> {
    const response = await call(t.app, 'GET', `/api/budget-plans/${String(id)}`, chairs[b] ?? null);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ plan: BudgetPlan }>().plan;
  }

  async function run(step: Command): Promise<LightMyRequestResponse | null> {
    const chair = chairs[step.b] as Session;
    const code = BARANGAYS[step.b];
    switch (step.t) {
      case 'revise': {
        const list = await versions(step.b);
        const base =
          list.find((p) => p.status === 'approved') ?? list.find((p) => p.status === 'posted');
        return base
          ? call(t.app, 'POST', `/api/budget-plans/${String(base.id)}/revise`, chair, {
              kind: step.kind,
            })
          : null;
      }
      case 'save': {
        const draft = await inState(step.b, 'draft');
        if (!draft) {
          return null;
        }
        const plan = await full(step.b, draft.id);
        const lines = plan.lines.map((l, i) => (i === 0 ? { ...l, mooe: l.mooe + step.add } : l));
        return call(
          t.app,
          'PUT',
          `/api/budget-plans/${String(plan.id)}`,
          chair,
          saveBody(plan, { lines }),
        );
      }
      case 'approve': {
        const draft = await inState(step.b, 'draft');
        return draft ? approve(t.app, chair, draft.id, `SK-${code}-${String(draft.id)}`) : null;
      }
      case 'post': {
        const approved = await inState(step.b, 'approved');
        if (!approved) {
          return null;
        }
        const answer = await post(t.app, chair, approved.id);
        if (answer.statusCode === 200) {
          posted.set(code, answer.json<{ plan: BudgetPlan }>().plan.amendment);
        }
        return answer;
      }
      case 'submit': {
        const list = await versions(step.b);
        const adopted =
          list.find((p) => p.status === 'approved') ?? list.find((p) => p.status === 'posted');
        if (!adopted) {
          return null;
        }
        await t.app.services.db
          .updateTable('budget_plans')
          .set({ resolution_stored_name: `resolution-${String(adopted.id)}.pdf` })
          .where('id', '=', adopted.id)
          .where('resolution_stored_name', 'is', null)
          .execute();
        return call(t.app, 'POST', `/api/budget-plans/${String(adopted.id)}/submit`, chair, {});
      }
      case 'decide': {
        const queue = await call(t.app, 'GET', '/api/city/plan-reviews', budget);
        const open = queue
          .json<{ submissions: PlanSubmission[] }>()
          .submissions.find(
            (s) =>
              s.barangay.code === code &&
              s.year === YEAR &&
              (s.state === 'submitted' || s.state === 'under_review'),
          );
        if (!open) {
          return null;
        }
        if (open.state === 'submitted') {
          await call(t.app, 'POST', `/api/city/plan-reviews/${String(open.id)}/start`, budget);
        }
        return call(t.app, 'POST', `/api/city/plan-reviews/${String(open.id)}/decide`, budget, {
          outcome: 'operative',
          sanggunianResolutionNumber: `SP-${String(open.id)}`,
          sanggunianResolutionDate: TODAY,
        });
      }
      case 'pay': {
        const tracker = await overview(t.app, chair, YEAR);
        const item = tracker.items.find((i) => i.appropriatedByClass.MOOE > 0);
        return item
          ? call(
              t.app,
              'POST',
              `/api/tracker/items/${String(item.id)}/disbursements`,
              chair,
              disbursement(step.amount, TODAY),
            )
          : null;
      }
    }
  }

  /** What the four readers say, and where they disagree. */
  async function disagreements(): Promise<string[]> {
    const found: string[] = [];
    const dashboard = (
      await call(t.app, 'GET', `/api/city/dashboard?year=${String(YEAR)}`, budget)
    ).json<CityDashboard>();
    for (const [b, code] of BARANGAYS.entries()) {
      const chair = chairs[b] as Session;
      const row = dashboard.rows.find((r) => r.code === code);
      const tracker = await overview(t.app, chair, YEAR);
      const board = await t.app.inject({ method: 'GET', url: `/api/public/disclosure/${code}` });
      const boardPlan = board
        .json<{
          plans: {
            year: number;
            amendment: number;
            totals: { tenPercentShare: number; appropriations: number };
          }[];
        }>()
        .plans.find((p) => p.year === YEAR);
      const list = await versions(b);
      const newest = list.reduce<PlanSummary | undefined>(
        (a, p) => (a && a.amendment >= p.amendment ? a : p),
        undefined,
      );
      const operative = posted.get(code);
      const say = (what: string) => found.push(`${code}: ${what}`);
      if (tracker.plan?.amendment !== operative) {
        say(`tracker on amendment ${String(tracker.plan?.amendment)}, posted ${String(operative)}`);
      }
      if (boardPlan?.amendment !== operative) {
        say(`board on amendment ${String(boardPlan?.amendment)}, posted ${String(operative)}`);
      }
      if (!row) {
        say('no dashboard row');
        continue;
      }
      if (row.plan.state !== 'posted') {
        say(`dashboard state ${row.plan.state} with a posted plan`);
      }
      if (row.appropriated !== tracker.totals.appropriated) {
        say(
          `dashboard appropriates ${String(row.appropriated)}, tracker ${String(tracker.totals.appropriated)}`,
        );
      }
      if (row.appropriated !== boardPlan?.totals.appropriations) {
        say(
          `dashboard appropriates ${String(row.appropriated)}, board ${String(boardPlan?.totals.appropriations)}`,
        );
      }
      if (row.disbursed !== tracker.totals.disbursed) {
        say(
          `dashboard disbursed ${String(row.disbursed)}, tracker ${String(tracker.totals.disbursed)}`,
        );
      }
      if (row.skFund !== boardPlan?.totals.tenPercentShare) {
        say(
          `dashboard SK fund ${String(row.skFund)}, board ${String(boardPlan?.totals.tenPercentShare)}`,
        );
      }
      // An amendment in the works shows beside the operative plan, never instead of it.
      const expected =
        newest && newest.amendment !== operative && newest.status !== 'posted'
          ? { version: newest.amendment, state: newest.status }
          : null;
      if (JSON.stringify(row.amendmentInProgress) !== JSON.stringify(expected)) {
        say(
          `amendment in progress ${JSON.stringify(row.amendmentInProgress)}, expected ${JSON.stringify(expected)}`,
        );
      }
    }
    // The directory's Quezon City totals are the dashboard's rows with a posted plan.
    const directory = (
      await t.app.inject({ method: 'GET', url: '/api/public/directory' })
    ).json<DirectoryResponse>();
    const qc = directory.cities.find((c) => c.city === 'Quezon City');
    const postedRows = dashboard.rows.filter((r) => r.plan.state === 'posted');
    const fund = Math.round(postedRows.reduce((s, r) => s + (r.skFund ?? 0), 0) * 100) / 100;
    if (qc?.posted !== postedRows.length || qc.skFund !== fund) {
      found.push(
        `directory ${String(qc?.posted)} posted, SK fund ${String(qc?.skFund)}; dashboard ${String(postedRows.length)}, ${String(fund)}`,
      );
    }
    return found;
  }

  it.each(propertyRuns(runs))(
    'agree after every revision, approval, posting, review and payment (%s)',
    async (_label, params) => {
      const property = fc.asyncProperty(
        fc.array(sequence, { minLength: 4, maxLength: 10, size: 'max' }),
        async (steps) => {
          await clearYear();
          posted.clear();
          for (const [b, code] of BARANGAYS.entries()) {
            const plan = await postedPlan(t.app, chairs[b] as Session, YEAR);
            posted.set(code, plan.amendment);
          }
          expect(await disagreements(), 'at the start').toEqual([]);
          for (const step of steps.flatMap(stepsOf)) {
            const answer = await run(step);
            // A refusal is an answer (409 a draft exists or stale, 422 a rule); never a crash.
            if (answer) {
              expect([200, 409, 422], `${step.t}: ${answer.body}`).toContain(answer.statusCode);
            }
            expect(await disagreements(), `after ${JSON.stringify(step)}`).toEqual([]);
          }
        },
      );
      await fc.assert(property, {
        ...params,
        interruptAfterTimeLimit: 200_000,
        markInterruptAsFailure: true,
      });
    },
    240_000,
  );
});
