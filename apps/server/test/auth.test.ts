import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DIALECTS, createTestApp, login, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('sign-in API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('signs in a demo account and answers the spec shape', async () => {
    const response = await post('/api/login', {
      username: 'sb.chair',
      password: DEMO_PASSWORD,
      barangay: 'San Bartolome',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      user: { username: 'sb.chair', position: 'SKC', role: 'SKC', isDefaultPassword: false },
    });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user.userId).toEqual(expect.any(Number));
    const cookie = response.headers['set-cookie'];
    expect(String(cookie)).toMatch(/HttpOnly/);
    expect(String(cookie)).toMatch(/SameSite=Strict/);
  });

  it('answers user-data with userInfo and kills the token at logout', async () => {
    const s = await login(t.app, 'nn.official');
    const data = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: s.headers });
    expect(data.statusCode).toBe(200);
    expect(data.json().userInfo).toEqual({
      userID: s.userId,
      userName: 'nn.official',
      fullName: 'Joshua Mendoza',
      position: 'SKO',
      role: 'SKO',
      emailAddress: 'nn.official.demo@yahoo.com',
      phoneNumber: '09170000006',
      barangay: 'Nagkaisang Nayon',
      isDefaultPassword: false,
      // The council duties the account holds, shown beside the position (none here).
      duties: [],
    });
    const out = await post('/api/logout', undefined, s.headers);
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: s.headers });
    expect(after.statusCode).toBe(401);
  });

  it('accepts the Nagkaisang Ngayon spelling as the same barangay', async () => {
    const s = await login(t.app, 'nn.chair', DEMO_PASSWORD, 'nagkaisang  NGAYON');
    expect(s.token).toBeTruthy();
  });

  it('refuses unknown user, wrong password and wrong barangay with the same answer', async () => {
    const attempts = [
      { username: 'nobody.here', password: DEMO_PASSWORD, barangay: 'San Bartolome' },
      { username: 'sb.official', password: 'Wrong#Pass1', barangay: 'San Bartolome' },
      { username: 'sb.official', password: DEMO_PASSWORD, barangay: 'Nagkaisang Nayon' },
    ];
    const answers = await Promise.all(attempts.map((a) => post('/api/login', a)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        success: false,
        code: expect.any(String),
        message: AUTH_MESSAGES.invalidCredentials,
      });
    }
  });
});
