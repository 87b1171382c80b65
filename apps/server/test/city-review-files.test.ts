import type { CityPlanReviewResponse, PlanSubmission } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { approve, passingPlan } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, login, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { addCityAccounts, addCouncil, importCity } from './registry-helpers.ts';

// The city budget officer's review reads the submitted budget's approving resolution and its
// documents (ABYIP, annual budget) through the city's own calls, for a budget of its own city
// only; a PSGC barangay (numeric code) of a city other than the demo's.

const PENAFRANCIA = '0501724024';
const CITY = 'City of Naga';

describe.each(DIALECTS)('the city review’s resolution and documents on %s', (dialect) => {
  let t: TestApp;
  let budget: Session;
  let ydo: Session;
  let chair: Session;
  let submission: PlanSubmission;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    t.clock.set(new Date('2026-10-15T00:00:00.000Z'));
    const { db } = t.app.services;
    await importCity(db, CITY, 'Camarines Sur');
    await db
      .updateTable('barangays')
      .set({ is_active: 1 })
      .where('code', '=', PENAFRANCIA)
      .execute();
    await addCouncil(db, PENAFRANCIA, 'pen');
    const names = await addCityAccounts(db, CITY, 'NAGA', 'naga', ['CBO', 'CYDO'], 'Camarines Sur');
    budget = await login(t.app, names[0] ?? '', DEMO_PASSWORD, CITY);
    ydo = await login(t.app, names[1] ?? '', DEMO_PASSWORD, CITY);
    const official = await login(t.app, 'pen.official', DEMO_PASSWORD, PENAFRANCIA);
    chair = await login(t.app, 'pen.chair', DEMO_PASSWORD, PENAFRANCIA);
    const plan = await passingPlan(t.app, official, 2027);
    const approved = await approve(t.app, chair, plan.id, 'PEN-SK-2027-01');
    expect(approved.statusCode, approved.body).toBe(200);
    const form = multipart(
      {},
      { name: 'file', fileName: 'r.pdf', content: buildSimplePdf('SK Resolution', 'Budget 2027') },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/budget-plans/${String(plan.id)}/submit`,
      payload: form.payload,
      headers: { ...chair.headers, ...form.headers },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    submission = sent.json<{ submission: PlanSubmission }>().submission;
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  const get = (session: Session, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session.headers });
  const base = () => `/api/city/plan-reviews/${String(submission.id)}`;

  it('opens the approving resolution through a short-lived link, for every city role', async () => {
    for (const who of [budget, ydo]) {
      const answer = await get(who, `${base()}/resolution-url`);
      expect(answer.statusCode, answer.body).toBe(200);
      const link = answer.json<{ url: string }>().url;
      const pdf = await t.app.inject({ method: 'GET', url: link });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('downloads the submitted plan’s ABYIP and annual budget', async () => {
    const abyip = await get(budget, `${base()}/documents/abyip?format=pdf`);
    expect(abyip.statusCode, abyip.body).toBe(200);
    expect(abyip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const annual = await get(budget, `${base()}/documents/annual-budget?format=xlsx`);
    expect(annual.statusCode, annual.body).toBe(200);
    expect(annual.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get(budget, `${base()}/documents/other?format=pdf`)).statusCode).toBe(400);
  });

  it('gives the review the honoraria with the lines', async () => {
    const review = await get(budget, base());
    expect(review.statusCode, review.body).toBe(200);
    const { plan } = review.json<CityPlanReviewResponse>();
    expect(plan.honoraria.length).toBeGreaterThan(0);
    expect(plan.totals.honoraria).toBeGreaterThan(0);
  });

  it('keeps them from another city and from the council’s own accounts', async () => {
    const quezon = await login(t.app, 'qc.budget');
    for (const url of [`${base()}/resolution-url`, `${base()}/documents/abyip?format=pdf`]) {
      const other = await get(quezon, url);
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('PEN-SK');
      expect([401, 403]).toContain((await get(chair, url)).statusCode);
    }
  });
});
