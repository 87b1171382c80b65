import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLAN_MESSAGES,
  REGISTRY_MESSAGES,
  VOUCHER_MESSAGES,
  type BudgetPlan,
  type PlanLineInput,
  type Registry,
  type RegistryLine,
} from '@sk-tanaw/contract';
import { manualClock } from '../src/lib/clock.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import {
  addOfficial,
  checkPayment,
  draftBody,
  giveDuty,
  voucherOf,
  voucherUrl,
  vouchersUrl,
} from './books-helpers.ts';
import { pdfPages } from './document-helpers.ts';
import { DIALECTS, login, type Session } from './helpers.ts';
import { addCouncil } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';
import { approve, revisePlan, savePlan } from './budget-plans-helpers.ts';
import {
  CARAVAN_LINE,
  HUB_LINE,
  api,
  disbursement,
  overview,
  postedPlan,
} from './tracker-helpers.ts';
import { commitment } from './tracker-registry-helpers.ts';

/**
 * The Registry of Budget, Commitments, Payments and Balances by object of expenditure, on a
 * barangay of a real city's numbers (no demo data): a line's appropriation by the objects its
 * plan line names; a commitment charged to the object it names (or the line's only object); a
 * voucher's payment to its voucher's object; a commitment naming an object of another class
 * refused; a month's registry opening each object with the balances brought forward and
 * closing it with those carried forward, in the .xlsx and the .pdf alike; and each object kept
 * within its appropriation by every way money is obligated (a commitment, a voucher without one,
 * a payment recorded in the tracker) and by every new plan version.
 */

const ALICIA = '1381300001';
const YEAR = 2026;

const LINES: PlanLineInput[] = [
  {
    ...CARAVAN_LINE,
    objects: [
      { code: '5-02-03-050', amount: 12_000 },
      { code: '5-02-03-990', amount: 18_000 },
      { code: '1-07-05-990', amount: 10_000 },
    ],
  },
  HUB_LINE,
];

