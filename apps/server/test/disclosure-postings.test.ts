// Full public disclosure (DILG MC No. 2023-068): a posting record per posted
// document with its period from the rules table, the periods at, under and over their limit, the
// deadlines and overdue flags in Manila time, the chairperson posting the annual and end-of-term
// reports (audited, refused for others), a missing rule failing, and the end-of-term report read
// back from its workbook and PDF.
import {
  type DisclosureDue,
  type DisclosureSchedule,
  type DisclosureTracker,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBudgetRules } from '../src/db/seed.ts';
import { manualClock } from '../src/lib/clock.ts';
import { call, passingPlan, post } from './budget-plans-helpers.ts';
import { pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { refusal } from './tracker-helpers.ts';

describe.each(DIALECTS)('full public disclosure on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;

  /** Moves the clock to an instant and signs the chairperson in again. */
  async function at(instant: string): Promise<Session> {
    t.clock.set(new Date(instant));
    chair = await loginAs(t.app, 'SKC', 'SB');
    return chair;
  }
  /** Noon of a Manila date. */
  const on = (date: string) => at(`${date}T04:00:00.000Z`);

  async function board(code = 'SB'): Promise<DisclosureSchedule> {
    const response = await call(t.app, 'GET', `/api/public/disclosure/${code}`, null);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ schedule: DisclosureSchedule }>().schedule;
  }
  const due = (schedule: DisclosureSchedule, document: string, year: number) =>
    schedule.nextDue.find((d) => d.document === document && d.year === year);
  const postReport = (document: string, year: number, session: Session = chair) =>
    call(t.app, 'POST', '/api/disclosure/postings', session, { document, year });

  beforeAll(async () => {
    // The demo posts the 2026 plan of each barangay at start (its ABYIP and annual budget).
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    chair = await loginAs(t.app, 'SKC', 'SB');
  });

  afterAll(async () => {
    await t.close();
  });

  it('records the posted plan with its date and a period from the rules table', async () => {
    const schedule = await board();
    const abyip = schedule.postings.find((p) => p.document === 'abyip' && p.year === 2026);
    expect(abyip).toMatchObject({
      postedOn: '2026-03-01T04:00:00.000Z',
      postedUntil: '2026-12-31',
      stillRequired: true,
      period: { basis: 'year-end', value: 0 },
    });
    expect(abyip?.period.source).toContain('DILG MC No. 2023-068');
    const rule = await t.app.services.db
      .selectFrom('disclosure_rules')
      .selectAll()
      .where('document', '=', 'abyip')
      .executeTakeFirstOrThrow();
    expect(abyip?.period.source).toBe(rule.source);
    expect(schedule.postings.some((p) => p.document === 'annual-budget' && p.year === 2026)).toBe(
      true,
    );
    expect(schedule.term).toMatchObject({ startsOn: '2023-11-30', endsOn: '2026-11-30' });
  });

  it('keeps a posting required through its last day, Manila time, and not after', async () => {
    // Under the limit, at it (the last minute of 31 December in Manila), over it.
    await on('2026-06-30');
    expect((await board()).postings.find((p) => p.document === 'abyip')?.stillRequired).toBe(true);
    await at('2026-12-31T15:59:00.000Z');
    expect((await board()).postings.find((p) => p.document === 'abyip')?.stillRequired).toBe(true);
    await at('2026-12-31T16:00:00.000Z');
    const after = await board();
    expect(after.asOf).toBe('2027-01-01');
    expect(after.postings.find((p) => p.document === 'abyip')?.stillRequired).toBe(false);
  });

  it('lists what is due next with deadlines from the rules and flags the overdue', async () => {
    await on('2026-03-01');
    const march = await board();
    // Next year's plan documents are due on 1 January; this year's annual report 30 days after
    // the year; the end-of-term report on the term's last day. Nothing overdue yet.
    expect(due(march, 'abyip', 2027)).toMatchObject({ dueOn: '2027-01-01', overdue: false });
    expect(due(march, 'annual-budget', 2027)?.confirmed).toBe(false);
    expect(due(march, 'annual-report', 2026)).toMatchObject({
      dueOn: '2027-01-30',
      overdue: false,
    });
    expect(due(march, 'end-of-term-report', 2026)).toMatchObject({
      dueOn: '2026-11-30',
      overdue: false,
    });
    // Posted already: not due.
    expect(due(march, 'abyip', 2026)).toBeUndefined();
    // Sorted by deadline.
    const dates = march.nextDue.map((d: DisclosureDue) => d.dueOn ?? '');
    expect(dates).toEqual([...dates].sort());
    // The deadline day itself is not overdue; the next Manila day is (23:30 and 00:30 Manila).
    await at('2026-11-30T15:30:00.000Z');
    expect(due(await board(), 'end-of-term-report', 2026)?.overdue).toBe(false);
    await at('2026-11-30T16:30:00.000Z');
    expect(due(await board(), 'end-of-term-report', 2026)?.overdue).toBe(true);
    // No plan for 2027 posted by 1 January: overdue from 2 January.
    await on('2027-01-01');
    expect(due(await board(), 'abyip', 2027)?.overdue).toBe(false);
    await on('2027-01-02');
    expect(due(await board(), 'abyip', 2027)?.overdue).toBe(true);
  });

  it('counts from the approval when a plan is approved after 1 January', async () => {
    await on('2028-02-12');
    const plan = await passingPlan(t.app, chair, 2028);
    const approved = await call(
      t.app,
      'POST',
      `/api/budget-plans/${String(plan.id)}/approve`,
      chair,
      {
        resolutionNumber: 'SK-2028-002',
        approvedOn: '2028-02-10',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const schedule = await board();
    expect(due(schedule, 'abyip', 2028)).toMatchObject({ dueOn: '2028-02-10', overdue: true });
    expect((await post(t.app, chair, plan.id)).statusCode).toBe(200);
    const after = await board();
    expect(due(after, 'abyip', 2028)).toBeUndefined();
    expect(after.postings.find((p) => p.document === 'abyip' && p.year === 2028)).toMatchObject({
      planId: plan.id,
      postedUntil: '2028-12-31',
      stillRequired: true,
    });
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select('new_value')
      .where('action', '=', 'PLAN_POSTED')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(String(audit.new_value)).toContain('"postedUntil":"2028-12-31"');
  });

  it('lets only the chairperson post the annual report, once its year has ended', async () => {
    await on('2026-12-20');
    const official = await loginAs(t.app, 'SKO', 'SB');
    const refused = await postReport('annual-report', 2026, official);
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused).code).toBe('PLAN_CHAIR_ONLY');
    const early = await postReport('annual-report', 2026);
    expect(early.statusCode).toBe(409);
    expect(refusal(early).code).toBe('DISCLOSURE_NOT_DUE_YET');
    expect(refusal(await postReport('annual-report', 2025)).code).toBe('DISCLOSURE_NO_PLAN');
    const bad = await postReport('rbcpb', 2026);
    expect(bad.statusCode).toBe(400);

    await on('2027-01-05');
    const posted = await postReport('annual-report', 2026);
    expect(posted.statusCode, posted.body).toBe(200);
    const schedule = posted.json<{ schedule: DisclosureSchedule }>().schedule;
    expect(
      schedule.postings.find((p) => p.document === 'annual-report' && p.year === 2026),
    ).toMatchObject({ postedOn: '2027-01-05T04:00:00.000Z', postedUntil: '2027-12-31' });
    expect(due(schedule, 'annual-report', 2026)).toBeUndefined();
    const again = await postReport('annual-report', 2026);
    expect(again.statusCode).toBe(409);
    expect(refusal(again).code).toBe('DISCLOSURE_ALREADY_POSTED');
    const audits = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'REPORT_POSTED')
      .execute();
    expect(audits).toHaveLength(1);
    // The other barangay's board is its own.
    expect((await board('NN')).postings.some((p) => p.document === 'annual-report')).toBe(false);
  });

  it('posts the end-of-term report and serves it computed from the plans and disbursements', async () => {
    const url = '/api/public/disclosure/SB/end-of-term/2026';
    await on('2026-11-27');
    expect((await call(t.app, 'GET', `${url}?format=xlsx`, null)).statusCode).toBe(404);
    expect(refusal(await postReport('end-of-term-report', 2025)).code).toBe('DISCLOSURE_NO_TERM');
    const posted = await postReport('end-of-term-report', 2026);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(
      posted
        .json<{ schedule: DisclosureSchedule }>()
        .schedule.postings.find((p) => p.document === 'end-of-term-report'),
    ).toMatchObject({ postedUntil: '2027-11-27', period: { basis: 'days', value: 365 } });

    const tracker = (
      await call(t.app, 'GET', '/api/public/disclosure/SB/tracker/2026', null)
    ).json<{ tracker: DisclosureTracker }>().tracker;
    const xlsx = await call(t.app, 'GET', `${url}?format=xlsx`, null);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await workbook(xlsx.rawPayload);
    const year = rowWith(sheet, 1, 2026 as unknown as string);
    expect(year.getCell(7).value).toBe(tracker.totals.appropriated);
    expect(year.getCell(8).value).toBe(tracker.totals.disbursed);
    expect(year.getCell(4).value).toBe(tracker.items.length);
    const none = rowWith(sheet, 1, 2024 as unknown as string);
    expect(none.getCell(2).value).toBe('None posted');
    const total = rowWith(sheet, 1, 'TERM TOTAL');
    expect((total.getCell(7).value as { result: number }).result).toBe(tracker.totals.appropriated);

    const pdf = await call(t.app, 'GET', `${url}?format=pdf`, null);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('SK END-OF-TERM REPORT');
    expect(text).toContain('November 30, 2023');
    expect(text).toContain('TERM TOTAL');
    // Not posted by the other barangay: not on its board.
    expect(
      (await call(t.app, 'GET', '/api/public/disclosure/NN/end-of-term/2026?format=pdf', null))
        .statusCode,
    ).toBe(404);
  });

  it('fails a requirement whose rule is missing, and refuses to post without it', async () => {
    await on('2029-01-03');
    await t.app.services.db
      .deleteFrom('disclosure_rules')
      .where('document', '=', 'annual-budget')
      .execute();
    expect(due(await board(), 'annual-budget', 2029)).toMatchObject({
      dueOn: null,
      overdue: true,
    });
    const plan = await passingPlan(t.app, chair, 2029);
    const approved = await call(
      t.app,
      'POST',
      `/api/budget-plans/${String(plan.id)}/approve`,
      chair,
      {
        resolutionNumber: 'SK-2029-001',
        approvedOn: '2029-01-02',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const refused = await post(t.app, chair, plan.id);
    expect(refused.statusCode).toBe(409);
    expect(refusal(refused).code).toBe('DISCLOSURE_RULE_MISSING');
    await seedBudgetRules(t.app.services.db);
    expect((await post(t.app, chair, plan.id)).statusCode).toBe(200);
  });

  it("lists a later year's approved plan as due until it is posted", async () => {
    await on('2029-02-01');
    const plan = await passingPlan(t.app, chair, 2031);
    const approved = await call(
      t.app,
      'POST',
      `/api/budget-plans/${String(plan.id)}/approve`,
      chair,
      { resolutionNumber: 'SK-2031-001', approvedOn: '2029-01-30' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const schedule = await board();
    expect(due(schedule, 'abyip', 2031)).toMatchObject({ dueOn: '2031-01-01', overdue: false });
    expect(due(schedule, 'annual-budget', 2031)).toMatchObject({ dueOn: '2031-01-01' });
    expect((await post(t.app, chair, plan.id)).statusCode).toBe(200);
    expect(due(await board(), 'abyip', 2031)).toBeUndefined();
  });

  it('keeps the period a posting was made under when the rule is corrected later', async () => {
    const before = (await board()).postings.find((p) => p.document === 'abyip' && p.year === 2026);
    await t.app.services.db
      .updateTable('disclosure_rules')
      .set({ stay_basis: 'days', stay_value: 30, source: 'a corrected reading' })
      .where('document', '=', 'abyip')
      .execute();
    const after = (await board()).postings.find((p) => p.document === 'abyip' && p.year === 2026);
    expect(after?.period).toEqual(before?.period);
    expect(after?.postedUntil).toBe('2026-12-31');
  });
});
