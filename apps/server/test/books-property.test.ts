import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { FIXED_SEED, propertyRuns } from '../../../test-utils/property-runs.ts';
import {
  addOfficial,
  checkPayment,
  draftBody,
  giveDuty,
  voucherUrl,
  vouchersUrl,
} from './books-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { CARAVAN_LINE, HUB_LINE, api, overview, postedPlan } from './tracker-helpers.ts';
import { commitment } from './tracker-registry-helpers.ts';
import type { PlanLineInput, Registry } from '@sk-tanaw/contract';
import { TRAINING_LINE } from './budget-plans-helpers.ts';

/**
 * As a property: whatever sequence of commitments, vouchers (of a commitment or of an item's
 * class), certifications, approvals, payments, cancellations and reversals the council sends,
 * at every step, per line and class: paid <= obligated (commitments not cancelled and vouchers
 * without one) <= appropriated; no commitment holds vouchers past it; every reversed voucher has
 * exactly one reversal entry of the opposite amount; no row is ever deleted; and the tracker's
 * figures equal the sum of the paid vouchers standing (not reversed, not reversal entries).
 * Mixed in, the treasurer's receipts, deposits, bank memos and their reversals: at every step the
 * RCB's cash in bank equals the receipts credited to the account less every payment (to the
 * centavo), the RCRD's cash on hand is never below zero, and the Budget Monitoring Officer's
 * registry (RBCPB) shows the same commitments and payments per line and class as the tracker.
 * Object by object too: the health caravan's plan line itemises its MOOE and CO, and each step
 * names one of its objects, another object of the class, or (a commitment) none; at every step
 * no object of the line is obligated past its appropriation nor paid past its obligations, no
 * obligation stands on an object the line does not appropriate, and the registry's objects add
 * up to its line. Checked from the tables themselves, and the figures through the tracker's and
 * books' API.
 */

const YEAR = 2041;
const TODAY = `${String(YEAR)}-12-31`;

