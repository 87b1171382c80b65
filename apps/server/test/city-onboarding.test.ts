import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutes } from '../src/lib/clock.ts';
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

// The city administrator activates a barangay, creates its first
// administrator, who sets a password through a one-time, expiring, audited e-mailed link.

const PASSWORD = 'Kalayaan#2026';

function tokenIn(mail: ReceivedMail): string {
  const match = /\/city\?token=([0-9]+\.[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) {
    throw new Error(`no link in e-mail: ${mail.text}`);
  }
  return match[1];
}

describe.each(DIALECTS)('city onboarding on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: Session;
  let code = '';
  let name = '';

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, {
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMIT_PER_MINUTE: '100000',
        PUBLIC_URL: 'https://qc.example',
      },
    });
    admin = await login(t.app, 'qc.admin');
    // A Quezon City barangay with no account yet, not SB or NN.
    const row = await t.app.services.db
      .selectFrom('barangays')
      .select(['code', 'name'])
      .where('kind', '=', 'barangay')
      .where('city', '=', 'Quezon City')
      .where('code', 'not in', ['SB', 'NN'])
      .orderBy('name_key')
      .executeTakeFirstOrThrow();
    code = row.code;
    name = row.name;
  }, 180_000);

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (session: Session, method: 'PUT' | 'POST', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: session.headers, payload: payload as object });
  const audits = (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .select(['username', 'description', 'barangay_id'])
      .where('action', '=', action)
      .execute();
  const newAdmin = (username: string, email: string, language: 'en' | 'fil' = 'fil') => ({
    username,
    fullName: 'Liza Soberano',
    emailAddress: email,
    language,
  });

  it('deactivation hides a barangay and refuses sign-in; activation serves it again, audited', async () => {
    const off = await call(admin, 'PUT', `/api/city/barangays/${code}/active`, { active: false });
    expect(off.statusCode).toBe(200);
    const search = await t.app.inject({ method: 'GET', url: `/api/barangays?code=${code}` });
    expect(search.json<{ barangays: unknown[] }>().barangays).toEqual([]);
    const refused = await call(
      admin,
      'POST',
      `/api/city/barangays/${code}/admin`,
      newAdmin('x.admin', 'x.admin@gmail.com'),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('BARANGAY_NOT_SERVED');
    const on = await call(admin, 'PUT', `/api/city/barangays/${code}/active`, { active: true });
    expect(on.statusCode).toBe(200);
    const entries = [...(await audits('DEACTIVATE')), ...(await audits('ACTIVATE'))];
    expect(entries.map((e) => e.username)).toEqual(['qc.admin', 'qc.admin']);
  });

  it('only the city administrator onboards, and only in its own city', async () => {
    const ydo = await login(t.app, 'qc.ydo');
    const byYdo = await call(ydo, 'PUT', `/api/city/barangays/${code}/active`, { active: false });
    expect(byYdo.statusCode).toBe(403);
    expect(byYdo.json<{ code: string }>().code).toBe('CITY_ADMIN_ONLY');
    // A barangay of another city is not there for Quezon City's administrator.
    const outside = await call(admin, 'PUT', '/api/city/barangays/1376001001/active', {
      active: false,
    });
    expect(outside.statusCode).toBe(404);
    const chair = await login(t.app, 'sb.chair');
    expect(
      (await call(chair, 'PUT', `/api/city/barangays/SB/active`, { active: false })).statusCode,
    ).toBe(403);
    // SB has its administrator already.
    const sb = await call(
      admin,
      'POST',
      '/api/city/barangays/SB/admin',
      newAdmin('y.admin', 'y.admin@gmail.com'),
    );
    expect(sb.statusCode).toBe(409);
    expect(sb.json<{ code: string }>().code).toBe('BARANGAY_HAS_ADMIN');
  });

  it('creates the first administrator, whose e-mailed link sets a password once', async () => {
    const email = 'liza.onboard@gmail.com';
    const created = await call(
      admin,
      'POST',
      `/api/city/barangays/${code}/admin`,
      newAdmin('liza.admin', email),
    );
    expect(created.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    // In the language chosen for the account (Filipino), with the configured address.
    expect(mail.subject).toBe('Itakda ang inyong password sa SK Tanaw');
    expect(mail.text).toContain(`Barangay ${name}`);
    expect(mail.text).toContain('https://qc.example/city?token=');
    const token = tokenIn(mail);
    // Only the HMAC is stored, never the token.
    const rows = await t.app.services.db
      .selectFrom('password_reset_codes')
      .select(['code_hash', 'purpose'])
      .where('purpose', '=', 'onboarding')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(token.split('.')[1] ?? '');
    // Cannot sign in before the password is set.
    const before = await loginAttempt(t.app, {
      username: 'liza.admin',
      password: PASSWORD,
      barangay: name,
      ip: '10.8.0.1',
    });
    expect(before.statusCode).toBe(401);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/password',
      payload: { token, newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ code: string }>().code).toBe('WEAK_PASSWORD');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/password',
      payload: { token: `${token}x`, newPassword: PASSWORD },
    });
    expect(wrong.json<{ code: string }>().code).toBe('ONBOARDING_LINK_INVALID');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/password',
      payload: { token, newPassword: PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/password',
      payload: { token, newPassword: 'Another#2026x' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ code: string }>().code).toBe('ONBOARDING_LINK_USED');
    const session = await login(t.app, 'liza.admin', PASSWORD, name);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: session.headers,
    });
    expect(dashboard.statusCode).toBe(200);
    // The new administrator then makes the council's accounts in its own barangay, named by its
    // registry name (not one of the spec's two); another barangay or a city's name is refused.
    const account = (barangay: string, username: string) =>
      call(session, 'POST', '/api/admin/create-account', {
        username,
        fullName: 'Juan Onboarded',
        barangay,
        emailAddress: `${username}@gmail.com`,
        phoneNumber: '09171234567',
      });
    const made = await account(name, 'juan.onboarded');
    expect(made.statusCode, made.body).toBe(200);
    const mailed = await smtp.waitFor((m) => m.to.includes('juan.onboarded@gmail.com'));
    expect(mailed.text).toContain(`Barangay ${name}`);
    const other = await account('San Bartolome', 'juan.other');
    expect(other.statusCode).toBe(403);
    expect(other.json<{ code: string }>().code).toBe('OTHER_BARANGAY');
    const city = await account('Quezon City', 'juan.city');
    expect(city.statusCode).toBe(400);
    expect(city.json<{ code: string }>().code).toBe('INVALID_BARANGAY');
    const users = await t.app.services.db
      .selectFrom('users')
      .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
      .select('barangays.code')
      .where('username_key', '=', 'juan.onboarded')
      .execute();
    expect(users).toEqual([{ code }]);
    expect((await audits('CREATE_BARANGAY_ADMIN')).map((a) => a.username)).toEqual(['qc.admin']);
    expect((await audits('SET_FIRST_PASSWORD')).map((a) => a.username)).toEqual(['liza.admin']);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/city/barangays/${code}`,
      headers: admin.headers,
    });
    expect(list.json<{ barangay: { hasAdmin: boolean } }>().barangay.hasAdmin).toBe(true);
  });

  it('refuses an expired link with its own message', async () => {
    const other = await t.app.services.db
      .selectFrom('barangays')
      .select(['code'])
      .where('kind', '=', 'barangay')
      .where('city', '=', 'Quezon City')
      .where('code', 'not in', ['SB', 'NN', code])
      .orderBy('name_key')
      .executeTakeFirstOrThrow();
    const email = 'late.onboard@gmail.com';
    const created = await call(
      admin,
      'POST',
      `/api/city/barangays/${other.code}/admin`,
      newAdmin('late.admin', email, 'en'),
    );
    expect(created.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Set your SK Tanaw password');
    t.clock.advance(minutes(72 * 60) + 1000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/password',
      payload: { token: tokenIn(mail), newPassword: PASSWORD },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ code: string }>().code).toBe('ONBOARDING_LINK_EXPIRED');
  });
});
