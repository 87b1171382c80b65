import { OTHER_RECEIPT_KIND_NAMES, type BudgetPlan } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPTS, call, passingPlan, savePlan, saveBody } from './budget-plans-helpers.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * Part I of the annual budget as the form has it: the 10% share, the form's fund raising row, and
 * each other kind of receipt (a balance carried over, donations and grants, other) under its own
 * row, never under "Receipts from fund raising activities".
 */
describe.each(DIALECTS)('Part I receipts by kind on %s', (dialect) => {
  let t: TestApp;
  let official: Session;
  let chair: Session;
  let plan: BudgetPlan;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    official = await loginAs(t.app, 'SKO', 'SB');
    chair = await loginAs(t.app, 'SKC', 'SB');
    const created = await passingPlan(t.app, official, 2041);
    plan = await savePlan(t.app, official, created, {
      receipts: {
        ...RECEIPTS,
        otherReceipts: [
          { kind: 'fundRaising', label: 'Fun run', amount: 500 },
          { kind: 'carriedOver', label: 'Unexpended balance of 2040', amount: 2_000 },
          { kind: 'grant', label: 'Donation of a city councilor', amount: 1_000.5 },
          { kind: 'fundRaising', label: 'Raffle', amount: 250 },
        ],
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const download = (format: 'xlsx' | 'pdf') =>
    call(
      t.app,
      'GET',
      `/api/budget-plans/${String(plan.id)}/documents/annual-budget?format=${format}`,
      chair,
    );

  it('keeps each receipt with its kind and totals them by kind', () => {
    expect(plan.receipts.otherReceipts.map((r) => r.kind)).toEqual([
      'fundRaising',
      'carriedOver',
      'grant',
      'fundRaising',
    ]);
    expect(plan.totals.otherReceiptsByKind).toEqual({
      fundRaising: 750,
      carriedOver: 2_000,
      grant: 1_000.5,
      other: 0,
    });
    expect(plan.totals.otherReceipts).toBe(3_750.5);
    expect(plan.totals.receipts).toBe(103_750.5);
  });

  it('refuses a kind it does not know and reads a receipt sent without one as other', async () => {
    const refused = await call(
      t.app,
      'PUT',
      `/api/budget-plans/${String(plan.id)}`,
      official,
      saveBody(plan, {
        receipts: {
          ...RECEIPTS,
          otherReceipts: [{ kind: 'loan' as never, label: 'X', amount: 1 }],
        },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('Receipt kind must be one of');

    const other = await passingPlan(t.app, official, 2042);
    const saved = await savePlan(t.app, official, other, {
      receipts: { ...RECEIPTS, otherReceipts: [{ label: 'Interest on deposits', amount: 12 }] },
    });
    expect(saved.receipts.otherReceipts).toEqual([
      { kind: 'other', label: 'Interest on deposits', amount: 12 },
    ]);
    expect(saved.totals.otherReceiptsByKind.other).toBe(12);
  });

  it('prints each kind under its own row of Part I in the workbook, the total a formula over them', async () => {
    const response = await download('xlsx');
    expect(response.statusCode).toBe(200);
    const sheet = await workbook(response.rawPayload);
    const fundRaising = rowWith(sheet, 1, OTHER_RECEIPT_KIND_NAMES.fundRaising);
    expect(fundRaising.getCell(2).value).toBe('Fun run ₱500.00; Raffle ₱250.00');
    expect(fundRaising.getCell(6).value).toBe(750);
    const carried = rowWith(sheet, 1, OTHER_RECEIPT_KIND_NAMES.carriedOver);
    expect(carried.getCell(2).value).toBe('Unexpended balance of 2040 ₱2,000.00');
    expect(carried.getCell(6).value).toBe(2_000);
    const grant = rowWith(sheet, 1, OTHER_RECEIPT_KIND_NAMES.grant);
    expect(grant.getCell(6).value).toBe(1_000.5);
    // No row for a kind the plan does not have.
    let others = 0;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === OTHER_RECEIPT_KIND_NAMES.other) {
        others += 1;
      }
    });
    expect(others).toBe(0);
    const total = rowWith(sheet, 1, 'TOTAL ESTIMATED FUNDS AVAILABLE FOR APPROPRIATION');
    const formula = formulaOf(total.getCell(6));
    expect(formula.result).toBe(103_750.5);
    expect(formula.formula).toContain(`F${String(grant.number)}`);
  });

  it('prints the same rows in the PDF', async () => {
    const response = await download('pdf');
    expect(response.statusCode).toBe(200);
    const text = (await pdfPages(response.rawPayload)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      `${OTHER_RECEIPT_KIND_NAMES.fundRaising} Fun run ₱500.00; Raffle ₱250.00 ₱750.00`,
    );
    expect(text).toContain(OTHER_RECEIPT_KIND_NAMES.carriedOver);
    expect(text).toContain('Unexpended balance of 2040 ₱2,000.00 ₱2,000.00');
    expect(text).toContain(
      `${OTHER_RECEIPT_KIND_NAMES.grant} Donation of a city councilor ₱1,000.50`,
    );
  });
});
