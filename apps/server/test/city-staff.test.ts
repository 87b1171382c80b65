import type { CityAccountsResponse, OnboardingLink, PlanSubmission } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { approve, passingPlan } from './budget-plans-helpers.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  loginAttempt,
  startSmtpCapture,
  type ReceivedMail,
  type Session,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { addCityAccounts, addCouncil, importCity } from './registry-helpers.ts';

// The city's own staff, on a city imported from the PSGC registry (City of Naga, Camarines Sur,
// numeric barangay codes): its administrator makes, deactivates and activates again the city's
// accounts, each e-mailed a one-time link; a budget reaching a city with no active budget
// officer tells the chair (the submit answer) and the city's administrators (e-mail).

const CITY = 'City of Naga';
const PROVINCE = 'Camarines Sur';
const PASSWORD = 'Kalayaan#2026';

function tokenIn(mail: ReceivedMail): string {
  const match = /\/city\?token=([0-9]+\.[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) {
    throw new Error(`no link in e-mail: ${mail.text}`);
  }
  return match[1];
}

describe.each(DIALECTS)('city staff on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let ca: Session;
  let cityId = 0;
  let barangay = { code: '', name: '' };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, {
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMIT_PER_MINUTE: '100000',
        PUBLIC_URL: 'https://naga.example',
      },
    });
    t.clock.set(new Date('2026-10-16T00:00:00.000Z'));
    const db = t.app.services.db;
    const naga = await importCity(db, CITY, PROVINCE);
    await addCityAccounts(db, CITY, 'NAGA', 'naga', ['CA', 'CYDO'], PROVINCE);
    await importCity(db, 'City of Makati');
    await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CA']);
    const city = await db
      .selectFrom('users')
      .select('barangay_id')
      .where('username_key', '=', 'naga.ca')
      .executeTakeFirstOrThrow();
    cityId = city.barangay_id;
    // A barangay of Naga whose name no other barangay of the installation has.
    for (const candidate of naga.list) {
      const same = await db
        .selectFrom('barangays')
        .select('code')
        .where('kind', '=', 'barangay')
        .where('name', '=', candidate.name)
        .execute();
      if (same.length === 1 && same[0]) {
        barangay = { code: same[0].code, name: candidate.name };
        break;
      }
    }
    expect(barangay.code).toMatch(/^\d{10}$/);
    await addCouncil(db, barangay.code, 'pen');
    ca = await login(t.app, 'naga.ca', DEMO_PASSWORD, CITY);
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (
    session: Session | null,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: session?.headers ?? {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const audits = (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .select(['username', 'description', 'barangay_id'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const accounts = async () => {
    const response = await call(ca, 'GET', '/api/city/accounts');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CityAccountsResponse>().accounts;
  };
  const idOf = async (username: string) =>
    (
      await t.app.services.db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', username)
        .executeTakeFirstOrThrow()
    ).id;
  const newAccount = (
    username: string,
    position: string,
    email = `${username.replace('.', '_')}@gmail.com`,
  ) => ({
    username,
    fullName: 'Maria Budget Officer',
    emailAddress: email,
    position,
    language: 'en',
  });
  const setActive = (session: Session, id: number, active: boolean) =>
    call(session, 'PUT', `/api/city/accounts/${String(id)}/active`, { active });

  it('makes a budget officer who sets a password by the e-mailed link and signs in with the city', async () => {
    const created = await call(ca, 'POST', '/api/city/accounts', newAccount('naga.budget', 'CBO'));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<{ message: string }>().message).toContain('naga_budget@gmail.com');
    const mail = await smtp.waitFor((m) => m.to.includes('naga_budget@gmail.com'));
    expect(mail.subject).toBe('Set your SK Tanaw password');
    expect(mail.text).toContain('City of Naga made you its Budget Officer in SK Tanaw.');
    expect(mail.text).toContain(`: ${CITY}`);
    expect(mail.text).toContain('naga.budget');
    expect(mail.text).toContain('https://naga.example/city?token=');
    const token = tokenIn(mail);
    const listed = (await accounts()).find((a) => a.username === 'naga.budget');
    expect(listed).toMatchObject({ position: 'CBO', active: true, passwordSet: false });

    // The set-password page learns for whom the link is; a wrong token learns nothing.
    const link = await call(null, 'POST', '/api/onboarding/link', { token });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<{ link: OnboardingLink }>().link).toEqual({
      username: 'naga.budget',
      kind: 'city',
      place: CITY,
      barangayCode: null,
    });
    const [id] = token.split('.');
    const wrong = await call(null, 'POST', '/api/onboarding/link', {
      token: `${id ?? ''}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'ONBOARDING_LINK_INVALID',
      message: expect.not.stringContaining('naga'),
    });

    const before = await loginAttempt(t.app, {
      username: 'naga.budget',
      password: PASSWORD,
      barangay: CITY,
      ip: '10.7.0.1',
    });
    expect(before.statusCode).toBe(401);
    const set = await call(null, 'POST', '/api/onboarding/password', {
      token,
      newPassword: PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    const used = await call(null, 'POST', '/api/onboarding/link', { token });
    expect(used.json<{ code: string }>().code).toBe('ONBOARDING_LINK_USED');
    const budget = await login(t.app, 'naga.budget', PASSWORD, CITY);
    const reviews = await call(budget, 'GET', '/api/city/plan-reviews');
    expect(reviews.statusCode, reviews.body).toBe(200);
    expect(reviews.json<{ canDecide: boolean }>().canDecide).toBe(true);
    expect((await accounts()).find((a) => a.username === 'naga.budget')?.passwordSet).toBe(true);

    // More than one of a position: a second CA, in Filipino.
    const second = await call(ca, 'POST', '/api/city/accounts', {
      ...newAccount('naga.admin2', 'CA'),
      language: 'fil',
    });
    expect(second.statusCode, second.body).toBe(200);
    const fil = await smtp.waitFor((m) => m.to.includes('naga_admin2@gmail.com'));
    expect(fil.subject).toBe('Itakda ang inyong password sa SK Tanaw');
    expect(fil.text).toContain('bilang City Administrator');

    const made = await audits('CITY_ACCOUNT_CREATED');
    expect(made.map((a) => [a.username, a.barangay_id])).toEqual([
      ['naga.ca', cityId],
      ['naga.ca', cityId],
    ]);
    expect(made[0]?.description).toContain(
      'naga.budget (Maria Budget Officer), CBO (Budget Officer)',
    );
    expect((await audits('SET_FIRST_PASSWORD')).map((a) => a.username)).toEqual(['naga.budget']);
  });

  it("says a barangay administrator's link is for the barangay by its numeric code", async () => {
    const other = await t.app.services.db
      .selectFrom('barangays')
      .select(['code', 'name'])
      .where('kind', '=', 'barangay')
      .where('city', '=', CITY)
      .where('code', '!=', barangay.code)
      .orderBy('name_key')
      .executeTakeFirstOrThrow();
    const made = await call(ca, 'POST', `/api/city/barangays/${other.code}/admin`, {
      username: 'first.admin',
      fullName: 'Jose First',
      emailAddress: 'first.admin@gmail.com',
      language: 'en',
    });
    expect(made.statusCode, made.body).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('first.admin@gmail.com'));
    const link = await call(null, 'POST', '/api/onboarding/link', { token: tokenIn(mail) });
    expect(link.json<{ link: OnboardingLink }>().link).toEqual({
      username: 'first.admin',
      kind: 'barangay',
      place: other.name,
      barangayCode: other.code,
    });
  });

  it("refuses anyone but the city's administrator, other cities' accounts and bad input", async () => {
    const ydo = await login(t.app, 'naga.cydo', DEMO_PASSWORD, CITY);
    const chair = await login(t.app, 'pen.chair', DEMO_PASSWORD, barangay.name);
    const makati = await login(t.app, 'mkt.ca', DEMO_PASSWORD, 'City of Makati');
    const budgetId = await idOf('naga.budget');
    for (const [response, status, code] of [
      [await call(ydo, 'GET', '/api/city/accounts'), 403, 'CITY_ACCOUNTS_ADMIN_ONLY'],
      [
        await call(ydo, 'POST', '/api/city/accounts', newAccount('x.ydo', 'CBO')),
        403,
        'CITY_ACCOUNTS_ADMIN_ONLY',
      ],
      [await setActive(ydo, budgetId, false), 403, 'CITY_ACCOUNTS_ADMIN_ONLY'],
      [await setActive(chair, budgetId, false), 403, undefined],
      [await call(null, 'GET', '/api/city/accounts'), 401, undefined],
      // Another city's administrator: the account is not there for it.
      [await setActive(makati, budgetId, false), 404, 'CITY_ACCOUNT_NOT_FOUND'],
      // A council account of one of Naga's barangays is not a city account.
      [await setActive(ca, await idOf('pen.chair'), false), 404, 'CITY_ACCOUNT_NOT_FOUND'],
      [await setActive(ca, 999999, false), 404, 'CITY_ACCOUNT_NOT_FOUND'],
      [await setActive(ca, await idOf('naga.ca'), false), 403, 'CITY_ACCOUNT_SELF'],
      [
        await call(ca, 'POST', '/api/city/accounts', newAccount('sb.admin', 'CBO')),
        409,
        'USERNAME_TAKEN',
      ],
      [
        await call(ca, 'POST', '/api/city/accounts', newAccount('NAGA.Budget', 'SKF')),
        409,
        'USERNAME_TAKEN',
      ],
    ] as const) {
      expect(response.statusCode, response.body).toBe(status);
      if (code) {
        expect(response.json<{ code: string }>().code).toBe(code);
      }
    }
    // Accounts made otherwise (the command line, the demo) have their password.
    expect((await accounts()).find((a) => a.username === 'naga.cydo')?.passwordSet).toBe(true);
    const makatiList = await call(makati, 'GET', '/api/city/accounts');
    expect(makatiList.json<CityAccountsResponse>().accounts.map((a) => a.username)).toEqual([
      'mkt.ca',
    ]);
    // Bad input: each refusal says what is wrong, in words.
    const bad = async (body: object, words: string) => {
      const response = await call(ca, 'POST', '/api/city/accounts', {
        ...newAccount('naga.bad', 'CBO'),
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(words);
    };
    await bad({ position: 'MA' }, 'Choose the position: CA, CYDO, CBO or SKF.');
    await bad({ position: undefined }, 'Choose the position');
    await bad({ emailAddress: 'maria@' }, 'mail');
    await bad({ fullName: '  ' }, 'Full name');
    await bad({ username: 'has space' }, 'sername');
    expect((await accounts()).map((a) => a.username)).not.toContain('naga.bad');
  });

  it('deactivation ends the sessions and refuses sign-in; activation restores it; audited', async () => {
    const budget = await login(t.app, 'naga.budget', PASSWORD, CITY);
    expect((await call(budget, 'GET', '/api/city/plan-reviews')).statusCode).toBe(200);
    const id = await idOf('naga.budget');
    const off = await setActive(ca, id, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ message: string }>().message).toBe(
      'naga.budget is deactivated: it cannot sign in and its sessions have ended.',
    );
    expect((await call(budget, 'GET', '/api/city/plan-reviews')).statusCode).toBe(401);
    const open = await t.app.services.db
      .selectFrom('sessions')
      .select(['end_reason'])
      .where('user_id', '=', id)
      .where('outcome', '=', 'success')
      .execute();
    expect(open.map((s) => s.end_reason)).toEqual(open.map(() => 'deactivated'));
    const refused = await loginAttempt(t.app, {
      username: 'naga.budget',
      password: PASSWORD,
      barangay: CITY,
      ip: '10.7.0.2',
    });
    expect(refused.statusCode).toBe(401);
    expect((await accounts()).find((a) => a.username === 'naga.budget')?.active).toBe(false);
    const again = await setActive(ca, id, false);
    expect(again.json<{ message: string }>().message).toBe('naga.budget is already deactivated.');

    const on = await setActive(ca, id, true);
    expect(on.statusCode, on.body).toBe(200);
    const back = await login(t.app, 'naga.budget', PASSWORD, CITY);
    expect((await call(back, 'GET', '/api/city/plan-reviews')).statusCode).toBe(200);
    const entries = [
      ...(await audits('CITY_ACCOUNT_DEACTIVATED')),
      ...(await audits('CITY_ACCOUNT_ACTIVATED')),
    ];
    expect(entries.map((e) => [e.username, e.barangay_id])).toEqual([
      ['naga.ca', cityId],
      ['naga.ca', cityId],
    ]);
    expect(entries[0]?.description).toBe(
      'naga.ca deactivated the account naga.budget (Maria Budget Officer), CBO (Budget Officer)',
    );
  });

  it('keeps one active city administrator when two deactivate each other at once', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes('naga_admin2@gmail.com'));
    const set = await call(null, 'POST', '/api/onboarding/password', {
      token: tokenIn(mail),
      newPassword: PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    const second = await login(t.app, 'naga.admin2', PASSWORD, CITY);
    const [a, b] = await Promise.all([
      setActive(ca, await idOf('naga.admin2'), false),
      setActive(second, await idOf('naga.ca'), false),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const active = await t.app.services.db
      .selectFrom('users')
      .select('username')
      .where('barangay_id', '=', cityId)
      .where('position', '=', 'CA')
      .where('is_archived', '=', 0)
      .execute();
    expect(active).toHaveLength(1);
    // Whoever is left activates the other again.
    const left = active[0]?.username === 'naga.ca' ? ca : second;
    const other = active[0]?.username === 'naga.ca' ? 'naga.admin2' : 'naga.ca';
    expect((await setActive(left, await idOf(other), true)).statusCode).toBe(200);
    ca = await login(t.app, 'naga.ca', DEMO_PASSWORD, CITY);
  });

  it("tells the chair and the city's administrators when the city has no active budget officer", async () => {
    const official = await login(t.app, 'pen.official', DEMO_PASSWORD, barangay.name);
    const chair = await login(t.app, 'pen.chair', DEMO_PASSWORD, barangay.name);
    const submit = async (year: number) => {
      const plan = await passingPlan(t.app, official, year);
      const approved = await approve(t.app, chair, plan.id, `SK-${String(year)}-01`);
      expect(approved.statusCode, approved.body).toBe(200);
      const form = multipart(
        {},
        { name: 'file', fileName: 'r.pdf', content: buildSimplePdf('SK Resolution', 'Budget') },
      );
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/budget-plans/${String(plan.id)}/submit`,
        payload: form.payload,
        headers: { ...chair.headers, ...form.headers },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json<{
        submission: PlanSubmission;
        warning?: { code: string; message: string };
      }>();
    };
    expect((await setActive(ca, await idOf('naga.budget'), false)).statusCode).toBe(200);
    const alone = await submit(2027);
    expect(alone.submission.state).toBe('submitted');
    expect(alone.warning).toEqual({
      code: 'NO_BUDGET_OFFICER',
      message: expect.stringContaining('no active budget officer'),
    });
    // Both active administrators are told by e-mail; the deactivated budget officer is not.
    // Both active administrators are told by e-mail, each in its language; the deactivated
    // budget officer is not.
    const told = await smtp.waitFor(
      (m) => m.to.includes('naga.ca.test@gmail.com') && m.subject.includes('2027'),
    );
    expect(told.subject).toBe(
      `SK budget 2027 of ${barangay.name} is waiting: the city has no budget officer`,
    );
    expect(told.text).toContain('City of Naga has no active budget officer in SK Tanaw');
    const toldFil = await smtp.waitFor(
      (m) => m.to.includes('naga_admin2@gmail.com') && m.subject.includes('2027'),
    );
    expect(toldFil.subject).toBe(
      `Naghihintay ang SK budget 2027 ng ${barangay.name}: walang budget officer ang lungsod`,
    );
    expect((await setActive(ca, await idOf('naga.budget'), true)).statusCode).toBe(200);
    const reviewed = await submit(2028);
    expect(reviewed.warning).toBeUndefined();
    const officer = await smtp.waitFor(
      (m) => m.to.includes('naga_budget@gmail.com') && m.subject.includes('2028'),
    );
    expect(officer.subject).toBe(`SK budget 2028 of ${barangay.name} submitted for review`);
    expect(
      smtp.messages.filter(
        (m) => m.subject.includes('2028') && !m.to.includes('naga_budget@gmail.com'),
      ),
    ).toEqual([]);
    expect(
      smtp.messages.filter(
        (m) => m.to.includes('naga_budget@gmail.com') && m.subject.includes('2027'),
      ),
    ).toEqual([]);
  });
});
