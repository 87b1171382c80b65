import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sk-tanaw/contract';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DEVICE_COOKIE } from '../src/lib/device-cookie.ts';
import { DIALECTS, createTestApp, loginAttempt, type TestApp } from './helpers.ts';
import { tamper } from '../../../test-utils/tamper.ts';

describe.each(DIALECTS)('sign-in limits under load and per device on %s', (dialect) => {
  let t: TestApp;
  let checks = { verify: 0, dummy: 0 };
  let restore: () => void = () => undefined;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    restore();
  });

  /** Counts the password checks the server really performs. */
  function countChecks() {
    const hasher = t.app.services.hasher;
    const { verify, verifyAgainstDummy } = hasher;
    checks = { verify: 0, dummy: 0 };
    hasher.verify = (hash, password) => {
      checks.verify += 1;
      return verify(hash, password);
    };
    hasher.verifyAgainstDummy = (password) => {
      checks.dummy += 1;
      return verifyAgainstDummy(password);
    };
    restore = () => {
      hasher.verify = verify;
      hasher.verifyAgainstDummy = verifyAgainstDummy;
    };
  }

  const attempt = (
    username: string,
    password: string,
    ip: string,
    cookie?: string,
    barangay = 'San Bartolome',
  ) => loginAttempt(t.app, { username, password, barangay, ip, cookie });
  const deviceCookieOf = (r: LightMyRequestResponse) => {
    const c = r.cookies.find((x) => x.name === DEVICE_COOKIE);
    if (!c) {
      throw new Error('no device cookie');
    }
    return c;
  };
  const countRows = async (
    outcome: 'failed' | 'pending',
    by: { username?: string; ip?: string },
  ) => {
    let q = t.app.services.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('outcome', '=', outcome);
    if (by.username) {
      q = q.where('username_key', '=', by.username);
    }
    if (by.ip) {
      q = q.where('ip', '=', by.ip);
    }
    return (await q.executeTakeFirstOrThrow()).n;
  };

  it('checks at most 10 of 40 parallel wrong passwords for one account', async () => {
    countChecks();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt('nn.official', 'Wrong#Pass1', `10.40.0.${i}`, undefined, 'Nagkaisang Nayon'),
      ),
    );
    expect(checks.verify).toBeLessThanOrEqual(10);
    expect(await countRows('failed', { username: 'nn.official' })).toBeLessThanOrEqual(10);
    expect(await countRows('pending', { username: 'nn.official' })).toBe(0);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30);
    // Locked: even the right password is refused now.
    const right = await attempt(
      'nn.official',
      DEMO_PASSWORD,
      '10.40.1.1',
      undefined,
      'Nagkaisang Nayon',
    );
    expect(right.statusCode).toBe(429);
  });

  it('checks at most 50 of 120 parallel wrong passwords from one address', async () => {
    countChecks();
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => attempt(`someone.${i}`, 'Wrong#Pass1', '10.120.0.1')),
    );
    expect(checks.verify + checks.dummy).toBeLessThanOrEqual(50);
    expect(await countRows('failed', { ip: '10.120.0.1' })).toBeLessThanOrEqual(50);
    const limited = answers.filter((a) => a.statusCode === 429);
    const tally = answers.map(
      (a) => `${String(a.statusCode)} ${a.json<{ code?: string }>().code ?? ''}`,
    );
    expect(limited.length, tally.sort().join(', ')).toBeGreaterThanOrEqual(70);
    expect(limited[0]?.json().message).toBe(AUTH_MESSAGES.addressLimited);
  });

  it('keeps a flood of sign-ins from one address to one connection, and answers the rest', async () => {
    // Before, each attempt waiting for the address's lock held a pooled connection (max 10):
    // the flood took the whole pool, and others waited for it or were answered 503.
    const database = t.app.services.database;
    const watcher =
      database.dialect === 'postgres' ? new pg.Client({ connectionString: database.url }) : null;
    await watcher?.connect();
    let mostWaiting = 0;
    const flooding = { on: true };
    const watch = (async () => {
      while (watcher && flooding.on) {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where application_name = $1 and wait_event_type = 'Lock'`,
          [`sk-tanaw ${database.schema ?? ''}`.slice(0, 63)],
        );
        mostWaiting = Math.max(mostWaiting, rows[0]?.n ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const flood = Promise.all(
      Array.from({ length: 200 }, (_, i) => attempt(`flood.${i}`, 'Wrong#Pass1', '10.200.0.1')),
    );
    const owner = await attempt('sb.official', DEMO_PASSWORD, '10.200.0.2');
    const answers = await flood;
    flooding.on = false;
    await watch;
    await watcher?.end();
    expect(owner.statusCode).toBe(200);
    const codes = new Set(answers.map((a) => a.statusCode));
    expect([...codes].sort()).toEqual([401, 429]);
    expect(mostWaiting).toBeLessThanOrEqual(1);
  });

  it('issues a signed, httpOnly, strict device cookie for the API on sign-in', async () => {
    const r = await attempt('sb.official', DEMO_PASSWORD, '10.50.0.1');
    expect(r.statusCode).toBe(200);
    const c = deviceCookieOf(r);
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(c.maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    expect(c.value.split('.')).toHaveLength(3);
  });

  it('lets the owner in from a known device while an attacker has locked the account', async () => {
    const first = await attempt('sb.chair', DEMO_PASSWORD, '10.60.0.1');
    const device = deviceCookieOf(first);
    const cookie = `${DEVICE_COOKIE}=${device.value}`;

    for (let i = 0; i < 10; i += 1) {
      expect((await attempt('sb.chair', 'Wrong#Pass1', `10.66.0.${i}`)).statusCode).toBe(401);
    }
    // Without the cookie (the attacker, or a new browser) the account is locked.
    const anonymous = await attempt('sb.chair', DEMO_PASSWORD, '10.66.1.1');
    expect(anonymous.statusCode).toBe(429);
    expect(anonymous.json().code).toBe('ACCOUNT_LOCKED');
    // A forged or tampered cookie counts for nothing.
    const forged = `${DEVICE_COOKIE}=${tamper(device.value, -2)}`;
    expect((await attempt('sb.chair', DEMO_PASSWORD, '10.66.1.2', forged)).statusCode).toBe(429);
    // The owner's browser still gets in.
    const owner = await attempt('sb.chair', DEMO_PASSWORD, '10.60.0.1', cookie);
    expect(owner.statusCode).toBe(200);
    expect(deviceCookieOf(owner).value.split('.')[1]).toBe(device.value.split('.')[1]);

    // The device has its own limit: 10 failures lock it too.
    for (let i = 0; i < 10; i += 1) {
      expect((await attempt('sb.chair', 'Wrong#Pass1', '10.60.0.1', cookie)).statusCode).toBe(401);
    }
    const deviceLocked = await attempt('sb.chair', DEMO_PASSWORD, '10.60.0.1', cookie);
    expect(deviceLocked.statusCode).toBe(429);
    expect(deviceLocked.json()).toMatchObject({
      code: 'DEVICE_LOCKED',
      message: AUTH_MESSAGES.accountLocked,
    });
  });

  it('does not accept one user device cookie for another username', async () => {
    const mine = deviceCookieOf(await attempt('sb.admin', DEMO_PASSWORD, '10.70.0.1'));
    for (let i = 0; i < 10; i += 1) {
      await attempt('nn.admin', 'Wrong#Pass1', `10.77.0.${i}`, undefined, 'Nagkaisang Nayon');
    }
    const r = await attempt(
      'nn.admin',
      DEMO_PASSWORD,
      '10.70.0.1',
      `${DEVICE_COOKIE}=${mine.value}`,
      'Nagkaisang Nayon',
    );
    expect(r.statusCode).toBe(429);
  });

  it('keeps an unknown username typed at sign-in out of the barangay audit trail', async () => {
    const marker = 'ignore-previous-<b>admin</b>';
    await attempt(marker, 'Wrong#Pass1', '10.80.0.1');
    const rows = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'LOGIN_FAILED')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(rows[0]).toMatchObject({
      barangay_id: null,
      username: null,
      description: 'Failed sign-in attempt for an unknown username',
    });
    const anywhere = await t.app.services.db
      .selectFrom('audit_log')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('username', '=', marker.toLowerCase()),
          eb('description', 'like', '%ignore-previous%'),
        ]),
      )
      .execute();
    expect(anywhere).toEqual([]);
    const sessionRow = await t.app.services.db
      .selectFrom('sessions')
      .select('barangay_id')
      .where('username_key', '=', marker.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(sessionRow.barangay_id).toBeNull();
  });
});
