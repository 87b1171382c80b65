import {
  ACCEPTED_PROJECT_STATUSES,
  PLAN_MESSAGES,
  formatPlanPeso,
  manilaYear,
  type BudgetPlan,
  type DisclosurePlan,
  type DisclosureProject,
  type PlanSummary,
} from '@sk-tanaw/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRows, backupBytes, createBackup, installJson } from './backup-helpers.ts';
import { approve, call, getPlan, post, revisePlan, savePlan } from './budget-plans-helpers.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { renderPlanDocument } from '../src/features/budget-plans/documents/index.ts';
import * as planRepo from '../src/features/budget-plans/repository.ts';
import { assemble } from '../src/features/budget-plans/stored-plan.ts';
import { documentPlan } from '../src/features/budget-plans/view.ts';

function expectDownload(response: LightMyRequestResponse, type: string, fileName: string) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe(type);
  expect(response.headers['content-disposition']).toContain(`attachment; filename="${fileName}"`);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

/** The chairperson's row of Part II: the honoraria cap's reference, not a charge. */
const CHAIR_REFERENCE =
  'SK Chairperson: monthly compensation, the reference of the honoraria cap (not charged to the SK fund)';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(DIALECTS)('budget plan documents and the disclosure board on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let year: number;
  /** San Bartolome's posted demo plan of this year and its draft of next year. */
  let posted: BudgetPlan;
  let draftId: number;
  let otherPostedId: number;
  /** Nueva Nayon's chairperson: its posted demo plan budgets a vacant member seat. */
  let nn: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    year = manilaYear(t.clock.now());
    const list = (await call(t.app, 'GET', '/api/budget-plans', chair)).json<{
      plans: PlanSummary[];
    }>().plans;
    posted = await getPlan(t.app, chair, list.find((p) => p.status === 'posted')?.id ?? 0);
    draftId = list.find((p) => p.status === 'draft')?.id ?? 0;
    nn = await loginAs(t.app, 'SKC', 'NN');
    const nnList = (await call(t.app, 'GET', '/api/budget-plans', nn)).json<{
      plans: PlanSummary[];
    }>().plans;
    otherPostedId = nnList.find((p) => p.status === 'posted')?.id ?? 0;
  });

  afterAll(async () => {
    await t.close();
  });

  it('writes the ABYIP workbook with every total a formula and its result, read back by exceljs', async () => {
    const response = await call(
      t.app,
      'GET',
      `/api/budget-plans/${String(posted.id)}/documents/abyip?format=xlsx`,
      chair,
    );
    expectDownload(response, XLSX, `ABYIP-SB-${String(year)}.xlsx`);
    const sheet = await workbook(response.rawPayload);
    const grand = rowWith(sheet, 2, 'GRAND TOTAL');
    const total = formulaOf(grand.getCell(10));
    expect(total.formula).toMatch(/^J\d+\+J\d+$/);
    expect(total.result).toBe(posted.totals.appropriations);
    expect(formulaOf(grand.getCell(7)).result).toBe(posted.totals.ps);
    expect(grand.getCell(10).numFmt).toContain('₱');
    const first = posted.lines[0];
    const line = rowWith(sheet, 1, first?.referenceCode ?? '');
    const n = String(line.number);
    expect(formulaOf(line.getCell(10)).formula).toBe(`G${n}+H${n}+I${n}`);
    expect(line.getCell(2).value).toBe(first?.ppa);
    const health = rowWith(sheet, 2, 'Subtotal, Health');
    expect(formulaOf(health.getCell(10)).formula).toMatch(/^SUM\(J\d+:J\d+\)$/);
    expect(formulaOf(health.getCell(10)).result).toBe(
      posted.totals.byCentre.find((c) => c.centre === 'Health')?.total,
    );
    const cells = sheet.getSheetValues().flat().map(String);
    for (const name of Object.values(posted.signatories)) {
      expect(cells).toContain(name);
    }
  });

  it('writes the annual budget workbook: receipts, expenditures by program and centre, the balance', async () => {
    const response = await call(
      t.app,
      'GET',
      `/api/budget-plans/${String(posted.id)}/documents/annual-budget?format=xlsx`,
      official,
    );
    expectDownload(response, XLSX, `SK-Annual-Budget-SB-${String(year)}.xlsx`);
    const sheet = await workbook(response.rawPayload);
    // Part I in the form's words: the share, fund raising, the total available.
    const share = rowWith(sheet, 1, 'Ten percent (10%) of the general fund of the barangay');
    expect(share.getCell(6).value).toBe(posted.receipts.tenPercentShare);
    // Its details: the barangay treasurer's notice and the city or municipal treasurer's
    // certification of income, each dated and signed.
    const { noticeOn, noticeBy, certifiedOn, certifiedBy } = posted.receipts;
    expect(noticeOn && certifiedOn).toBeTruthy();
    expect(share.getCell(2).value).toBe(
      `Barangay treasurer's notice of ${String(noticeOn)} (${noticeBy}); certification of income of ${String(certifiedOn)} by ${certifiedBy}, city or municipal treasurer`,
    );
    expect(rowWith(sheet, 1, 'Receipts from fund raising activities').getCell(6).value).toBe(
      posted.totals.otherReceipts,
    );
    const receipts = formulaOf(
      rowWith(sheet, 1, 'TOTAL ESTIMATED FUNDS AVAILABLE FOR APPROPRIATION').getCell(6),
    );
    expect(receipts.formula).toMatch(/^SUM\(F\d+:F\d+\)$/);
    expect(receipts.result).toBe(posted.totals.receipts);
    const spent = formulaOf(rowWith(sheet, 1, 'TOTAL EXPENDITURE PROGRAM').getCell(6));
    expect(spent.result).toBe(posted.totals.appropriations);
    const balance = rowWith(sheet, 1, 'Unappropriated balance (receipts less expenditures)');
    expect(formulaOf(balance.getCell(6)).result).toBe(posted.totals.unappropriated);
    // The chairperson's row is the cap's reference at 0 months: shown with its rate, ₱0 charged.
    const chairRow = posted.honoraria.find((h) => h.position === 'chairperson');
    expect(chairRow?.months).toBe(0);
    const chairCells = rowWith(sheet, 1, CHAIR_REFERENCE);
    // Honoraria are charged to 5-01-02-100 (accounts.ts); the schedule's months and rate beside.
    expect(chairCells.getCell(2).value).toBe('5-01-02-100');
    expect(chairCells.getCell(9).value).toContain(`0 months x ₱`);
    expect(chairCells.getCell(9).value).toContain(
      (chairRow?.monthlyRate ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
    expect(chairCells.getCell(3).value).toBe(0);
    const n = String(chairCells.number);
    expect(formulaOf(chairCells.getCell(6)).formula).toBe(`C${n}+D${n}+E${n}`);
    const members = posted.honoraria.filter((h) => h.position === 'member');
    expect(rowWith(sheet, 1, 'Honorarium, SK Member').getCell(3).value).toBe(
      (members[0]?.monthlyRate ?? 0) * 12,
    );
    for (const centre of posted.totals.byCentre) {
      expect(formulaOf(rowWith(sheet, 1, `Subtotal, ${centre.centre}`).getCell(6)).result).toBe(
        centre.total,
      );
    }

    // A vacant seat is budgeted all the same and says so (Nueva Nayon's demo plan has one).
    const other = await getPlan(t.app, nn, otherPostedId);
    const vacant = other.honoraria.filter((h) => h.vacant);
    expect(vacant).toHaveLength(1);
    const nnBook = await call(
      t.app,
      'GET',
      `/api/budget-plans/${String(otherPostedId)}/documents/annual-budget?format=xlsx`,
      nn,
    );
    expect(nnBook.statusCode).toBe(200);
    const nnSheet = await workbook(nnBook.rawPayload);
    const vacantRow = rowWith(nnSheet, 1, 'Honorarium, SK Member (vacant)');
    expect(vacantRow.getCell(3).value).toBe((vacant[0]?.monthlyRate ?? 0) * 12);
    const memberRows = nnSheet.getSheetValues().filter((row) => {
      const particulars: unknown = Array.isArray(row) ? row[1] : undefined;
      return typeof particulars === 'string' && particulars.startsWith('Honorarium, SK Member');
    });
    expect(memberRows).toHaveLength(7);
  });

  it('writes PDFs whose text holds the grand total with the peso sign, the signatories and page numbers', async () => {
    const abyip = await call(
      t.app,
      'GET',
      `/api/budget-plans/${String(posted.id)}/documents/abyip?format=pdf`,
      chair,
    );
    expectDownload(abyip, 'application/pdf', `ABYIP-SB-${String(year)}.pdf`);
    const pages = await pdfPages(abyip.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join('\n');
    expect(text).toContain('ANNUAL BARANGAY YOUTH INVESTMENT PROGRAM');
    // Header words are printed whole (pdf-headers.test.ts): not 'Impl' / 'ementation'.
    expect(text.split(/\s+/)).toEqual(expect.arrayContaining(['Implementation', 'Responsible']));
    expect(text).toContain(formatPlanPeso(posted.totals.appropriations));
    expect(formatPlanPeso(posted.totals.appropriations)).toMatch(/^₱/);
    for (const name of Object.values(posted.signatories)) {
      expect(text).toContain(name);
    }
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${String(i + 1)} of ${String(pages.length)}`);
      // The table's header is repeated on every page it continues on.
      expect(page).toContain('Reference Code');
    });
    expect(pages.at(-1)).toContain('Attested by:');

    const budget = await call(
      t.app,
      'GET',
      `/api/budget-plans/${String(posted.id)}/documents/annual-budget?format=pdf`,
      chair,
    );
    expectDownload(budget, 'application/pdf', `SK-Annual-Budget-SB-${String(year)}.pdf`);
    const budgetText = (await pdfPages(budget.rawPayload)).join('\n');
    expect(budgetText).toContain('PART I. RECEIPTS PROGRAM');
    // Part I in the form's words, with the notice and the certification.
    const flat = budgetText.replace(/\s+/g, ' ');
    for (const words of [
      'Ten percent (10%) of the general fund of the barangay',
      'Receipts from fund raising activities',
      'TOTAL ESTIMATED FUNDS AVAILABLE FOR APPROPRIATION',
      `Barangay treasurer's notice of ${String(posted.receipts.noticeOn)}`,
      posted.receipts.noticeBy,
      `certification of income of ${String(posted.receipts.certifiedOn)}`,
      posted.receipts.certifiedBy,
      'city or municipal treasurer',
      CHAIR_REFERENCE,
    ]) {
      expect(flat).toContain(words);
    }
    const nnBudget = await call(
      t.app,
      'GET',
      `/api/budget-plans/${String(otherPostedId)}/documents/annual-budget?format=pdf`,
      nn,
    );
    expect(nnBudget.statusCode).toBe(200);
    const nnText = (await pdfPages(nnBudget.rawPayload)).join(' ').replace(/\s+/g, ' ');
    expect(nnText).toContain('Honorarium, SK Member (vacant)');
    expect(nnText.split('(vacant)')).toHaveLength(2);
    expect(budgetText).toContain(formatPlanPeso(posted.totals.receipts));
    expect(budgetText).toContain(formatPlanPeso(posted.totals.appropriations));
    expect(budgetText).toContain(posted.signatories.chairperson);
    // Honoraria are shown by position: no member's name is printed.
    const member = posted.honoraria.find((h) => h.position === 'member');
    expect(budgetText).not.toContain(member?.name ?? '?');
  });

  it('makes a document once per plan content: a repeat is the same bytes, a change a new document', async () => {
    const barangay = await t.app.services.db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', posted.barangay.code)
      .executeTakeFirstOrThrow();
    const scope = { barangayId: barangay.id };
    const row = await planRepo.findPlan(t.app.services.db, scope, posted.id);
    if (!row) {
      throw new Error('the posted plan is not stored');
    }
    const [stored] = assemble(
      [row],
      await planRepo.planChildren(t.app.services.db, scope, [row.id]),
    );
    if (!stored) {
      throw new Error('the posted plan has no content');
    }
    const model = documentPlan(
      await planRepo.barangayHeading(t.app.services.db, barangay.id),
      stored,
    );
    const first = await renderPlanDocument(model, 'abyip', 'pdf');
    // The same content, built again: the document made the first time.
    const again = await renderPlanDocument(structuredClone(model), 'abyip', 'pdf');
    expect(again.bytes).toBe(first.bytes);
    // Another format, document or any changed text is made anew and differs.
    const workbook = await renderPlanDocument(model, 'abyip', 'xlsx');
    expect(workbook.bytes).not.toBe(first.bytes);
    expect((await renderPlanDocument(model, 'annual-budget', 'pdf')).bytes).not.toBe(first.bytes);
    const renamed = { ...model, barangay: { ...model.barangay, name: 'San Bartolome Norte' } };
    const changed = await renderPlanDocument(renamed, 'abyip', 'pdf');
    expect(changed.bytes).not.toBe(first.bytes);
    expect((await pdfPages(changed.bytes)).join(' ')).toContain('San Bartolome Norte');
    // What the public board serves is that same document.
    const download = await call(
      t.app,
      'GET',
      `/api/public/disclosure/${posted.barangay.code}/plans/${String(posted.id)}/abyip?format=pdf`,
      null,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(first.bytes)).toBe(true);
  });

  it('refuses an unknown document or format', async () => {
    const base = `/api/budget-plans/${String(posted.id)}/documents`;
    expect((await call(t.app, 'GET', `${base}/abyip?format=docx`, chair)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${base}/abyip`, chair)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${base}/budget?format=pdf`, chair)).statusCode).toBe(400);
  });

  it('shows the public board without sign-in: posted plans only, no names beyond the signatories', async () => {
    const response = await call(t.app, 'GET', '/api/public/disclosure/sb', null);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      barangay: { code: string; name: string };
      plans: DisclosurePlan[];
      projects: DisclosureProject[];
    }>();
    expect(body.barangay).toEqual({ code: 'SB', name: 'San Bartolome' });
    expect(body.plans.map((p) => [p.id, p.year, p.status])).toEqual([[posted.id, year, 'posted']]);
    const shown = body.plans[0];
    expect(shown?.totals).toEqual(posted.totals);
    expect(shown?.signatories).toEqual(posted.signatories);
    expect(
      shown?.honoraria.every((h) => Object.keys(h).sort().join() === 'monthlyRate,months,position'),
    ).toBe(true);
    for (const h of posted.honoraria.filter((x) => x.position === 'member')) {
      expect(response.body).not.toContain(h.name);
    }
    expect(response.body).not.toContain('@');
    expect(response.body).not.toContain('"projectId"');
    expect(body.projects.length).toBeGreaterThan(0);
    for (const project of body.projects) {
      expect(ACCEPTED_PROJECT_STATUSES).toContain(project.status);
    }
    const unknown = await call(t.app, 'GET', '/api/public/disclosure/ZZ', null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: PLAN_MESSAGES.barangayNotFound });
    const other = await call(t.app, 'GET', '/api/public/disclosure/NN', null);
    expect(other.json<{ plans: DisclosurePlan[] }>().plans.map((p) => p.id)).toEqual([
      otherPostedId,
    ]);
  });

  it('serves the documents of posted plans to anyone, and nothing else', async () => {
    const url = (code: string, id: number, document: string, format: string) =>
      `/api/public/disclosure/${code}/plans/${String(id)}/${document}?format=${format}`;
    expectDownload(
      await call(t.app, 'GET', url('sb', posted.id, 'annual-budget', 'xlsx'), null),
      XLSX,
      `SK-Annual-Budget-SB-${String(year)}.xlsx`,
    );
    for (const [code, id] of [
      ['SB', draftId],
      ['SB', otherPostedId],
      ['NN', posted.id],
      ['XX', posted.id],
    ] as const) {
      const response = await call(t.app, 'GET', url(code, id, 'abyip', 'xlsx'), null);
      expect(response.statusCode, `${code} ${String(id)}`).toBe(404);
    }
  });

  it('puts a posted revision on the board in place of the version it amends', async () => {
    const draft = await revisePlan(t.app, official, posted.id);
    const changed = await savePlan(t.app, official, draft, {
      lines: draft.lines.map((l, i) => (i === 0 ? { ...l, mooe: l.mooe - 1_000 } : l)),
    });
    expect(changed.changes?.map((c) => c.kind)).toEqual(['changed']);
    expect((await approve(t.app, chair, draft.id, 'SK Res. No. 31')).statusCode).toBe(200);
    // Approved, not yet posted: the board still shows the version posted before.
    const board = async () =>
      (await call(t.app, 'GET', '/api/public/disclosure/SB', null)).json<{
        plans: DisclosurePlan[];
      }>().plans;
    expect((await board()).map((p) => [p.id, p.amendment])).toEqual([[posted.id, 0]]);
    expect((await post(t.app, chair, draft.id)).statusCode).toBe(200);
    expect((await board()).map((p) => [p.id, p.amendment, p.kind, p.resolutionNumber])).toEqual([
      [draft.id, 1, 'realignment', 'SK Res. No. 31'],
    ]);
    expect((await getPlan(t.app, chair, posted.id)).status).toBe('superseded');
  });

  it('backs up and restores the plans whole, each version with its base', async () => {
    const admin = await loginAs(t.app, 'MA', 'SB');
    const tables = [
      'budget_rules',
      'budget_plans',
      'budget_plan_lines',
      'budget_plan_honoraria',
      'budget_plan_other_receipts',
    ];
    const pick = (rows: Record<string, string[]>) =>
      Object.fromEntries(tables.map((name) => [name, rows[name]]));
    const before = pick(await allRows(t.app.services.database));
    expect(
      before.budget_plans?.some((row) => row.includes('"base_plan_id",' + String(posted.id))),
    ).toBe(true);
    const backup = await createBackup(t.app, admin);
    expect(backup.statusCode).toBe(200);
    const name = backup.json<{ backup: { name: string } }>().backup.name;
    // A change after the backup, which the restore undoes.
    await t.app.services.db.deleteFrom('budget_plan_honoraria').execute();
    const restored = await installJson(t.app, admin, backupBytes(t.dataDir, name));
    expect(restored.statusCode, restored.body).toBe(200);
    expect(pick(await allRows(t.app.services.database))).toEqual(before);
  });
});
