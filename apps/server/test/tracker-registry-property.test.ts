import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { propertyRuns } from '../../../test-utils/property-runs.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { api, disbursement, overview, postedPlan } from './tracker-helpers.ts';
import { commitment } from './tracker-registry-helpers.ts';

/**
 * As a property: whatever sequence of commitments, payments against them or
 * without one, edits, deletions and cancellations the council sends (some over a balance, some
 * dated before their commitment, some against another item's or class's commitment), no line is
 * ever left with payments against a commitment past it, a payment against a cancelled one, or
 * commitments (and payments made without one) past its appropriation, class by class. Checked
 * after every step from the tables themselves, not through the code under test.
 */

const YEAR = 2041;
const TODAY = `${String(YEAR)}-12-31`;

const amount = fc.integer({ min: 1, max: 2_500_000 }).map((c) => c / 100);
const cls = fc.constantFrom('MOOE' as const, 'MOOE' as const, 'CO' as const);
const day = fc.integer({ min: 0, max: 364 });
const command = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('commit' as const), item: fc.nat(), cls, amount, day }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('pay' as const),
      item: fc.nat(),
      cls,
      amount,
      day,
      against: fc.option(fc.nat(), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('edit' as const),
      k: fc.nat(),
      amount,
      against: fc.option(fc.nat(), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), k: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), k: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const dateOf = (n: number) =>
  new Date(Date.UTC(YEAR, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('commitments and payments never pass their limits, on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let items: { id: number; MOOE: number; CO: number }[] = [];
  const runs = dialect === 'sqlite' ? 20 : 10;

  beforeAll(async () => {
    // The demo data is seeded around the clock's year; the cases play in a later one, on its
    // last day (every date of the year is past).
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-03-01T04:00:00.000Z')),
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    t.clock.set(new Date(`${TODAY}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
    await postedPlan(t.app, chair, YEAR);
    items = (await overview(t.app, chair, YEAR)).items
      .filter((i) => i.honorariaPosition === null)
      .map((i) => ({
        id: i.id,
        MOOE: Math.round(i.appropriatedByClass.MOOE * 100),
        CO: Math.round(i.appropriatedByClass.CO * 100),
      }));
    expect(items.length).toBeGreaterThan(1);
  });

  afterAll(async () => {
    await t.close();
  });

  async function clear(): Promise<void> {
    const db = t.app.services.db;
    const ids = items.map((i) => i.id);
    await db.deleteFrom('tracker_disbursements').where('item_id', 'in', ids).execute();
    await db.deleteFrom('tracker_commitments').where('item_id', 'in', ids).execute();
  }

  /** Every broken limit, read from the tables. */
  async function violations(): Promise<string[]> {
    const db = t.app.services.db;
    const ids = items.map((i) => i.id);
    const commitments = await db
      .selectFrom('tracker_commitments')
      .selectAll()
      .where('item_id', 'in', ids)
      .execute();
    const payments = await db
      .selectFrom('tracker_disbursements')
      .selectAll()
      .where('item_id', 'in', ids)
      .execute();
    const found: string[] = [];
    for (const c of commitments) {
      const against = payments.filter((p) => p.commitment_id === c.id);
      const paid = against.reduce((sum, p) => sum + p.amount_cents, 0);
      if (paid > c.amount_cents) {
        found.push(`commitment ${String(c.id)}: ${String(paid)} paid of ${String(c.amount_cents)}`);
      }
      // A payment reversed (an edit or a deletion writes an entry of the opposite amount) nets
      // to nothing: a commitment cancelled after it holds no payment.
      if (c.cancelled_at !== null && paid !== 0) {
        found.push(`commitment ${String(c.id)} cancelled with payments`);
      }
      for (const p of against) {
        if (p.item_id !== c.item_id || p.expense_class !== c.expense_class) {
          found.push(`payment ${String(p.id)} against another line's commitment`);
        }
        if (p.disbursed_on < c.committed_on) {
          found.push(`payment ${String(p.id)} before its commitment`);
        }
      }
    }
    for (const item of items) {
      for (const k of ['MOOE', 'CO'] as const) {
        const active = commitments
          .filter((c) => c.item_id === item.id && c.expense_class === k && c.cancelled_at === null)
          .reduce((sum, c) => sum + c.amount_cents, 0);
        const own = payments.filter((p) => p.item_id === item.id && p.expense_class === k);
        const direct = own
          .filter((p) => p.commitment_id === null)
          .reduce((sum, p) => sum + p.amount_cents, 0);
        const paid = own.reduce((sum, p) => sum + p.amount_cents, 0);
        if (active + direct > item[k] || paid > item[k]) {
          found.push(
            `item ${String(item.id)} ${k}: ${String(active)} committed, ${String(direct)} paid directly, ${String(paid)} paid, ${String(item[k])} appropriated`,
          );
        }
      }
    }
    return found;
  }

  async function ids(table: 'tracker_commitments' | 'tracker_disbursements'): Promise<number[]> {
    const rows = await t.app.services.db
      .selectFrom(table)
      .select('id')
      .where(
        'item_id',
        'in',
        items.map((i) => i.id),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  const pick = (list: number[], n: number) => list[n % Math.max(1, list.length)];

  async function run(step: Command): Promise<LightMyRequestResponse | null> {
    const item = items[('item' in step ? step.item : 0) % items.length];
    if (!item) {
      return null;
    }
    switch (step.t) {
      case 'commit':
        return api(
          t.app,
          'POST',
          `/api/tracker/items/${String(item.id)}/commitments`,
          chair,
          commitment(step.amount, dateOf(step.day), { expenseClass: step.cls }),
        );
      case 'pay': {
        const against =
          step.against === null ? null : pick(await ids('tracker_commitments'), step.against);
        return api(t.app, 'POST', `/api/tracker/items/${String(item.id)}/disbursements`, chair, {
          ...disbursement(step.amount, dateOf(step.day), { expenseClass: step.cls }),
          commitmentId: against ?? null,
        });
      }
      case 'edit': {
        const id = pick(await ids('tracker_disbursements'), step.k);
        if (id === undefined) {
          return null;
        }
        const old = await t.app.services.db
          .selectFrom('tracker_disbursements')
          .select(['expense_class'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const against =
          step.against === null ? null : pick(await ids('tracker_commitments'), step.against);
        return api(t.app, 'PUT', `/api/tracker/disbursements/${String(id)}`, chair, {
          ...disbursement(step.amount, TODAY, { expenseClass: old.expense_class }),
          commitmentId: against ?? null,
        });
      }
      case 'delete': {
        const id = pick(await ids('tracker_disbursements'), step.k);
        return id === undefined
          ? null
          : api(t.app, 'DELETE', `/api/tracker/disbursements/${String(id)}`, chair);
      }
      case 'cancel': {
        const id = pick(await ids('tracker_commitments'), step.k);
        return id === undefined
          ? null
          : api(t.app, 'POST', `/api/tracker/commitments/${String(id)}/cancel`, chair);
      }
    }
  }

  it.each(propertyRuns(runs))(
    'holds over random commitments, payments, edits and cancellations (%s)',
    async (_label, params) => {
      let accepted = 0;
      const property = fc.asyncProperty(
        fc.array(command, { minLength: 5, maxLength: 20, size: 'max' }),
        async (steps) => {
          await clear();
          for (const step of steps) {
            const answer = await run(step);
            if (answer) {
              // A refusal is an answer (404 a cancelled-away id, 422 a rule); never a crash.
              expect([200, 404, 422], `${step.t}: ${answer.body}`).toContain(answer.statusCode);
              accepted += answer.statusCode === 200 ? 1 : 0;
            }
            expect(await violations(), `after ${step.t}`).toEqual([]);
          }
        },
      );
      await fc.assert(property, {
        ...params,
        interruptAfterTimeLimit: 200_000,
        markInterruptAsFailure: true,
      });
      // The cases reach the rules' edges, not only refusals.
      expect(accepted).toBeGreaterThan(0);
    },
    240_000,
  );
});