const amount = fc.integer({ min: 1, max: 2_500_000 }).map((c) => c / 100);
const cls = fc.constantFrom('MOOE' as const, 'MOOE' as const, 'CO' as const);
/** The caravan's objects, in pesos (the line's MOOE and CO, itemised). */
const CARAVAN_OBJECTS = {
  '5-02-03-050': 12_000,
  '5-02-03-990': 18_000,
  '1-07-05-030': 6_000,
  '1-07-05-990': 4_000,
} as const;
const caravanObjects = new Map<string, number>(Object.entries(CARAVAN_OBJECTS));
/** What a step names: one of the caravan's objects of the class, another account, or none. */
const OBJECT_CHOICES = {
  MOOE: ['5-02-03-050', '5-02-03-990', '5-02-03-010'],
  CO: ['1-07-05-030', '1-07-05-990', '1-07-07-010'],
} as const;
const object = fc.nat({ max: 3 });
const PLAN: PlanLineInput[] = [
  TRAINING_LINE,
  {
    ...CARAVAN_LINE,
    objects: Object.entries(CARAVAN_OBJECTS).map(([code, amount]) => ({ code, amount })),
  },
  HUB_LINE,
];
const command = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('commit' as const),
      item: fc.nat(),
      cls,
      amount,
      object,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('draft' as const),
      item: fc.nat(),
      cls,
      amount,
      object,
      against: fc.option(fc.nat(), { nil: null }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('advance' as const), k: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reverse' as const), k: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), k: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('cash' as const),
      kind: fc.constantFrom(
        'transfer' as const,
        'transfer' as const,
        'collection' as const,
        'deposit' as const,
        'bank-credit' as const,
        'bank-debit' as const,
      ),
      month: fc.integer({ min: 1, max: 12 }),
      amount,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('uncash' as const), k: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** The object a step names (a voucher always names one: its commitment's when it has one). */
const named = (k: 'MOOE' | 'CO', n: number): string | null => OBJECT_CHOICES[k][n] ?? null;

describe.each(DIALECTS)('vouchers never pass their limits, on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let treasurer: Session;
  let monitor: Session;
  let items: { id: number; ppa: string; MOOE: number; CO: number }[] = [];
  let barangayId = 0;
  const runs = dialect === 'sqlite' ? 15 : 8;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-03-01T04:00:00.000Z')),
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    const treasurerAccount = await addOfficial(t, 'SB', 'sb.cashier');
    const monitorAccount = await addOfficial(t, 'SB', 'sb.watcher');
    t.clock.set(new Date(`${TODAY}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
    await postedPlan(t.app, chair, YEAR, PLAN);
    await giveDuty(t, chair, 'treasurer', treasurerAccount.id);
    await giveDuty(t, chair, 'bmo', monitorAccount.id);
    treasurer = await treasurerAccount.session();
    monitor = await monitorAccount.session();
    items = (await overview(t.app, chair, YEAR)).items
      .filter((i) => i.honorariaPosition === null)
      .map((i) => ({
        id: i.id,
        ppa: i.ppa,
        MOOE: Math.round(i.appropriatedByClass.MOOE * 100),
        CO: Math.round(i.appropriatedByClass.CO * 100),
      }));
    expect(items.length).toBeGreaterThan(1);
    barangayId = (
      await t.app.services.db
        .selectFrom('barangays')
        .select('id')
        .where('code', '=', 'SB')
        .executeTakeFirstOrThrow()
    ).id;
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  async function clear(): Promise<void> {
    const db = t.app.services.db;
    const ids = items.map((i) => i.id);
    await db.deleteFrom('tracker_disbursements').where('item_id', 'in', ids).execute();
    await db.deleteFrom('tracker_commitments').where('item_id', 'in', ids).execute();
  }

  const rows = async () =>
    t.app.services.db
      .selectFrom('tracker_disbursements')
      .selectAll()
      .where(
        'item_id',
        'in',
        items.map((i) => i.id),
      )
      .orderBy('id')
      .execute();

  /** Every broken limit, read from the tables and the tracker's figures. */
  async function violations(): Promise<string[]> {
    const db = t.app.services.db;
    const commitments = await db
      .selectFrom('tracker_commitments')
      .selectAll()
      .where(
        'item_id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    const vouchers = await rows();
    const held = vouchers.filter((v) => v.status !== 'cancelled');
    const paid = vouchers.filter((v) => v.status === 'paid');
    const found: string[] = [];
    for (const c of commitments) {
      const on = held.filter((v) => v.commitment_id === c.id);
      const sum = on.reduce((s, v) => s + v.amount_cents, 0);
      if (sum > c.amount_cents) {
        found.push(
          `commitment ${String(c.id)}: vouchers of ${String(sum)} on ${String(c.amount_cents)}`,
        );
      }
      if (c.cancelled_at !== null && sum !== 0) {
        found.push(`commitment ${String(c.id)} cancelled under vouchers`);
      }
    }
    for (const v of vouchers) {
      if (v.status === 'paid' && v.reversed_at !== null) {
        const entries = vouchers.filter((r) => r.reverses_id === v.id);
        if (entries.length !== 1 || entries[0]?.amount_cents !== -v.amount_cents) {
          found.push(`voucher ${String(v.id)} reversed without one opposite entry`);
        }
      }
    }
    const figures = await overview(t.app, chair, YEAR);
    const registryAnswer = await api(
      t.app,
      'GET',
      `/api/tracker/registry?year=${String(YEAR)}`,
      monitor,
    );
    expect(registryAnswer.statusCode, registryAnswer.body).toBe(200);
    const { registry } = registryAnswer.json<{ registry: Registry }>();
    for (const item of items) {
      const summary = figures.items.find((i) => i.id === item.id);
      for (const k of ['MOOE', 'CO'] as const) {
        const mine = (list: typeof vouchers) =>
          list.filter((v) => v.item_id === item.id && v.expense_class === k);
        const paidSum = mine(paid).reduce((s, v) => s + v.amount_cents, 0);
        const committed = commitments
          .filter((c) => c.item_id === item.id && c.expense_class === k && c.cancelled_at === null)
          .reduce((s, c) => s + c.amount_cents, 0);
        const direct = mine(held)
          .filter((v) => v.commitment_id === null)
          .reduce((s, v) => s + v.amount_cents, 0);
        if (paidSum > committed + direct || committed + direct > item[k]) {
          found.push(
            `item ${String(item.id)} ${k}: paid ${String(paidSum)}, obligated ${String(committed + direct)}, appropriated ${String(item[k])}`,
          );
        }
        const standing = mine(paid)
          .filter((v) => v.reversed_at === null && v.reverses_id === null)
          .reduce((s, v) => s + v.amount_cents, 0);
        const shown = Math.round((summary?.disbursedByClass[k] ?? 0) * 100);
        if (shown !== paidSum || shown !== standing) {
          found.push(
            `item ${String(item.id)} ${k}: tracker shows ${String(shown)}, paid ${String(paidSum)}, standing ${String(standing)}`,
          );
        }
        const line = registry.lines.find((l) => l.itemId === item.id && l.expenseClass === k);
        const listed = {
          paid: Math.round((line?.paid ?? 0) * 100),
          committed: Math.round((line?.committed ?? 0) * 100),
        };
        // The registry records an obligation when it is made: a commitment, or a voucher paid
        // without one; a voucher without one still on its way is held by the guard, not listed.
        const directPaid = mine(paid)
          .filter((v) => v.commitment_id === null)
          .reduce((s, v) => s + v.amount_cents, 0);
        if (listed.paid !== paidSum || listed.committed !== committed + directPaid) {
          found.push(
            `item ${String(item.id)} ${k}: registry ${JSON.stringify(listed)}, tracker paid ${String(paidSum)}, committed ${String(committed + directPaid)}`,
          );
        }
      }
    }
    found.push(...objectViolations(commitments, held, paid, registry));
    found.push(...(await cashViolations()));
    return found;
  }

  /**
   * Object by object. From the tables, on the caravan (whose line itemises both classes): what
   * is obligated of each object (commitments not cancelled, vouchers without one not cancelled)
   * stays within the object's appropriation, on an object the line names; what is paid of each
   * object stays within what is obligated of it. From the registry, on every line: each object's
   * paid <= committed <= appropriated (an object with nothing appropriated holds nothing), and
   * the objects add up to the line.
   */
  function objectViolations(
    commitments: {
      id: number;
      item_id: number;
      object_code: string | null;
      amount_cents: number;
      cancelled_at: string | null;
    }[],
    held: Awaited<ReturnType<typeof rows>>,
    paid: Awaited<ReturnType<typeof rows>>,
    registry: Registry,
  ): string[] {
    const found: string[] = [];
    const caravan = items.find((i) => i.ppa === 'Health caravan');
    if (caravan) {
      const commitmentObject = new Map(commitments.map((c) => [c.id, c.object_code]));
      const obligated = new Map<string, number>();
      const paidOf = new Map<string, number>();
      const add = (map: Map<string, number>, code: string | null, cents: number) =>
        map.set(code ?? 'none', (map.get(code ?? 'none') ?? 0) + cents);
      for (const c of commitments) {
        if (c.item_id === caravan.id && c.cancelled_at === null) {
          add(obligated, c.object_code, c.amount_cents);
        }
      }
      for (const v of held) {
        if (v.item_id === caravan.id && v.commitment_id === null) {
          add(obligated, v.object_code, v.amount_cents);
        }
      }
      for (const v of paid) {
        if (v.item_id !== caravan.id) {
          continue;
        }
        const own = v.commitment_id === null ? null : commitmentObject.get(v.commitment_id);
        if (v.commitment_id !== null && v.object_code !== null && own && v.object_code !== own) {
          found.push(`voucher ${String(v.id)} on ${v.object_code} pays a commitment on ${own}`);
        }
        add(paidOf, v.object_code ?? own ?? null, v.amount_cents);
      }
      for (const [code, cents] of obligated) {
        const budget = Math.round((caravanObjects.get(code) ?? 0) * 100);
        if (cents > 0 && cents > budget) {
          found.push(`caravan ${code}: obligated ${String(cents)} of ${String(budget)}`);
        }
      }
      for (const [code, cents] of paidOf) {
        if (cents > (obligated.get(code) ?? 0)) {
          found.push(
            `caravan ${code}: paid ${String(cents)}, obligated ${String(obligated.get(code) ?? 0)}`,
          );
        }
      }
    }
    for (const line of registry.lines) {
      const c = (n: number) => Math.round(n * 100);
      for (const o of line.objects) {
        if (c(o.paid) > c(o.committed) || c(o.committed) > c(o.appropriated)) {
          found.push(
            `registry ${line.referenceCode} ${o.code}: paid ${String(o.paid)}, committed ${String(o.committed)}, appropriated ${String(o.appropriated)}`,
          );
        }
      }
      const sum = (k: 'paid' | 'committed' | 'appropriated') =>
        line.objects.reduce((s, o) => s + c(o[k]), 0);
      if (
        sum('paid') !== c(line.paid) ||
        sum('committed') !== c(line.committed) ||
        sum('appropriated') !== c(line.appropriated)
      ) {
        found.push(`registry ${line.referenceCode} ${line.expenseClass}: objects do not add up`);
      }
    }
    return found;
  }

  /** The registers against the tables: bank = credits - debits - payments; cash on hand >= 0. */
  async function cashViolations(): Promise<string[]> {
    const db = t.app.services.db;
    const paid = await db
      .selectFrom('tracker_disbursements')
      .select('amount_cents')
      .where('barangay_id', '=', barangayId)
      .where('status', '=', 'paid')
      .where('disbursed_on', '<=', TODAY)
      .execute();
    const entries = await db
      .selectFrom('books_cash_entries')
      .select(['kind', 'amount_cents'])
      .where('barangay_id', '=', barangayId)
      .execute();
    const sum = (kinds: string[]) =>
      entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + Number(e.amount_cents), 0);
    const payments = paid.reduce((s, v) => s + v.amount_cents, 0);
    const bank = sum(['transfer', 'deposit', 'bank-credit']) - sum(['bank-debit']) - payments;
    const onHand = sum(['collection']) - sum(['deposit']);
    const rcb = await register('rcb');
    const rcrd = await register('rcrd');
    const found: string[] = [];
    if (Math.round(rcb.carriedForward * 100) !== bank) {
      found.push(
        `RCB carries ${String(rcb.carriedForward)}, receipts less payments ${String(bank)}`,
      );
    }
    if (Math.round(rcrd.carriedForward * 100) !== onHand || onHand < 0) {
      found.push(
        `RCRD carries ${String(rcrd.carriedForward)}, collections less deposits ${String(onHand)}`,
      );
    }
    return found;
  }

  async function register(which: 'rcb' | 'rcrd') {
    const answer = await api(
      t.app,
      'GET',
      `/api/books/registers/${which}?year=${String(YEAR)}&month=12`,
      treasurer,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ register: { carriedForward: number } }>().register;
  }

  async function ids(table: 'tracker_commitments' | 'tracker_disbursements'): Promise<number[]> {
    const found = await t.app.services.db
      .selectFrom(table)
      .select('id')
      .where(
        'item_id',
        'in',
        items.map((i) => i.id),
      )
      .orderBy('id')
      .execute();
    return found.map((r) => r.id);
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
          commitment(step.amount, `${String(YEAR)}-03-01`, {
            expenseClass: step.cls,
            objectCode: named(step.cls, step.object),
          }),
        );
      case 'draft': {
        const against =
          step.against === null
            ? null
            : (pick(await ids('tracker_commitments'), step.against) ?? null);
        const of = against
          ? await t.app.services.db
              .selectFrom('tracker_commitments')
              .select(['expense_class', 'object_code'])
              .where('id', '=', against)
              .executeTakeFirstOrThrow()
          : null;
        const k = of?.expense_class ?? step.cls;
        // Mostly its commitment's object; now and then another, which must be refused.
        const objectCode =
          (of && step.object !== 3 ? of.object_code : named(k, step.object)) ??
          OBJECT_CHOICES[k][1];
        return api(
          t.app,
          'POST',
          vouchersUrl,
          treasurer,
          draftBody(step.amount, {
            commitmentId: against,
            itemId: against ? null : item.id,
            expenseClass: k,
            objectCode,
          }),
        );
      }
      case 'advance': {
        const id = pick(await ids('tracker_disbursements'), step.k);
        if (id === undefined) {
          return null;
        }
        const row = await t.app.services.db
          .selectFrom('tracker_disbursements')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const next = {
          draft: [monitor, '/certify', {}],
          certified: [chair, '/approve', {}],
          approved: [treasurer, '/pay', checkPayment(TODAY)],
        } as const;
        const move = next[row.status as keyof typeof next] as
          | readonly [Session, string, object]
          | undefined;
        return move ? api(t.app, 'POST', voucherUrl(id, move[1]), move[0], move[2]) : null;
      }
      case 'reverse': {
        const id = pick(await ids('tracker_disbursements'), step.k);
        return id === undefined
          ? null
          : api(t.app, 'POST', voucherUrl(id, '/reverse'), treasurer, { reason: 'Property step' });
      }
      case 'cash':
        return api(t.app, 'POST', '/api/books/cash', treasurer, {
          kind: step.kind,
          date: `${String(YEAR)}-${String(step.month).padStart(2, '0')}-15`,
          reference: `P-${String(step.month)}-${String(step.amount)}`,
          party: step.kind === 'collection' ? 'Youth assembly' : '',
          particulars: 'Property step',
          amount: step.amount,
          allotmentCreditedOn: null,
        });
      case 'uncash': {
        const entries = await t.app.services.db
          .selectFrom('books_cash_entries')
          .select('id')
          .where('barangay_id', '=', barangayId)
          .orderBy('id')
          .execute();
        const id = pick(
          entries.map((e) => e.id),
          step.k,
        );
        return id === undefined
          ? null
          : api(t.app, 'POST', `/api/books/cash/${String(id)}/reverse`, treasurer, {
              reason: 'Property step',
            });
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
    'holds over random commitments, vouchers, payments and reversals (%s)',
    async (_label, params) => {
      let paidSteps = 0;
      let cashSteps = 0;
      let objectRefusals = 0;
      const property = fc.asyncProperty(
        fc.array(command, { minLength: 5, maxLength: 25, size: 'max' }),
        async (steps) => {
          await clear();
          let count = 0;
          for (const step of steps) {
            const answer = await run(step);
            if (answer?.statusCode === 200 && step.t === 'cash') {
              cashSteps += 1;
            }
            if (
              answer?.statusCode === 422 &&
              /OBJECT/.test(answer.json<{ code?: string }>().code ?? '')
            ) {
              objectRefusals += 1;
            }
            if (answer) {
              // A refusal is an answer (409 a step out of order, 422 a rule); never a crash.
              expect([200, 404, 409, 422], `${step.t}: ${answer.body}`).toContain(
                answer.statusCode,
              );
            }
            expect(await violations(), `after ${step.t}`).toEqual([]);
            // Nothing is ever deleted.
            const now = (await rows()).length;
            expect(now).toBeGreaterThanOrEqual(count);
            count = now;
          }
          paidSteps += (await rows()).filter((v) => v.pay_mode === 'check').length;
        },
      );
      await fc.assert(property, {
        ...params,
        interruptAfterTimeLimit: 200_000,
        markInterruptAsFailure: true,
      });
      // What the cases reach is a property of the generator, so it is asserted on the fixed
      // seed's cases, the same on every run: they reach payment, not only refusals, and put the
      // objects' own limits to the test. A random seed's 15 cases reach no payment about one
      // run in eight (a case pays when a draft is then certified, approved and paid, in order),
      // which says nothing of the books; its cases are still held to every limit above.
      if (params.seed === FIXED_SEED) {
        expect(paidSteps).toBeGreaterThan(0);
        expect(cashSteps).toBeGreaterThan(0);
        expect(objectRefusals).toBeGreaterThan(0);
      }
    },
    240_000,
  );
});
