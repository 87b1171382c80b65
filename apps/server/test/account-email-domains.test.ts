import { ADMIN_MESSAGES } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { accountEmailProblem } from '../src/lib/account-email.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  startSmtpCapture,
  type Session,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';

// The account e-mail rule (spec part 2 section 9: gmail.com, outlook.com, yahoo.com) with an
// installation's own domains from ACCOUNT_EMAIL_DOMAINS, the same in every call that makes an
// account, and its refusal without any internal field name.

const NAGA =
  'Invalid email domain. Only @gmail.com, @outlook.com, @yahoo.com, and @naga.gov.ph are allowed.';

describe('ACCOUNT_EMAIL_DOMAINS', () => {
  it('defaults to none and reads a comma-separated list, refusing what is not a domain', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).accountEmailDomains).toEqual([]);
    expect(
      loadConfig({ NODE_ENV: 'test', ACCOUNT_EMAIL_DOMAINS: ' Naga.gov.ph, @camsur.gov.ph ,' })
        .accountEmailDomains,
    ).toEqual(['naga.gov.ph', 'camsur.gov.ph']);
    expect(() => loadConfig({ NODE_ENV: 'test', ACCOUNT_EMAIL_DOMAINS: 'naga gov ph' })).toThrow(
      /ACCOUNT_EMAIL_DOMAINS: must be domain names/,
    );
  });

  it('keeps the spec sentence for its three domains and lists an installation’s own', () => {
    const none = { accountEmailDomains: [] };
    const naga = { accountEmailDomains: ['naga.gov.ph'] };
    expect(accountEmailProblem('ana@naga.gov.ph', none)).toBe(ADMIN_MESSAGES.emailDomain);
    expect(accountEmailProblem('ana@NAGA.gov.ph', naga)).toBeNull();
    expect(accountEmailProblem('ana@gmail.com', naga)).toBeNull();
    expect(accountEmailProblem('ana@naga.gov.ph.evil.ph', naga)).toBe(NAGA);
    expect(accountEmailProblem('ana@sub.naga.gov.ph', naga)).toBe(NAGA);
    expect(accountEmailProblem('', naga)).toBe(ADMIN_MESSAGES.emailRequired);
    expect(accountEmailProblem('ana', naga)).toBe(ADMIN_MESSAGES.emailInvalid);
  });
});

describe.each(DIALECTS)('account e-mail domains on %s', (dialect) => {
  let smtp: SmtpCapture;
  let plain: TestApp;
  let naga: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const env = { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' };
    plain = await createTestApp(dialect, { env });
    naga = await createTestApp(dialect, { env: { ...env, ACCOUNT_EMAIL_DOMAINS: 'naga.gov.ph' } });
  }, 120_000);
  afterAll(async () => {
    await plain.close();
    await naga.close();
    await smtp.close();
  });

  const post = (t: TestApp, session: Session, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: session.headers, payload });
  const account = (username: string, emailAddress: string) => ({
    username,
    fullName: 'Ana Cruz',
    barangay: 'San Bartolome',
    emailAddress,
    phoneNumber: '09171234567',
  });
  /** A Quezon City barangay without an administrator, for the city's onboarding call. */
  const freeBarangay = async (t: TestApp) =>
    (
      await t.app.services.db
        .selectFrom('barangays')
        .select('code')
        .where('kind', '=', 'barangay')
        .where('city', '=', 'Quezon City')
        .where('code', 'not in', ['SB', 'NN'])
        .where('is_active', '=', 1)
        .orderBy('name_key')
        .executeTakeFirstOrThrow()
    ).code;

  it('tells the web which domains it accepts', async () => {
    const domains = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/api/site-info' })).json<{
        accountEmailDomains: string[];
      }>().accountEmailDomains;
    expect(await domains(plain)).toEqual(['gmail.com', 'outlook.com', 'yahoo.com']);
    expect(await domains(naga)).toEqual(['gmail.com', 'outlook.com', 'yahoo.com', 'naga.gov.ph']);
  });

  it('refuses another domain with the spec sentence alone, in the admin and the city calls', async () => {
    const ma = await login(plain.app, 'sb.admin');
    const ca = await login(plain.app, 'qc.admin');
    const created = await post(
      plain,
      ma,
      '/api/admin/create-account',
      account('naga.one', 'one@naga.gov.ph'),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      message: ADMIN_MESSAGES.emailDomain,
      code: 'VALIDATION_ERROR',
    });
    const code = await freeBarangay(plain);
    const onboarded = await post(plain, ca, `/api/city/barangays/${code}/admin`, {
      username: 'naga.two',
      fullName: 'Ana Cruz',
      emailAddress: 'two@naga.gov.ph',
      language: 'en',
    });
    expect(onboarded.statusCode).toBe(400);
    // What the city's dialog showed: "emailAddress: Invalid email domain. ...".
    expect(onboarded.json<{ message: string }>().message).toBe(ADMIN_MESSAGES.emailDomain);
    const staff = await post(plain, ca, '/api/city/accounts', {
      username: 'naga.five',
      fullName: 'Ana Cruz',
      emailAddress: 'five@naga.gov.ph',
      position: 'CBO',
      language: 'en',
    });
    expect(staff.statusCode).toBe(400);
    expect(staff.json<{ message: string }>().message).toBe(ADMIN_MESSAGES.emailDomain);
    const users = await plain.app.services.db
      .selectFrom('users')
      .select('id')
      .where('username_key', 'in', ['naga.one', 'naga.two', 'naga.five'])
      .execute();
    expect(users).toEqual([]);
  });

  it('accepts the installation’s own domain everywhere, and names it when refusing', async () => {
    const ma = await login(naga.app, 'sb.admin');
    const ca = await login(naga.app, 'qc.admin');
    const created = await post(
      naga,
      ma,
      '/api/admin/create-account',
      account('naga.one', 'one@Naga.gov.ph'),
    );
    expect(created.statusCode, created.body).toBe(200);
    const code = await freeBarangay(naga);
    const onboarded = await post(naga, ca, `/api/city/barangays/${code}/admin`, {
      username: 'naga.two',
      fullName: 'Ana Cruz',
      emailAddress: 'two@naga.gov.ph',
      language: 'en',
    });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    const staff = await post(naga, ca, '/api/city/accounts', {
      username: 'naga.five',
      fullName: 'Ana Cruz',
      emailAddress: 'five@naga.gov.ph',
      position: 'CBO',
      language: 'en',
    });
    expect(staff.statusCode, staff.body).toBe(200);
    const refused = await post(
      naga,
      ma,
      '/api/admin/create-account',
      account('naga.three', 'three@hotmail.com'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(NAGA);
  });

  it('never puts a field name before a sentence of the contract', async () => {
    const ma = await login(plain.app, 'sb.admin');
    const response = await post(plain, ma, '/api/admin/create-account', {
      ...account('naga.four', 'four@gmail.com'),
      phoneNumber: '0917',
    });
    expect(response.json<{ message: string }>().message).toBe(ADMIN_MESSAGES.phoneInvalid);
    const missing = await post(plain, ma, '/api/admin/create-account', {
      ...account('naga.four', 'four@gmail.com'),
      emailAddress: 'not-an-email',
    });
    expect(missing.json<{ message: string }>().message).toBe(ADMIN_MESSAGES.emailInvalid);
  });
});
