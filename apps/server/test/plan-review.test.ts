import type {
  BudgetPlan,
  CityDashboard,
  CityPlanReviewResponse,
  CityPlanReviewsResponse,
  PlanReviewStatus,
  PlanSubmission,
  ReviewDeadline,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { approve, call, passingPlan, revisePlan } from './budget-plans-helpers.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  startSmtpCapture,
  type Session,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { addCityAccounts, importCity } from './registry-helpers.ts';

// An approved SK budget submitted to its city, the city budget officer's review
// within the days of the rules table (Manila calendar days), the no-action outcome, e-mails.

/** 08:00 in Manila on `date` (00:00 UTC). */
const manilaMorning = (date: string) => new Date(`${date}T00:00:00.000Z`);
/** 23:59 in Manila on `date` (15:59 UTC): still that Manila day. */
const manilaLate = (date: string) => new Date(`${date}T15:59:00.000Z`);
/** 00:00 in Manila on the day after `date` (16:00 UTC of `date`). */
const manilaMidnightAfter = (date: string) => new Date(`${date}T16:00:00.000Z`);

const byRule = (deadlines: ReviewDeadline[], rule: ReviewDeadline['rule']) =>
  deadlines.find((d) => d.rule === rule);

describe.each(DIALECTS)('plan review on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let chair: Session;
  let official: Session;
  let otherChair: Session;
  let budget: Session;
  let ydo: Session;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' },
    });
    t.clock.set(manilaMorning('2026-10-15'));
    const db = t.app.services.db;
    // The chair reads Filipino, the budget officer English: each mail in its reader's language.
    await db
      .updateTable('users')
      .set({ language: 'fil' })
      .where('username_key', '=', 'sb.chair')
      .execute();
    await signIn();
  }, 180_000);

  /** Sessions signed in at the test clock's time (a jump of weeks ends the earlier ones). */
  async function signIn() {
    chair = await login(t.app, 'sb.chair');
    official = await login(t.app, 'sb.official');
    otherChair = await login(t.app, 'nn.chair');
    budget = await login(t.app, 'qc.budget');
    ydo = await login(t.app, 'qc.ydo');
  }
  /** Sets the test clock and signs everyone in again. */
  async function at(when: Date) {
    t.clock.set(when);
    await signIn();
  }

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const url = (id: number, rest = '') => `/api/budget-plans/${String(id)}${rest}`;
  const reviewUrl = (id: number, rest = '') => `/api/city/plan-reviews/${String(id)}${rest}`;
  const status = async (id: number) => {
    const response = await call(t.app, 'GET', url(id, '/review'), chair);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ review: PlanReviewStatus }>().review;
  };
  const submit = async (id: number) => {
    const response = await call(t.app, 'POST', url(id, '/submit'), chair, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ submission: PlanSubmission }>().submission;
  };
  /** San Bartolome's review on the city dashboard of `year`, as the budget officer reads it. */
  const dashboardReview = async (year: number) => {
    const response = await call(t.app, 'GET', `/api/city/dashboard?year=${String(year)}`, budget);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CityDashboard>().rows.find((r) => r.code === 'SB')?.review;
  };
  const audits = (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('module', '=', 'Budget Review')
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  /** An approved plan of `year`, approved on `approvedOn`, with no resolution file. */
  const approvedPlan = async (year: number, approvedOn: string) => {
    const plan = await passingPlan(t.app, official, year);
    const response = await call(t.app, 'POST', url(plan.id, '/approve'), chair, {
      resolutionNumber: `SK-${String(year)}-01`,
      approvedOn,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ plan: BudgetPlan }>().plan;
  };

  it('counts the posting and submission days from approval, at, before and after the day', async () => {
    await at(manilaMorning('2026-10-15'));
    const plan = await approvedPlan(2041, '2026-10-15');
    const before = await status(plan.id);
    expect(before.submittable).toBe(true);
    expect(byRule(before.deadlines, 'review-post-resolution-days')).toMatchObject({
      days: 5,
      dueOn: '2026-10-20',
      daysRemaining: 5,
      late: false,
      source: 'JMC No. 1 s. 2019 (DBM-DILG-NYC) item 3.3.3.3',
    });
    expect(byRule(before.deadlines, 'review-submit-days')).toMatchObject({
      days: 10,
      dueOn: '2026-10-25',
      daysRemaining: 10,
    });
    // The last minute of the tenth Manila day: 0 days remain, not late.
    await at(manilaLate('2026-10-25'));
    const onTheDay = byRule((await status(plan.id)).deadlines, 'review-submit-days');
    expect(onTheDay).toMatchObject({ daysRemaining: 0, late: false });
    // Midnight in Manila (16:00 UTC): the next day, late by one.
    await at(manilaMidnightAfter('2026-10-25'));
    const after = await status(plan.id);
    expect(byRule(after.deadlines, 'review-submit-days')).toMatchObject({
      daysRemaining: -1,
      late: true,
    });
    expect(byRule(after.deadlines, 'review-post-resolution-days')?.late).toBe(true);
  });

  it('lets only the chair submit an approved plan of the council, with a resolution', async () => {
    await at(manilaMorning('2026-10-16'));
    const plan = await approvedPlan(2042, '2026-10-15');
    const draft = await passingPlan(t.app, official, 2043);
    const byOfficial = await call(t.app, 'POST', url(plan.id, '/submit'), official, {});
    expect(byOfficial.statusCode).toBe(403);
    expect(byOfficial.json()).toMatchObject({ code: 'PLAN_CHAIR_ONLY' });
    const foreign = await call(t.app, 'POST', url(plan.id, '/submit'), otherChair, {});
    expect(foreign.statusCode).toBe(404);
    const city = await call(t.app, 'POST', url(plan.id, '/submit'), budget, {});
    expect(city.statusCode).toBe(403);
    const notApproved = await call(t.app, 'POST', url(draft.id, '/submit'), chair, {});
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toMatchObject({ code: 'PLAN_NOT_SUBMITTABLE' });
    const noFile = await call(t.app, 'POST', url(plan.id, '/submit'), chair, {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'PLAN_NO_RESOLUTION' });

    const pdf = buildSimplePdf('SK Resolution No. 12', 'Approving the SK annual budget.');
    const form = multipart({}, { name: 'file', fileName: 'Resolution 12.pdf', content: pdf });
    const sent = await t.app.inject({
      method: 'POST',
      url: url(plan.id, '/submit'),
      payload: form.payload,
      headers: { ...chair.headers, ...form.headers },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const submission = sent.json<{ submission: PlanSubmission }>().submission;
    expect(submission).toMatchObject({
      state: 'submitted',
      receivedOn: '2026-10-16',
      barangay: { code: 'SB' },
    });
    expect(byRule(submission.deadlines, 'review-submit-days')).toMatchObject({
      doneOn: '2026-10-16',
      late: false,
      daysRemaining: null,
    });
    expect(byRule(submission.deadlines, 'review-days')).toMatchObject({
      dueOn: '2026-12-15',
      daysRemaining: 60,
      source: 'JMC No. 1 s. 2019 (DBM-DILG-NYC) item 3.3.4.1; RA 10742 s. 20(d)',
    });
    // The PDF is now the plan's resolution; a second submission of the version is refused.
    const stored = await call(t.app, 'GET', url(plan.id), chair);
    expect(stored.json<{ plan: BudgetPlan }>().plan.approval?.hasResolutionFile).toBe(true);
    const again = await call(t.app, 'POST', url(plan.id, '/submit'), chair, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PLAN_ALREADY_SUBMITTED' });

    const [entry] = (await audits('PLAN_SUBMITTED')).filter((a) =>
      a.new_value?.includes(`"planId":${String(plan.id)}`),
    );
    expect(entry).toMatchObject({ username: 'sb.chair' });
    expect(entry?.new_value).toContain('"reviewDueOn":"2026-12-15"');
    // The city's budget officer is told, in English (its language).
    const mail = await smtp.waitFor(
      (m) => m.to.includes('qc.budget.demo@gmail.com') && m.subject.includes('2042'),
    );
    expect(mail.subject).toBe('SK budget 2042 of San Bartolome submitted for review');
    expect(mail.text).toContain('The review is due on 2026-12-15.');
  });

  it("keeps each city to its own barangays' submissions and lets only the budget officer decide", async () => {
    await at(manilaMorning('2026-10-20'));
    const plan = await approvedPlan(2044, '2026-10-19');
    const db = t.app.services.db;
    const form = multipart(
      {},
      {
        name: 'file',
        fileName: 'r.pdf',
        content: buildSimplePdf('SK Resolution', 'Budget'),
      },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: url(plan.id, '/submit'),
      payload: form.payload,
      headers: { ...chair.headers, ...form.headers },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json<{ submission: PlanSubmission }>().submission.id;

    await importCity(db, 'City of Makati');
    const [mktName] = await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CBO']);
    const mkt = await login(t.app, mktName ?? '', DEMO_PASSWORD, 'City of Makati');
    expect((await call(t.app, 'GET', reviewUrl(id), mkt)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', reviewUrl(id, '/start'), mkt)).statusCode).toBe(404);
    const mktList = await call(t.app, 'GET', '/api/city/plan-reviews', mkt);
    expect(mktList.json<CityPlanReviewsResponse>().submissions).toEqual([]);
    // Council accounts never reach the city's calls.
    expect((await call(t.app, 'GET', '/api/city/plan-reviews', chair)).statusCode).toBe(403);

    const asYdo = await call(t.app, 'GET', reviewUrl(id), ydo);
    expect(asYdo.statusCode, asYdo.body).toBe(200);
    const detail = asYdo.json<CityPlanReviewResponse>();
    expect(detail.canDecide).toBe(false);
    expect(detail.plan.id).toBe(plan.id);
    expect(detail.checks.length).toBeGreaterThan(0);
    expect(detail.checks).toEqual(detail.plan.checks);
    const refused = await call(t.app, 'POST', reviewUrl(id, '/start'), ydo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REVIEW_BUDGET_OFFICER_ONLY' });

    const list = await call(t.app, 'GET', '/api/city/plan-reviews?year=2044', budget);
    const queue = list.json<CityPlanReviewsResponse>();
    expect(queue.canDecide).toBe(true);
    expect(queue.submissions.map((s) => s.id)).toEqual([id]);
    expect(byRule(queue.submissions[0]?.deadlines ?? [], 'review-days')?.daysRemaining).toBe(60);
  });

  it('records findings line by line; the chair reads each reason and submits a new version', async () => {
    await at(manilaMorning('2026-11-02'));
    const plan = await approvedPlan(2045, '2026-11-01');
    await t.app.services.db
      .updateTable('budget_plans')
      .set({ resolution_stored_name: 'stored-resolution.pdf' })
      .where('id', '=', plan.id)
      .execute();
    const submission = await submit(plan.id);
    const started = await call(t.app, 'POST', reviewUrl(submission.id, '/start'), budget);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<{ submission: PlanSubmission }>().submission.state).toBe('under_review');

    const [line] = plan.lines;
    const ref = line?.referenceCode ?? '';
    const unknown = await call(t.app, 'PUT', reviewUrl(submission.id, '/findings'), budget, {
      findings: [{ lineRef: 'NO-SUCH-LINE', inoperative: true, reason: 'x', rule: 'y' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'REVIEW_UNKNOWN_LINE' });
    const finding = {
      lineRef: ref,
      inoperative: true,
      reason: 'Not a youth development programme.',
      rule: 'RA 10742 s. 20(b)',
    };
    const saved = await call(t.app, 'PUT', reviewUrl(submission.id, '/findings'), budget, {
      findings: [finding],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const decision = {
      sanggunianResolutionNumber: 'SP-2026-118',
      sanggunianResolutionDate: '2026-11-02',
    };
    const inconsistent = await call(t.app, 'POST', reviewUrl(submission.id, '/decide'), budget, {
      outcome: 'operative',
      ...decision,
    });
    expect(inconsistent.statusCode).toBe(400);
    const decided = await call(t.app, 'POST', reviewUrl(submission.id, '/decide'), budget, {
      outcome: 'items_inoperative',
      ...decision,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<{ submission: PlanSubmission }>().submission).toMatchObject({
      state: 'reviewed',
      outcome: 'items_inoperative',
      sanggunianResolutionNumber: 'SP-2026-118',
    });
    const twice = await call(t.app, 'POST', reviewUrl(submission.id, '/decide'), budget, {
      outcome: 'items_inoperative',
      ...decision,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'REVIEW_NOT_OPEN' });

    // The chair sees the outcome and each item's reason and rule; a Filipino e-mail.
    const review = await status(plan.id);
    expect(review.submission?.findings).toEqual([finding]);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('sb.chair.demo@gmail.com') && m.subject.includes('2045'),
    );
    expect(mail.subject).toBe(
      'Ang inyong SK budget 2045: may mga item na idineklarang inoperative',
    );
    expect(mail.text).toContain(`${ref}: Not a youth development programme. (RA 10742 s. 20(b))`);
    for (const action of [
      'PLAN_REVIEW_STARTED',
      'PLAN_REVIEW_FINDINGS_SAVED',
      'PLAN_REVIEW_DECIDED',
    ]) {
      expect((await audits(action)).at(-1)?.username).toBe('qc.budget');
    }

    // A new version (the revise flow), approved and submitted again.
    const next = await revisePlan(t.app, chair, plan.id);
    const approvedNext = await approve(t.app, chair, next.id, 'SK-2045-02');
    expect(approvedNext.statusCode, approvedNext.body).toBe(200);
    await t.app.services.db
      .updateTable('budget_plans')
      .set({ resolution_stored_name: 'stored-resolution-2.pdf' })
      .where('id', '=', next.id)
      .execute();
    const resubmitted = await submit(next.id);
    expect(resubmitted).toMatchObject({ state: 'submitted', amendment: 1 });
  });

  it('deems a budget operative once its review day passes without action, recorded once', async () => {
    await at(manilaMorning('2026-11-01'));
    const plan = await approvedPlan(2046, '2026-10-30');
    const onTime = await approvedPlan(2047, '2026-10-30');
    for (const id of [plan.id, onTime.id]) {
      await t.app.services.db
        .updateTable('budget_plans')
        .set({ resolution_stored_name: `res-${String(id)}.pdf` })
        .where('id', '=', id)
        .execute();
    }
    const late = await submit(plan.id);
    const decidedOnDay = await submit(onTime.id);
    // Day 59: one day remains.
    await at(manilaLate('2026-12-30'));
    const day59 = (
      await call(t.app, 'GET', reviewUrl(late.id), budget)
    ).json<CityPlanReviewResponse>();
    expect(byRule(day59.submission.deadlines, 'review-days')).toMatchObject({
      dueOn: '2026-12-31',
      daysRemaining: 1,
      late: false,
    });
    // The 60th day, to its last minute: still open, and a decision is taken.
    await at(manilaLate('2026-12-31'));
    const day60 = (
      await call(t.app, 'GET', reviewUrl(late.id), budget)
    ).json<CityPlanReviewResponse>();
    expect(day60.submission.state).toBe('submitted');
    expect(byRule(day60.submission.deadlines, 'review-days')?.daysRemaining).toBe(0);
    // The city dashboard shows the same review on the barangay's row.
    expect(await dashboardReview(2046)).toMatchObject({
      submissionId: late.id,
      state: 'submitted',
      dueOn: '2026-12-31',
      daysRemaining: 0,
      late: false,
    });
    const inTime = await call(t.app, 'POST', reviewUrl(decidedOnDay.id, '/decide'), budget, {
      outcome: 'operative_with_conditions',
      conditions: 'Liquidate the 2046 training before release.',
      sanggunianResolutionNumber: 'SP-2026-200',
      sanggunianResolutionDate: '2026-12-31',
    });
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(
      byRule(inTime.json<{ submission: PlanSubmission }>().submission.deadlines, 'review-days'),
    ).toMatchObject({ doneOn: '2026-12-31', late: false });

    // Midnight in Manila: the day after the 60th. Deemed operative, recorded the first time.
    await at(manilaMidnightAfter('2026-12-31'));
    expect(await dashboardReview(2046)).toMatchObject({ state: 'deemed_operative', late: false });
    expect(await dashboardReview(2047)).toMatchObject({
      state: 'reviewed',
      outcome: 'operative_with_conditions',
    });
    expect(await dashboardReview(2048)).toBeNull();
    const queue = await call(t.app, 'GET', '/api/city/plan-reviews', budget);
    const deemed = queue.json<CityPlanReviewsResponse>().submissions.find((s) => s.id === late.id);
    expect(deemed?.state).toBe('deemed_operative');
    expect(byRule(deemed?.deadlines ?? [], 'review-days')?.late).toBe(true);
    await call(t.app, 'GET', reviewUrl(late.id), ydo);
    expect((await status(plan.id)).submission?.state).toBe('deemed_operative');
    const recorded = (await audits('PLAN_REVIEW_DEEMED_OPERATIVE')).filter((a) =>
      a.description.includes('2046'),
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.description).toContain('RA 7160 (Local Government Code) s. 333');
    const row = await t.app.services.db
      .selectFrom('plan_submissions')
      .select(['state', 'deemed_at'])
      .where('id', '=', late.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'deemed_operative', deemed_at: '2026-12-31T16:00:00.000Z' });
    const tooLate = await call(t.app, 'POST', reviewUrl(late.id, '/decide'), budget, {
      outcome: 'operative',
      sanggunianResolutionNumber: 'SP-2027-001',
      sanggunianResolutionDate: '2027-01-01',
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ code: 'REVIEW_DEADLINE_PASSED' });
    const mail = await smtp.waitFor(
      (m) => m.to.includes('sb.chair.demo@gmail.com') && m.subject.includes('2046'),
    );
    expect(mail.subject).toContain('itinuturing na operative');
  });

  it("dates the sanggunian's action by its resolution: never in the future nor before receipt, timely when dated within the period", async () => {
    await at(manilaMorning('2027-01-10'));
    const plan = await approvedPlan(2049, '2027-01-08');
    await t.app.services.db
      .updateTable('budget_plans')
      .set({ resolution_stored_name: 'res-2049.pdf' })
      .where('id', '=', plan.id)
      .execute();
    const submission = await submit(plan.id);
    expect(submission.receivedOn).toBe('2027-01-10');
    const decide = (date: string) =>
      call(t.app, 'POST', reviewUrl(submission.id, '/decide'), budget, {
        outcome: 'operative',
        sanggunianResolutionNumber: 'SP-2027-049',
        sanggunianResolutionDate: date,
      });
    for (const date of ['2099-12-31', '2027-01-11']) {
      const refused = await decide(date);
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'REVIEW_RESOLUTION_DATE',
        message: expect.stringContaining('after today (2027-01-10)'),
      });
    }
    const early = await decide('2027-01-09');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: 'REVIEW_RESOLUTION_DATE',
      message: expect.stringContaining('before the city received the budget (2027-01-10)'),
    });

    // Past the review day (2027-03-11) the no-action outcome is recorded; a resolution dated
    // after it cannot undo that, one dated within it was timely and is recorded late.
    await at(manilaMorning('2027-03-20'));
    expect(await dashboardReview(2049)).toMatchObject({ state: 'deemed_operative' });
    const after = await decide('2027-03-12');
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({
      code: 'REVIEW_DEADLINE_PASSED',
      message: expect.stringContaining('2027-03-11'),
    });
    const timely = await decide('2027-03-05');
    expect(timely.statusCode, timely.body).toBe(200);
    const decided = timely.json<{ submission: PlanSubmission }>().submission;
    expect(decided).toMatchObject({ state: 'reviewed', outcome: 'operative' });
    expect(byRule(decided.deadlines, 'review-days')).toMatchObject({
      doneOn: '2027-03-05',
      late: false,
    });
    const entry = (await audits('PLAN_REVIEW_DECIDED')).at(-1);
    expect(entry?.description).toContain('recorded after the review day 2027-03-11');
  });

  it('keeps one review open per barangay and year; a superseded version is never decided nor deemed', async () => {
    await at(manilaMorning('2027-04-01'));
    const plan = await approvedPlan(2051, '2027-03-30');
    await t.app.services.db
      .updateTable('budget_plans')
      .set({ resolution_stored_name: 'res-2051.pdf' })
      .where('id', '=', plan.id)
      .execute();
    const submission = await submit(plan.id);
    // A new version may be drafted, not approved nor submitted while the review runs.
    const next = await revisePlan(t.app, chair, plan.id);
    const refused = await approve(t.app, chair, next.id, 'SK-2051-02');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'REVIEW_OPEN',
      message: expect.stringContaining('the original version of this budget until 2027-05-31'),
    });
    const decided = await call(t.app, 'POST', reviewUrl(submission.id, '/decide'), budget, {
      outcome: 'operative',
      sanggunianResolutionNumber: 'SP-2027-051',
      sanggunianResolutionDate: '2027-04-01',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const approvedNext = await approve(t.app, chair, next.id, 'SK-2051-02');
    expect(approvedNext.statusCode, approvedNext.body).toBe(200);

    // Data from before the rule: an open review of a version since superseded.
    const { db } = t.app.services;
    await db
      .updateTable('plan_submissions')
      .set({ state: 'submitted', decided_at: null, outcome: null })
      .where('id', '=', submission.id)
      .execute();
    const start = await call(t.app, 'POST', reviewUrl(submission.id, '/start'), budget);
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ code: 'REVIEW_SUPERSEDED' });
    await at(manilaMorning('2027-08-01'));
    const read = (
      await call(t.app, 'GET', reviewUrl(submission.id), budget)
    ).json<CityPlanReviewResponse>();
    expect(read.submission.state).toBe('submitted');
    const row = await db
      .selectFrom('plan_submissions')
      .select(['state', 'deemed_at'])
      .where('id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'submitted', deemed_at: null });
  });

  it('fails, never passes, when a deadline rule is missing from the rules table', async () => {
    await at(manilaMorning('2026-11-05'));
    const plan = await approvedPlan(2048, '2026-11-04');
    await t.app.services.db
      .updateTable('budget_plans')
      .set({ resolution_stored_name: 'res-2048.pdf' })
      .where('id', '=', plan.id)
      .execute();
    await t.app.services.db
      .deleteFrom('budget_rules')
      .where('rule_key', '=', 'review-days')
      .execute();
    const refused = await call(t.app, 'POST', url(plan.id, '/submit'), chair, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'REVIEW_RULE_MISSING' });
  });
});