describe.each(DIALECTS)('the RBCPB by object of expenditure on %s', (dialect) => {
  // 20 May 2026, 10:00 in Manila.
  const clock = manualClock(new Date('2026-05-20T02:00:00.000Z'));
  const t = useTestApp(dialect, { clock, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  let chair: Session;
  let treasurer: Session;
  let monitor: Session;
  let caravan = 0;
  let hub = 0;
  let plan: BudgetPlan | null = null;

  const registry = async (who: Session = monitor) => {
    const r = await api(t.app, 'GET', `/api/tracker/registry?year=${String(YEAR)}`, who);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ registry: Registry }>().registry;
  };
  const lineOf = (reg: Registry, itemId: number, cls: 'MOOE' | 'CO'): RegistryLine => {
    const found = reg.lines.find((l) => l.itemId === itemId && l.expenseClass === cls);
    expect(found).toBeDefined();
    return found as RegistryLine;
  };

  beforeAll(async () => {
    const { db } = t.app.services;
    const [, chairName, officialName] = await addCouncil(db, ALICIA, 'ali');
    chair = await login(t.app, chairName ?? '', DEMO_PASSWORD, ALICIA);
    plan = await postedPlan(t.app, chair, YEAR, LINES);
    const official = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', officialName ?? '')
      .executeTakeFirstOrThrow();
    const keeper = await addOfficial(t, ALICIA, 'ali.keeper');
    await giveDuty(t, chair, 'treasurer', official.id);
    await giveDuty(t, chair, 'bmo', keeper.id);
    treasurer = await login(t.app, officialName ?? '', DEMO_PASSWORD, ALICIA);
    monitor = await login(t.app, 'ali.keeper', DEMO_PASSWORD, ALICIA);
    const items = (await overview(t.app, chair, YEAR)).items;
    caravan = items.find((i) => i.ppa === 'Health caravan')?.id ?? 0;
    hub = items.find((i) => i.ppa === 'Reading hub')?.id ?? 0;
    expect(caravan * hub).toBeGreaterThan(0);
  }, 120_000);

  it('splits each line’s budget, commitments and payments by object, and refuses an object of another class', async () => {
    const commit = (itemId: number, body: object) =>
      api(t.app, 'POST', `/api/tracker/items/${String(itemId)}/commitments`, monitor, body);
    const wrong = await commit(
      caravan,
      commitment(1_000, `${String(YEAR)}-03-10`, { objectCode: '1-07-05-990' }),
    );
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json<{ code: string }>().code).toBe('TRACKER_OBJECT_CLASS');
    // March: food for the caravan, committed and paid in part; April: supplies.
    const food = await commit(
      caravan,
      commitment(5_000, `${String(YEAR)}-03-10`, {
        objectCode: '5-02-03-050',
        reference: 'PO 2026-03-001',
      }),
    );
    expect(food.statusCode, food.body).toBe(200);
    const foodId = food.json<{ commitment: { id: number } }>().commitment.id;
    const supplies = await commit(
      caravan,
      commitment(7_500, `${String(YEAR)}-04-02`, {
        objectCode: '5-02-03-990',
        reference: 'PO 2026-04-001',
      }),
    );
    expect(supplies.statusCode, supplies.body).toBe(200);
    // The reading hub names no objects: its commitment goes to the residual "Other MOOE".
    const books = await commit(hub, commitment(2_000, `${String(YEAR)}-04-15`));
    expect(books.statusCode, books.body).toBe(200);

    // A voucher of 3,000 on the food commitment, paid by check in March.
    clock.set(new Date('2026-03-25T02:00:00.000Z'));
    const draft = voucherOf(
      await api(
        t.app,
        'POST',
        vouchersUrl,
        treasurer,
        draftBody(3_000, { commitmentId: foodId, objectCode: '5-02-03-050' }),
      ),
    );
    voucherOf(await api(t.app, 'POST', voucherUrl(draft.id, '/certify'), monitor, {}));
    voucherOf(await api(t.app, 'POST', voucherUrl(draft.id, '/approve'), chair, {}));
    voucherOf(
      await api(
        t.app,
        'POST',
        voucherUrl(draft.id, '/pay'),
        treasurer,
        checkPayment(`${String(YEAR)}-03-25`, { checkNumber: '0000777' }),
      ),
    );
    clock.set(new Date('2026-05-20T02:00:00.000Z'));

    const reg = await registry();
    const mooe = lineOf(reg, caravan, 'MOOE');
    expect(mooe.objects).toEqual([
      {
        code: '5-02-03-050',
        name: 'Food Supplies Expenses',
        appropriated: 12_000,
        committed: 5_000,
        paid: 3_000,
        unobligated: 7_000,
        unpaid: 2_000,
      },
      {
        code: '5-02-03-990',
        name: 'Other Supplies and Materials Expenses',
        appropriated: 18_000,
        committed: 7_500,
        paid: 0,
        unobligated: 10_500,
        unpaid: 7_500,
      },
    ]);
    // The objects add up to the line.
    expect(mooe.objects.reduce((s, o) => s + o.committed, 0)).toBe(mooe.committed);
    expect(lineOf(reg, caravan, 'CO').objects.map((o) => [o.code, o.appropriated])).toEqual([
      ['1-07-05-990', 10_000],
    ]);
    expect(lineOf(reg, hub, 'MOOE').objects).toEqual([
      expect.objectContaining({ code: '5-02-99-990', appropriated: 20_000, committed: 2_000 }),
    ]);
    expect(mooe.commitments.map((c) => c.objectCode)).toEqual(['5-02-03-050', '5-02-03-990']);
  });

  it('prints April’s registry with each object’s balances brought and carried forward', async () => {
    const url = (format: string, month?: number) =>
      `/api/tracker/registry/mooe?year=${String(YEAR)}&format=${format}${month ? `&month=${String(month)}` : ''}`;
    const bad = await api(t.app, 'GET', url('pdf', 13), monitor);
    expect(bad.statusCode).toBe(400);

    const xlsx = await api(t.app, 'GET', url('xlsx', 4), monitor);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`${ALICIA}-2026-04-RBCPB-MOOE.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const text = rows.map((r) =>
      Array.from(r, (c) => (c === null || c === undefined ? '' : String(c as string | number))),
    );
    const at = (label: string) => text.findIndex((r) => r.some((c) => c.includes(label)));
    expect(at('April 2026')).toBeGreaterThanOrEqual(0);
    // Food: March's 5,000 committed and 3,000 paid come forward; nothing happens in April.
    const food = at('Health caravan · 5-02-03-050 Food Supplies Expenses');
    expect(text[food + 1]?.slice(2, 8)).toEqual([
      'Balance brought forward',
      '12000',
      '5000',
      '3000',
      '7000',
      '2000',
    ]);
    expect(text[food + 2]?.slice(3, 8)).toEqual(['12000', '5000', '3000', '7000', '2000']);
    expect(text[food + 2]?.[2]).toBe('Balance carried forward');
    // Supplies: nothing brought forward; April's commitment listed and carried.
    const supplies = at('Health caravan · 5-02-03-990');
    expect(text[supplies + 1]?.slice(2, 8)).toEqual([
      'Balance brought forward',
      '18000',
      '0',
      '0',
      '18000',
      '0',
    ]);
    expect(text[supplies + 2]?.[1]).toBe('PO 2026-04-001');
    expect(text[supplies + 2]?.slice(4, 8)).toEqual(['7500', '', '10500', '7500']);
    // The summary by object adds the lines up.
    const summary = at('SUMMARY BY OBJECT OF EXPENDITURE');
    expect(summary).toBeGreaterThan(supplies);
    const other = text.slice(summary).find((r) => r[1] === '5-02-99-990');
    expect(other?.slice(3, 8)).toEqual(['20000', '2000', '0', '18000', '2000']);

    const pdf = await api(t.app, 'GET', url('pdf', 4), monitor);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const pages = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(pages).toContain('REGISTRY OF BUDGET, COMMITMENTS, PAYMENTS AND BALANCES');
    expect(pages).toContain('April 2026');
    expect(pages).toContain('Balance brought forward');
    expect(pages).toContain('Balance carried forward');
    expect(pages).toContain('SUMMARY BY OBJECT OF EXPENDITURE');
    expect(pages).toContain('Food Supplies Expenses');

    // The year's registry (no month) opens with the appropriation of each object.
    const year = await api(t.app, 'GET', url('pdf'), monitor);
    expect(year.statusCode).toBe(200);
    const yearText = (await pdfPages(year.rawPayload)).join('\n');
    expect(yearText).toContain('Appropriation, 5-02-03-050 Food Supplies Expenses');
    expect(yearText).not.toContain('Balance brought forward');
  });

  it('keeps each object within its appropriation, however money is obligated, and in every new version', async () => {
    const refusal = (answer: { statusCode: number; body: string }, code: string) => {
      expect(answer.statusCode, answer.body).toBe(422);
      const body = JSON.parse(answer.body) as { code: string; message: string };
      expect(body.code).toBe(code);
      return body.message;
    };
    const commit = (body: object) =>
      api(t.app, 'POST', `/api/tracker/items/${String(caravan)}/commitments`, monitor, body);
    const on = (date: string, parts: object = {}) =>
      commitment(0, `${String(YEAR)}-${date}`, { reference: 'PO 2026-05-001', ...parts });
    // Left after the first test: food 7,000 of 12,000; other supplies 10,500 of 18,000; the
    // class 17,500 of 30,000.
    const food = 'Food Supplies Expenses (5-02-03-050)';
    expect(
      refusal(
        await commit({ ...on('05-02', { objectCode: '5-02-03-050' }), amount: 7_000.01 }),
        'TRACKER_OVER_OBJECT',
      ),
    ).toBe(REGISTRY_MESSAGES.overObject(food, '₱12,000.00', '₱7,000.00'));
    // An object the line does not appropriate, though an account of the class.
    expect(
      refusal(
        await commit({ ...on('05-02', { objectCode: '5-02-03-010' }), amount: 100 }),
        'TRACKER_OBJECT_NOT_IN_LINE',
      ),
    ).toContain('Office Supplies Expenses (5-02-03-010)');
    // Naming none: the object with the most left, when it has enough.
    expect(refusal(await commit({ ...on('05-02'), amount: 15_000 }), 'TRACKER_OVER_OBJECT')).toBe(
      REGISTRY_MESSAGES.noObjectFits('MOOE', '₱10,500.00'),
    );
    const chosen = await commit({ ...on('05-02'), amount: 10_000 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<{ commitment: { objectCode: string } }>().commitment.objectCode).toBe(
      '5-02-03-990',
    );
    // A payment recorded in the tracker names no object: the one with the most left (food,
    // 7,000), refused above it though the class has 7,500 left.
    const record = (amount: number) =>
      api(
        t.app,
        'POST',
        `/api/tracker/items/${String(caravan)}/disbursements`,
        chair,
        disbursement(amount, `${String(YEAR)}-05-05`),
      );
    refusal(await record(7_200), 'TRACKER_OVER_OBJECT');
    expect((await record(1_000)).statusCode).toBe(200);
    // A voucher of the food commitment on another object; a voucher without a commitment past
    // its object's balance (6,000 left of food, 6,500 of the class).
    const reg = await registry();
    const foodCommitment = lineOf(reg, caravan, 'MOOE').commitments.find(
      (c) => c.objectCode === '5-02-03-050',
    );
    expect(
      refusal(
        await api(
          t.app,
          'POST',
          vouchersUrl,
          treasurer,
          draftBody(500, { commitmentId: foodCommitment?.id ?? 0, objectCode: '5-02-03-990' }),
        ),
        'VOUCHER_OBJECT_OF_COMMITMENT',
      ),
    ).toBe(VOUCHER_MESSAGES.objectOfCommitment('PO 2026-03-001', food));
    const direct = (amount: number) =>
      api(
        t.app,
        'POST',
        vouchersUrl,
        treasurer,
        draftBody(amount, {
          commitmentId: null,
          itemId: caravan,
          expenseClass: 'MOOE',
          objectCode: '5-02-03-050',
        }),
      );
    refusal(await direct(6_500), 'TRACKER_OVER_OBJECT');
    voucherOf(await direct(6_000));
    const after = lineOf(await registry(), caravan, 'MOOE').objects;
    expect(after.map((o) => [o.code, o.appropriated, o.unobligated])).toEqual([
      // The draft voucher is held by the guard; the registry lists it once paid.
      ['5-02-03-050', 12_000, 6_000],
      ['5-02-03-990', 18_000, 500],
    ]);

    // A realignment that gives food less than the 12,000 obligated on it is refused, naming it;
    // one that keeps it is approved.
    if (!plan) {
      throw new Error('no plan');
    }
    const draft = await revisePlan(t.app, chair, plan.id, 'realignment');
    const objectsOf = (food: number, other: number) => [
      { code: '5-02-03-050', amount: food },
      { code: '5-02-03-990', amount: other },
      { code: '1-07-05-990', amount: 10_000 },
    ];
    const lines = (food: number, other: number) =>
      draft.lines.map((l) =>
        l.ppa === 'Health caravan' ? { ...l, objects: objectsOf(food, other) } : l,
      );
    const short = await savePlan(t.app, chair, draft, { lines: lines(5_000, 25_000) });
    const code = short.lines.find((l) => l.ppa === 'Health caravan')?.referenceCode ?? '';
    const refused = await approve(t.app, chair, short.id, 'SK-2026-002');
    expect(refusal(refused, 'PLAN_BELOW_DISBURSED')).toBe(
      PLAN_MESSAGES.belowDisbursed('approved', [
        PLAN_MESSAGES.belowObjectLine(`${code} (Health caravan)`, food, '₱5,000.00', '₱12,000.00'),
      ]),
    );
    const kept = await savePlan(t.app, chair, short, { lines: lines(12_500, 17_500) });
    const approved = await approve(t.app, chair, kept.id, 'SK-2026-002');
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
