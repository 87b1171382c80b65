import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { minutes } from '../src/lib/clock.ts';
import {
  DIALECTS,
  createTestApp,
  loginAttempt,
  login,
  type Session,
  type TestApp,
} from './helpers.ts';

const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe.each(DIALECTS)('sign-in security on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (
    username: string,
    password: string,
    barangay = 'San Bartolome',
    ip = '10.0.0.1',
  ) => loginAttempt(t.app, { username, password, barangay, ip });
  const userData = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/user-data', headers });

  it('locks the account after 10 failures in 15 minutes, even to the right password, then unlocks', async () => {
    for (let i = 0; i < 10; i += 1) {
      const r = await attempt('nn.chair', 'Wrong#Pass1', 'Nagkaisang Nayon');
      expect(r.statusCode).toBe(401);
    }
    const locked = await attempt('nn.chair', DEMO_PASSWORD, 'Nagkaisang Nayon');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: AUTH_MESSAGES.accountLocked,
    });
    t.clock.advance(minutes(14));
    expect((await attempt('nn.chair', DEMO_PASSWORD, 'Nagkaisang Nayon')).statusCode).toBe(429);
    t.clock.advance(minutes(1) + 1000);
    expect((await attempt('nn.chair', DEMO_PASSWORD, 'Nagkaisang Nayon')).statusCode).toBe(200);
  });

  it('locks unknown usernames the same way, so a lock reveals nothing', async () => {
    for (let i = 0; i < 10; i += 1) {
      await attempt('ghost.user', 'Wrong#Pass1');
    }
    const r = await attempt('ghost.user', 'Wrong#Pass1');
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toBe(AUTH_MESSAGES.accountLocked);
  });

  it('writes an audit entry and a session-log row for login, failure, lock and logout', async () => {
    const before = await t.app.services.db.selectFrom('audit_log').select('action').execute();
    await attempt('sb.admin', 'Wrong#Pass1');
    const s = await login(t.app, 'sb.admin');
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: s.headers });
    const after = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'username', 'module'])
      .orderBy('id')
      .execute();
    expect(after.slice(before.length).map((a) => a.action)).toEqual([
      'LOGIN_FAILED',
      'LOGIN',
      'LOGOUT',
    ]);
    expect(after.map((a) => a.action)).toContain('ACCOUNT_LOCKED');
    const sessions = await t.app.services.db
      .selectFrom('sessions')
      .select(['outcome', 'ended_at', 'end_reason'])
      .where('username_key', '=', 'sb.admin')
      .orderBy('created_at')
      .execute();
    expect(sessions.map((x) => x.outcome)).toEqual(['failed', 'success']);
    expect(sessions[1]?.end_reason).toBe('logout');
  });

  it('keeps the audit log append-only in the database itself', async () => {
    await expect(
      t.app.services.db.updateTable('audit_log').set({ action: 'X' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.app.services.db.deleteFrom('audit_log').execute()).rejects.toThrow(
      /append-only/,
    );
  });

  it('lets two concurrent logins of one user both work and both appear in the session log', async () => {
    const [a, b] = await Promise.all([login(t.app, 'nn.official'), login(t.app, 'nn.official')]);
    expect((await userData(a.headers)).statusCode).toBe(200);
    expect((await userData(b.headers)).statusCode).toBe(200);
    const live = await t.app.services.db
      .selectFrom('sessions')
      .select('id')
      .where('username_key', '=', 'nn.official')
      .where('outcome', '=', 'success')
      .where('ended_at', 'is', null)
      .execute();
    expect(live.length).toBeGreaterThanOrEqual(2);
  });

  describe('tokens', () => {
    let s: Session;
    beforeAll(async () => {
      s = await login(t.app, 'sb.official');
    });

    it('refuses a request without a token, or with the token but without the cookie', async () => {
      expect((await userData({})).statusCode).toBe(401);
      expect((await userData({ authorization: `Bearer ${s.token}` })).statusCode).toBe(401);
      expect((await userData({ cookie: s.cookie })).statusCode).toBe(401);
    });

    it('refuses a tampered token', async () => {
      const [h, p, sig] = s.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      const forged = `${h}.${b64url({ ...claims, sub: '1' })}.${sig}`;
      const r = await userData({ authorization: `Bearer ${forged}`, cookie: s.cookie });
      expect(r.statusCode).toBe(401);
    });

    it('refuses alg:none and tokens signed with another key', async () => {
      const claims = JSON.parse(
        Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString(),
      ) as object;
      const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
      expect(
        (await userData({ authorization: `Bearer ${none}`, cookie: s.cookie })).statusCode,
      ).toBe(401);
      const head = b64url({ alg: 'HS256', typ: 'JWT' });
      const body = b64url(claims);
      const sig = createHmac('sha256', 'not-the-server-secret-not-the-server-secret')
        .update(`${head}.${body}`)
        .digest('base64url');
      const other = `${head}.${body}.${sig}`;
      expect(
        (await userData({ authorization: `Bearer ${other}`, cookie: s.cookie })).statusCode,
      ).toBe(401);
    });

    it('refuses an expired token', async () => {
      const fresh = await login(t.app, 'sb.chair');
      t.clock.advance(minutes(t.config.sessionTtlMinutes) + 1000);
      expect((await userData(fresh.headers)).statusCode).toBe(401);
    });
  });

  describe('default-password accounts', () => {
    it('get 403 on everything but change-credentials and logout', async () => {
      const s = await login(t.app, 'sb.new');
      const r = await userData(s.headers);
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(AUTH_MESSAGES.mustChangeDefault);
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: s.headers });
      expect(out.statusCode).toBe(200);
    });

    it('change credentials under the server-side rules, then must log in again', async () => {
      const s = await login(t.app, 'sb.new');
      const change = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login/change-credentials',
          headers: s.headers,
          payload: { currentUsername: 'sb.new', userID: s.userId, ...payload },
        });
      const weak = [
        ['Sh0rt!', 'Password must be 8-16 characters long'],
        ['Waytoolong#123456', 'Password must be 8-16 characters long'],
        ['lowercase#123', 'Password must contain at least one uppercase letter'],
        ['UPPERCASE#123', 'Password must contain at least one lowercase letter'],
        ['NoDigits#here', 'Password must contain at least one number'],
        ['NoSpecial123', 'Password must contain at least one special character'],
      ] as const;
      for (const [password, message] of weak) {
        const r = await change({ newUsername: 'lara.b', newPassword: password });
        expect(r.statusCode, password).toBe(400);
        expect(r.json()).toEqual({ success: false, code: expect.any(String), message });
      }
      const same = await change({ newUsername: 'Lara#2026x', newPassword: 'Lara#2026x' });
      expect(same.statusCode).toBe(400);
      const blank = await change({ newUsername: '   ', newPassword: 'Valid#Pass9' });
      expect(blank.json().message).toBe('Username cannot be empty');
      const taken = await change({ newUsername: 'SB.Chair', newPassword: 'Valid#Pass9' });
      expect(taken.statusCode).toBe(409);
      const other = await change({
        newUsername: 'lara.b',
        newPassword: 'Valid#Pass9',
        userID: s.userId + 1,
      });
      expect(other.statusCode).toBe(403);

      const ok = await change({ newUsername: ' lara.b ', newPassword: ' Valid#Pass9 ' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: AUTH_MESSAGES.credentialsChanged });
      expect((await userData(s.headers)).statusCode).toBe(401);
      const again = await login(t.app, 'lara.b', 'Valid#Pass9', 'San Bartolome');
      const me = await userData(again.headers);
      expect(me.statusCode).toBe(200);
      expect(me.json().userInfo).toMatchObject({ userName: 'lara.b', isDefaultPassword: false });
      const audit = await t.app.services.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'CHANGE_CREDENTIALS')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.old_value ?? '{}')).toMatchObject({ username: 'sb.new' });
      expect(audit.new_value).not.toContain('Valid#Pass9');
    });
  });
});

