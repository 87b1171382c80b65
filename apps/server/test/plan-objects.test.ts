import type ExcelJS from 'exceljs';
import { manilaYear, type BudgetPlan, type PlanLineInput } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createPlan,
  HONORARIA,
  RECEIPTS,
  saveBody,
  savePlan,
} from './budget-plans-helpers.ts';
import { pdfPages, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * Plan lines itemised by object of expenditure: the objects are stored and answered, must add up
 * to the line's PS, MOOE and CO to the centavo, survive a save by a client that does not send
 * them, and print in Part II of the annual budget with their account codes; a line that names
 * none warns "not itemised" and prints on the residual objects.
 */

const SPORTS: PlanLineInput = {
  program: 'YDEP',
  centre: 'Health',
  ppa: 'Barangay sports league',
  mooe: 30_000,
  co: 25_000.5,
  objects: [
    { code: '5-02-06-020', amount: 12_000 },
    { code: '5-02-03-050', amount: 18_000 },
    { code: '1-07-05-130', amount: 25_000.5 },
  ],
};
const READING: PlanLineInput = {
  program: 'YDEP',
  centre: 'Education',
  ppa: 'Reading hub',
  mooe: 20_000,
};

/** Sum of a column's amounts over the rows of the sheet whose account code (column B) is `code`. */
function sumByCode(sheet: ExcelJS.Worksheet, code: string, column: number): number {
  let cents = 0;
  sheet.eachRow((row) => {
    if (row.getCell(2).value === code) {
      const value = row.getCell(column).value;
      cents += Math.round((typeof value === 'number' ? value : 0) * 100);
    }
  });
  return cents / 100;
}

describe.each(DIALECTS)('objects of expenditure on plan lines on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let plan: BudgetPlan;
  let year: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    year = manilaYear(t.clock.now()) + 2;
    const created = await createPlan(t.app, chair, year, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
    });
    plan = await savePlan(t.app, chair, created, {
      receipts: RECEIPTS,
      lines: [SPORTS, READING],
      honoraria: HONORARIA,
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('stores the objects, answers them with names and classes, and warns for a line without', () => {
    const [sports, reading] = plan.lines;
    expect(sports?.itemised).toBe(true);
    expect(sports?.objects).toEqual([
      { code: '5-02-06-020', name: 'Prizes', expenseClass: 'MOOE', amount: 12_000 },
      { code: '5-02-03-050', name: 'Food Supplies Expenses', expenseClass: 'MOOE', amount: 18_000 },
      { code: '1-07-05-130', name: 'Sports Equipment', expenseClass: 'CO', amount: 25_000.5 },
    ]);
    expect(reading?.itemised).toBe(false);
    expect(reading?.objects).toEqual([]);
    const check = plan.checks.find((c) => c.rule === 'objects-itemised');
    expect(check?.status).toBe('warn');
    expect(check?.message).toContain('Reading hub');
    expect(check?.message).not.toContain('sports league');
  });

  it('refuses objects that do not add up to the line to the centavo, naming the line', async () => {
    const short = {
      ...SPORTS,
      objects: [
        { code: '5-02-06-020', amount: 12_000 },
        { code: '5-02-03-050', amount: 17_999.99 },
        { code: '1-07-05-130', amount: 25_000.5 },
      ],
    };
    const response = await call(
      t.app,
      'PUT',
      `/api/budget-plans/${String(plan.id)}`,
      chair,
      saveBody(plan, { lines: [short, READING] }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('PLAN_OBJECTS_MISMATCH');
    expect(body.message).toContain('Barangay sports league');
    expect(body.message).toContain('29999.99 of MOOE');
    // An object the chart does not hold, or charged to the wrong class, is refused too.
    for (const objects of [
      [{ code: '9-99-99-999', amount: 30_000 }],
      [{ code: '1-07-05-030', amount: 20_000 }],
    ]) {
      const bad = await call(
        t.app,
        'PUT',
        `/api/budget-plans/${String(plan.id)}`,
        chair,
        saveBody(plan, { lines: [plan.lines[0] as PlanLineInput, { ...READING, objects }] }),
      );
      expect(bad.statusCode).toBe(400);
    }
    // Nothing was written by the refused saves.
    const again = (await call(t.app, 'GET', `/api/budget-plans/${String(plan.id)}`, chair)).json<{
      plan: BudgetPlan;
    }>().plan;
    expect(again.version).toBe(plan.version);
    expect(again.lines[0]?.objects).toEqual(plan.lines[0]?.objects);
  });

  it('keeps the objects when a client saves the line without them, while they still add up', async () => {
    const bare = plan.lines.map(({ objects: _o, itemised: _i, ...line }) => line);
    const kept = await savePlan(t.app, chair, plan, { lines: bare });
    expect(kept.lines[0]?.objects).toEqual(plan.lines[0]?.objects);
    // The line's MOOE changes and the split no longer adds up: saved, not itemised, and warned.
    const changed = await savePlan(t.app, chair, kept, {
      lines: [{ ...(bare[0] as PlanLineInput), mooe: 31_000 }, bare[1] as PlanLineInput],
    });
    expect(changed.lines[0]?.itemised).toBe(false);
    expect(changed.checks.find((c) => c.rule === 'objects-itemised')?.message).toContain(
      'Barangay sports league',
    );
    plan = await savePlan(t.app, chair, changed, {
      lines: [SPORTS, { ...READING, objects: [{ code: '5-02-03-010', amount: 20_000 }] }],
    });
    expect(plan.checks.find((c) => c.rule === 'objects-itemised')?.status).toBe('pass');
  });

  it('prints Part II of the annual budget by object, with each account code and amount', async () => {
    const download = (format: string) =>
      call(
        t.app,
        'GET',
        `/api/budget-plans/${String(plan.id)}/documents/annual-budget?format=${format}`,
        chair,
      );
    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const sheet = await workbook(xlsx.rawPayload);
    // Columns: object, code, PS, MOOE, CO, total.
    expect(sumByCode(sheet, '5-02-06-020', 4)).toBe(12_000);
    expect(sumByCode(sheet, '5-02-03-050', 4)).toBe(18_000);
    expect(sumByCode(sheet, '1-07-05-130', 5)).toBe(25_000.5);
    expect(sumByCode(sheet, '5-02-03-010', 4)).toBe(20_000);
    // Nothing of these lines falls on the residual objects any more.
    expect(sumByCode(sheet, '5-02-99-990', 4)).toBe(0);
    expect(sumByCode(sheet, '1-07-05-990', 5)).toBe(0);
    const pdf = (await pdfPages((await download('pdf')).rawPayload)).join(' ');
    for (const text of ['Prizes', '5-02-06-020', 'Sports Equipment', '1-07-05-130']) {
      expect(pdf).toContain(text);
    }
  });
});
