import type {
  BudgetPlan,
  CityBarangaysResponse,
  CityDashboard,
  DirectoryResponse,
  PlanSubmission,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin } from '../src/features/auth/first-admin.ts';
import { ensureCityRow } from '../src/features/barangays/names-repository.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { manualClock } from '../src/lib/clock.ts';
import { findCities, psgcRegistry } from '../src/lib/psgc.ts';
import { call, passingPlan } from './budget-plans-helpers.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  loginAttempt,
  startSmtpCapture,
  type Session,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';
import { youth } from './kk-helpers.ts';
import { multipart } from './projects-helpers.ts';
import { importCity } from './registry-helpers.ts';

// A real city from the PSGC registry, on an installation without demo data: its barangays
// carry the registry's ten-digit codes (Peñafrancia, City of Naga: 0501724024), and every
// public page, sign-in and city call must take them as they take the demo's SB and NN.

const PASSWORD = 'Kalayaan#2026';
const CODE = '0501724024';
const NAME = 'Peñafrancia';
const CITY = 'City of Naga';
const YEAR = 2027;

describe.each(DIALECTS)('PSGC-coded barangays on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let ca: Session;
  let cbo: Session;
  let chair: Session;
  let official: Session;

  /** An account of `position` in the barangay (or city) row `barangayId`, password set. */
  const addAccount = async (barangayId: number, username: string, position: string) => {
    const { db, hasher } = t.app.services;
    const stamp = t.clock.now().toISOString();
    await db
      .insertInto('users')
      .values({
        barangay_id: barangayId,
        username,
        username_key: username,
        password_hash: await hasher.hash(PASSWORD),
        full_name: `${username} person`,
        position,
        email: `${username}@gmail.com`,
        phone: `0917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        created_at: stamp,
        updated_at: stamp,
        password_changed_at: stamp,
      })
      .execute();
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, {
      env: { SEED_DEMO: 'false', SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' },
      clock: manualClock(new Date('2026-10-16T01:00:00Z')),
    });
    const { db, hasher, clock } = t.app.services;
    await importCity(db, CITY, 'Camarines Sur');
    const [city] = findCities(psgcRegistry(), CITY, 'Camarines Sur');
    if (!city) {
      throw new Error('City of Naga is not in the registry');
    }
    // The city's row with its PSGC code, as `npm run barangays -- add-city` makes it.
    const cityRow = await ensureCityRow(db, city, city.psgc, clock.now());
    await createFirstAdmin(db, hasher, clock, {
      username: 'naga.ca',
      fullName: 'Naga City Administrator',
      barangay: CITY,
      email: 'naga.ca@gmail.com',
      phone: '09171112222',
      password: PASSWORD,
      position: 'CA',
    });
    await addAccount(cityRow.id, 'naga.cbo', 'CBO');
    const barangay = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', CODE)
      .executeTakeFirstOrThrow();
    await addAccount(barangay.id, 'pena.chair', 'SKC');
    await addAccount(barangay.id, 'pena.official', 'SKO');
    ca = await login(t.app, 'naga.ca', PASSWORD, CITY);
    cbo = await login(t.app, 'naga.cbo', PASSWORD, CITY);
    chair = await login(t.app, 'pena.chair', PASSWORD, NAME);
    official = await login(t.app, 'pena.official', PASSWORD, NAME);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores the registry code and signs a council in by the barangay name or that code', async () => {
    const row = await t.app.services.db
      .selectFrom('barangays')
      .select(['code', 'name', 'city'])
      .where('code', '=', CODE)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ code: CODE, name: NAME, city: CITY });
    const byCode = await loginAttempt(t.app, {
      username: 'pena.chair',
      password: PASSWORD,
      barangay: CODE,
      ip: '10.41.0.1',
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const me = await call(t.app, 'GET', '/api/user-data', chair);
    expect(me.json<{ userInfo: { barangay: string } }>().userInfo.barangay).toBe(NAME);
  });

  it('lists the barangay in the public directory and finds it by its code', async () => {
    const found = await call(
      t.app,
      'GET',
      `/api/public/directory?q=${encodeURIComponent('penafrancia')}`,
      null,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<DirectoryResponse>().barangays).toEqual([
      expect.objectContaining({ code: CODE, name: NAME, city: CITY, posted: false }),
    ]);
    const lookup = await call(t.app, 'GET', `/api/barangays?code=${CODE}`, null);
    expect(lookup.json<{ barangays: { code: string }[] }>().barangays).toEqual([
      expect.objectContaining({ code: CODE, name: NAME }),
    ]);
  });

  it('runs the city routes with the numeric code: list, one barangay, serving, first administrator', async () => {
    const list = await call(t.app, 'GET', '/api/city/barangays', ca);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<CityBarangaysResponse>().barangays;
    expect(listed.length).toBeGreaterThanOrEqual(27);
    expect(listed.find((b) => b.code === CODE)).toMatchObject({ name: NAME });

    const one = await call(t.app, 'GET', `/api/city/barangays/${CODE}`, ca);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ barangay: { code: string } }>().barangay.code).toBe(CODE);

    const off = await call(t.app, 'PUT', `/api/city/barangays/${CODE}/active`, ca, {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await loginAttempt(t.app, {
      username: 'pena.chair',
      password: PASSWORD,
      barangay: CODE,
      ip: '10.41.0.2',
    });
    expect(refused.statusCode).not.toBe(200);
    const on = await call(t.app, 'PUT', `/api/city/barangays/${CODE}/active`, ca, {
      active: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    // Not serving the barangay ended its sessions: its council signs in again.
    chair = await login(t.app, 'pena.chair', PASSWORD, NAME);
    official = await login(t.app, 'pena.official', PASSWORD, CODE);

    const created = await call(t.app, 'POST', `/api/city/barangays/${CODE}/admin`, ca, {
      username: 'pena.admin',
      fullName: 'Maria Peñafrancia Reyes',
      emailAddress: 'pena.admin@gmail.com',
      language: 'en',
    });
    expect(created.statusCode, created.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('pena.admin@gmail.com'));
    const token = /\/city\?token=([0-9]+\.[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const set = await call(t.app, 'POST', '/api/onboarding/password', null, {
      token,
      newPassword: PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    await login(t.app, 'pena.admin', PASSWORD, CODE);

    // A code of another shape or of another city's barangay is not one of the city's.
    expect((await call(t.app, 'GET', '/api/city/barangays/05017-24024', ca)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/city/barangays/1380100001', ca)).statusCode).toBe(404);
  });

  it('takes the public youth form by the numeric code (GET and POST) and counts it for the city', async () => {
    const form = await call(t.app, 'GET', `/api/public/kk/${CODE}`, null);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json<{ barangay: unknown }>().barangay).toEqual({ code: CODE, name: NAME });
    const sent = await call(t.app, 'POST', `/api/public/kk/${CODE}/profiles`, null, {
      ...youth('2026-10-16', 21),
      consent: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const pending = await t.app.services.db
      .selectFrom('kk_profiles')
      .innerJoin('barangays', 'barangays.id', 'kk_profiles.barangay_id')
      .select('barangays.code')
      .execute();
    expect(pending.map((p) => p.code)).toEqual([CODE]);

    const stats = await call(t.app, 'GET', `/api/city/kk/stats?barangay=${CODE}`, ca);
    expect(stats.statusCode, stats.body).toBe(200);
    const workbook = await call(t.app, 'GET', `/api/city/kk/stats.xlsx?barangay=${CODE}`, ca);
    expect(workbook.statusCode, workbook.body.slice(0, 200)).toBe(200);
    const odd = await call(t.app, 'GET', '/api/city/kk/stats?barangay=0501-724024', ca);
    expect(odd.statusCode).toBe(400);
  });

  it('posts a plan to the public board and its documents, and the city reviews its submission', async () => {
    const plan = await passingPlan(t.app, official, YEAR);
    const approved = await call(
      t.app,
      'POST',
      `/api/budget-plans/${String(plan.id)}/approve`,
      chair,
      {
        resolutionNumber: 'SK-2026-07',
        approvedOn: '2026-10-15',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const posted = await call(t.app, 'POST', `/api/budget-plans/${String(plan.id)}/post`, chair);
    expect(posted.statusCode, posted.body).toBe(200);

    const board = await call(t.app, 'GET', `/api/public/disclosure/${CODE}`, null);
    expect(board.statusCode, board.body).toBe(200);
    const shown = board.json<{ barangay: unknown; plans: { id: number }[] }>();
    expect(shown.barangay).toEqual({ code: CODE, name: NAME });
    expect(shown.plans.map((p) => p.id)).toEqual([plan.id]);
    const base = `/api/public/disclosure/${CODE}`;
    const pdf = await call(t.app, 'GET', `${base}/plans/${String(plan.id)}/abyip?format=pdf`, null);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const xlsx = await call(
      t.app,
      'GET',
      `${base}/plans/${String(plan.id)}/abyip?format=xlsx`,
      null,
    );
    expect(xlsx.statusCode).toBe(200);
    const tracker = await call(t.app, 'GET', `${base}/tracker/${String(YEAR)}`, null);
    expect(tracker.statusCode, tracker.body).toBe(200);
    const endOfTerm = await call(t.app, 'GET', `${base}/end-of-term/2026?format=xlsx`, null);
    expect(endOfTerm.statusCode, endOfTerm.body.slice(0, 200)).not.toBe(400);
    const directory = await call(t.app, 'GET', `/api/public/directory?q=penafrancia`, null);
    expect(directory.json<DirectoryResponse>().barangays[0]).toMatchObject({ code: CODE });

    // Submitted to the city with its resolution: the budget officer lists, opens and starts it.
    const file = multipart(
      {},
      {
        name: 'file',
        fileName: 'Resolution 7.pdf',
        content: buildSimplePdf('SK Resolution No. 7', 'Approving the SK annual budget.'),
      },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/budget-plans/${String(plan.id)}/submit`,
      payload: file.payload,
      headers: { ...chair.headers, ...file.headers },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const submission = sent.json<{ submission: PlanSubmission }>().submission;
    expect(submission.barangay).toMatchObject({ code: CODE, name: NAME });
    const reviews = await call(t.app, 'GET', '/api/city/plan-reviews', cbo);
    expect(reviews.statusCode, reviews.body).toBe(200);
    expect(reviews.body).toContain(CODE);
    const opened = await call(t.app, 'GET', `/api/city/plan-reviews/${String(submission.id)}`, cbo);
    expect(opened.statusCode, opened.body).toBe(200);
    const started = await call(
      t.app,
      'POST',
      `/api/city/plan-reviews/${String(submission.id)}/start`,
      cbo,
    );
    expect(started.statusCode, started.body).toBe(200);

    const dashboard = await call(t.app, 'GET', `/api/city/dashboard?year=${String(YEAR)}`, ca);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json<CityDashboard>().rows.find((r) => r.code === CODE)).toMatchObject({
      name: NAME,
    });
    const proposals = await call(t.app, 'GET', '/api/city/proposals', ca);
    expect(proposals.statusCode, proposals.body).toBe(200);
    const stored = await call(t.app, 'GET', `/api/budget-plans/${String(plan.id)}`, chair);
    expect(stored.json<{ plan: BudgetPlan }>().plan.status).toBe('posted');
  });

  it('refuses codes that are not letters or digits on the public board, with a clear message', async () => {
    for (const bad of ['05017%2024024', 'a'.repeat(21), '%20']) {
      const response = await call(t.app, 'GET', `/api/public/disclosure/${bad}`, null);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(
        /^Barangay code must be 1 to 20 letters or digits/,
      );
    }
    expect((await call(t.app, 'GET', '/api/public/disclosure/0501724999', null)).statusCode).toBe(
      404,
    );
  });
});