describe.each(DIALECTS)('per-address sign-in limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_ADDRESS_MAX_FAILURES: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an address after too many failures across different accounts', async () => {
    const from = (username: string, password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password, barangay: 'San Bartolome' },
        remoteAddress: ip,
      });
    for (const user of ['a.one', 'b.two', 'c.three']) {
      expect((await from(user, 'Wrong#Pass1', '10.9.9.9')).statusCode).toBe(401);
    }
    const limited = await from('sb.official', DEMO_PASSWORD, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(AUTH_MESSAGES.addressLimited);
    expect((await from('sb.official', DEMO_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('changing credentials needs a recent sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const change = (s: Session, currentUsername: string, newUsername: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login/change-credentials',
      headers: s.headers,
      payload: { currentUsername, userID: s.userId, newUsername, newPassword: 'Fresh#Pass42' },
    });

  it('refuses a session older than 10 minutes with 403, and accepts a fresh sign-in', async () => {
    const old = await login(t.app, 'sb.official');
    t.clock.advance(minutes(10) + 1000);
    const refused = await change(old, 'sb.official', 'taken.over');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RECENT_SIGN_IN_REQUIRED',
      message: AUTH_MESSAGES.recentSignInRequired,
    });
    // The old session still works for everything else.
    const me = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: old.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().userInfo.userName).toBe('sb.official');

    const fresh = await login(t.app, 'sb.official');
    t.clock.advance(minutes(9));
    const ok = await change(fresh, 'sb.official', 'sb.official2');
    expect(ok.statusCode).toBe(200);
  });

  it('refuses the most common passwords, even dressed up to pass the character rules', async () => {
    const s = await login(t.app, 'sb.new');
    for (const common of ['Password1!', 'P@ssw0rd1!', 'Iloveyou#1', 'Sunshine!23']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login/change-credentials',
        headers: s.headers,
        payload: {
          currentUsername: 'sb.new',
          userID: s.userId,
          newUsername: 'lara.c',
          newPassword: common,
        },
      });
      expect(r.statusCode, common).toBe(400);
      expect(r.json()).toEqual({
        success: false,
        code: 'COMMON_PASSWORD',
        message: AUTH_MESSAGES.commonPassword,
      });
    }
  });

  it('lets the forced change right after the first sign-in through', async () => {
    const s = await login(t.app, 'sb.new');
    const ok = await change(s, 'sb.new', 'lara.c');
    expect(ok.statusCode).toBe(200);
  });
});
