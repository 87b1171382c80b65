// The API limit and the sign-in and recovery address limits, counted in Redis (REDIS_URL) for
// every server process at once: two apps on separate SQLite databases share one count, so it can
// only be Redis counting. Without Redis the API limit counts in memory (http.test.ts) and the
// address limits in the database (sign-in-limits.test.ts, password-recovery.test.ts). Redis going
// away lets API calls through, never sign-in attempts, and says so once in the log.
import { Writable } from 'node:stream';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGES } from '@sk-tanaw/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { freePort } from './server-process.ts';
import { TEST_REDIS_URL, redisPrefix, redisReachable } from './redis-helpers.ts';

const reachable = await redisReachable();
if (!reachable) {
  console.warn(`rate-limit.test.ts: Redis tests skipped: nothing answers at ${TEST_REDIS_URL}`);
}

const opened: TestApp[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
  for (const cleanup of cleanups.splice(0)) {
    await cleanup();
  }
});

async function app(env: Record<string, string>, logStream?: Writable) {
  const t = await createTestApp('sqlite', { env, ...(logStream ? { logStream } : {}) });
  opened.push(t);
  return t;
}

const health = (t: TestApp, ip: string) =>
  t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
const signIn = (t: TestApp, ip: string, password: string, username = 'sb.chair') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password, barangay: 'San Bartolome' },
    remoteAddress: ip,
  });

describe.runIf(reachable)('counters in Redis shared by two server processes', () => {
  const shared = () => {
    const keys = redisPrefix('rl');
    cleanups.push(() => keys.drop());
    return { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: keys.prefix };
  };

  it('counts API calls once for both: the limit holds over the two together', async () => {
    const env = { ...shared(), RATE_LIMIT_PER_MINUTE: '6' };
    const [a, b] = [await app(env), await app(env)];
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push(
        (await health(a, '10.9.0.1')).statusCode,
        (await health(b, '10.9.0.1')).statusCode,
      );
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.slice(6)).toEqual([429, 429, 429, 429]);
    const limited = await health(a, '10.9.0.1');
    expect(limited.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited.headers['x-ratelimit-limit']).toBeUndefined();
    // Another address has a count of its own.
    expect((await health(b, '10.9.0.2')).statusCode).toBe(200);
  });

  it('counts failed sign-ins per address once for both; a success gives its count back', async () => {
    const env = { ...shared(), LOGIN_ADDRESS_MAX_FAILURES: '4' };
    const [a, b] = [await app(env), await app(env)];
    expect((await signIn(a, '10.9.1.1', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(b, '10.9.1.1', DEMO_PASSWORD)).statusCode).toBe(200);
    const wrong = [];
    for (let i = 0; i < 2; i += 1) {
      wrong.push((await signIn(a, '10.9.1.1', 'Wrong#Pass1')).statusCode);
      wrong.push((await signIn(b, '10.9.1.1', 'Wrong#Pass1')).statusCode);
    }
    expect(wrong).toEqual([401, 401, 401, 401]);
    const limited = await signIn(a, '10.9.1.1', DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'ADDRESS_RATE_LIMITED',
      message: AUTH_MESSAGES.addressLimited,
    });
    // Neither database saw four failures from the address: Redis counted them.
    for (const t of [a, b]) {
      const failures = await t.app.services.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', '10.9.1.1')
        .where('outcome', '=', 'failed')
        .executeTakeFirstOrThrow();
      expect(failures.n).toBe(2);
    }
  });

  it('counts recovery code requests per address once for both', async () => {
    const env = shared();
    const [a, b] = [await app(env), await app(env)];
    const request = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/forgotpassword/request',
        payload: { username: `nobody.${String(i)}` },
        remoteAddress: '10.9.2.1',
      });
    // 20 an hour per address (ADDRESS_REQUESTS_PER_HOUR), half through each.
    for (let i = 0; i < 20; i += 1) {
      expect((await request(i % 2 ? a : b, i)).statusCode).toBe(200);
    }
    const limited = await request(a, 99);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RECOVERY_ADDRESS_LIMITED',
      message: FORGOT_PASSWORD_MESSAGES.addressLimited,
    });
    const audited = await a.app.services.db
      .selectFrom('audit_log')
      .select('description')
      .where('action', '=', 'PASSWORD_RESET_RATE_LIMITED')
      .execute();
    expect(audited.map((r) => r.description)).toEqual([
      'Recovery code request refused: too many requests from this address',
    ]);
  });
});

describe('when Redis does not answer', () => {
  it('lets API calls through, keeps counting sign-ins in the database, and logs it once', async () => {
    let log = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        log += chunk.toString();
        callback();
      },
    });
    const closed = await freePort();
    const t = await app(
      {
        REDIS_URL: `redis://127.0.0.1:${String(closed)}`,
        RATE_LIMIT_PER_MINUTE: '3',
        LOGIN_ADDRESS_MAX_FAILURES: '3',
        LOG_LEVEL: 'warn',
      },
      logStream,
    );
    for (let i = 0; i < 8; i += 1) {
      expect((await health(t, '10.9.3.1')).statusCode).toBe(200);
    }
    // Sign-in never fails open: the database's address limit still refuses the fourth.
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await signIn(t, '10.9.3.2', 'Wrong#Pass1', `x.${String(i)}`)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ failed: ['redis'] });
    const lines = log.split('\n').filter((line) => line.includes('Redis is unreachable'));
    expect(lines).toHaveLength(1);
  });
});
