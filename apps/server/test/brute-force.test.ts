// Brute force over real sockets from 250 loopback addresses (Linux routes all of 127.0.0.0/8 to
// lo, and the server trusts no proxy header, so each address is a client of its own): 1,000 wrong
// passwords for one account and 1,000 wrong recovery codes for another. No guess gets a session
// or changes the password, nothing answers 5xx, the lock and the dead code hold, and the owner,
// from the browser they signed in with before (device cookie), still gets in with the right
// password. The password checks the server really performs are counted.
import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, FORGOT_PASSWORD_MESSAGES } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { MAX_WRONG_TRIES } from '../src/features/password-recovery/service.ts';
import { FINGERPRINT_COOKIE } from '../src/plugins/auth.ts';
import { DEVICE_COOKIE } from '../src/lib/device-cookie.ts';
import {
  DIALECTS,
  createTestApp,
  startSmtpCapture,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';
import { userIdOf } from './admin-helpers.ts';

const GUESSES = 1000;
const ADDRESSES = 250;
const CONCURRENCY = 25;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookies: Record<string, string>;
}

/** The i-th of 250 attacker addresses: 127.1.0.2 ... 127.1.2.51 (127.2.x.y for `range` 2). */
const addressOf = (i: number, range: 1 | 2) => {
  const k = i % ADDRESSES;
  return `127.${range}.${Math.floor(k / 100)}.${(k % 100) + 2}`;
};

/** Runs `count` calls, at most `concurrency` at a time; answers in call order. */
async function inPool<T>(count: number, concurrency: number, call: (i: number) => Promise<T>) {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      results[i] = await call(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

describe.each(DIALECTS)('brute force from many addresses on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let port = 0;
  let restore: () => void = () => undefined;
  const work = { verify: 0, dummy: 0, hash: 0 };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    restore();
  });

  /** Counts the password hashing the server really does from here on. */
  function countHashing() {
    const hasher = t.app.services.hasher;
    const original = { ...hasher };
    Object.assign(work, { verify: 0, dummy: 0, hash: 0 });
    hasher.verify = (hash, password) => {
      work.verify += 1;
      return original.verify(hash, password);
    };
    hasher.verifyAgainstDummy = (password) => {
      work.dummy += 1;
      return original.verifyAgainstDummy(password);
    };
    hasher.hash = (password) => {
      work.hash += 1;
      return original.hash(password);
    };
    restore = () => Object.assign(hasher, original);
  }

  /** A JSON POST over its own TCP connection from `from` (a loopback address). */
  function post(path: string, payload: object, from: string, cookie?: string): Promise<Answer> {
    const body = JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          localAddress: from,
          method: 'POST',
          path,
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            // A spoofed client address: the server trusts no proxy, so it must be ignored.
            'x-forwarded-for': '203.0.113.7',
            ...(cookie ? { cookie } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const cookies: Record<string, string> = {};
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const at = pair.indexOf('=');
              cookies[pair.slice(0, at)] = pair.slice(at + 1);
            }
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(text) as Record<string, unknown>,
              cookies,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const signIn = (username: string, password: string, from: string, cookie?: string) =>
    post('/api/login', { username, password, barangay: 'San Bartolome' }, from, cookie);

  /** Signs in from the owner's browser and returns its device cookie, as the browser keeps it. */
  async function knownDevice(username: string, from: string): Promise<string> {
    const first = await signIn(username, DEMO_PASSWORD, from);
    expect(first.status).toBe(200);
    const device = first.cookies[DEVICE_COOKIE];
    expect(device).toMatch(/^\d+\.[0-9a-f-]{36}\.[\w-]+$/);
    return `${DEVICE_COOKIE}=${device ?? ''}`;
  }

  /** The owner is in: a token and fingerprint cookie that open /api/user-data as them. */
  async function expectSignedInAs(answer: Answer, username: string) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const token = String(answer.body.token);
    const fingerprint = answer.cookies[FINGERPRINT_COOKIE] ?? '';
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user-data',
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `${FINGERPRINT_COOKIE}=${fingerprint}`,
      },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ userInfo: { userName: string } }>().userInfo.userName).toBe(username);
  }

  const refusedWithoutSession = (answers: Answer[]) => {
    for (const a of answers) {
      expect(a.status).toBeLessThan(500);
      expect(a.body.success).toBe(false);
      expect(a.body).not.toHaveProperty('token');
      expect(a.cookies).not.toHaveProperty(FINGERPRINT_COOKIE);
      expect(a.cookies).not.toHaveProperty(DEVICE_COOKIE);
    }
  };

  const successfulSignIns = async (username: string) =>
    (
      await t.app.services.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('username_key', '=', username)
        .where('outcome', '=', 'success')
        .executeTakeFirstOrThrow()
    ).n;

  const passwordHashOf = async (username: string) =>
    (
      await t.app.services.db
        .selectFrom('users')
        .select('password_hash')
        .where('username_key', '=', username)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('1,000 wrong passwords lock the account after 10 and take nothing; the owner still gets in', async () => {
    const owner = 'sb.official';
    const ownerDevice = await knownDevice(owner, '127.0.0.2');
    const userId = await userIdOf(t.app, owner);
    // Every tenth guess carries a made-up device cookie for the account: it must buy no budget.
    const forged = () => `${DEVICE_COOKIE}=${userId}.${randomUUID()}.${'A'.repeat(43)}`;

    countHashing();
    const answers = await inPool(GUESSES, CONCURRENCY, (i) =>
      signIn(owner, `Wrong#Guess${i}`, addressOf(i, 1), i % 10 === 0 ? forged() : undefined),
    );

    refusedWithoutSession(answers);
    const statuses = answers.map((a) => a.status);
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    const wrong = answers.filter((a) => a.status === 401);
    const locked = answers.filter((a) => a.status === 429);
    // Exactly the limit is checked; every other guess meets the lock (no address reached its own).
    expect(wrong).toHaveLength(t.config.login.maxFailures);
    expect(locked).toHaveLength(GUESSES - t.config.login.maxFailures);
    for (const a of wrong) {
      expect(a.body).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: AUTH_MESSAGES.invalidCredentials,
      });
    }
    for (const a of locked) {
      expect(a.body).toMatchObject({
        code: 'ACCOUNT_LOCKED',
        message: AUTH_MESSAGES.accountLocked,
      });
    }
    // The real hash was compared only for the guesses before the lock.
    expect(work.verify).toBe(t.config.login.maxFailures);
    // A guess refused because the account is locked costs no hash at all: the lock answers it.
    expect(work.dummy).toBe(0);
    expect(await successfulSignIns(owner)).toBe(1);
    // Each guess was booked under its socket's address, not the X-Forwarded-For it sent.
    const seen = await t.app.services.db
      .selectFrom('sessions')
      .select('ip')
      .distinct()
      .where('username_key', '=', owner)
      .where('outcome', 'in', ['failed', 'blocked'])
      .execute();
    expect(seen).toHaveLength(ADDRESSES);
    expect(seen.every((r) => r.ip?.startsWith('127.1.'))).toBe(true);

    // The attacker, even with the right password, from a new device or a forged cookie: locked.
    for (const [from, cookie] of [
      ['127.1.9.1', undefined],
      ['127.1.9.2', forged()],
      ['127.1.9.3', `${ownerDevice.slice(0, -3)}abc`],
    ] as const) {
      const attempt = await signIn(owner, DEMO_PASSWORD, from, cookie);
      refusedWithoutSession([attempt]);
      expect(attempt.status).toBe(429);
      expect(attempt.body.code).toBe('ACCOUNT_LOCKED');
    }
    expect(await successfulSignIns(owner)).toBe(1);

    // The owner's browser, known from before, signs in with the right password.
    const back = await signIn(owner, DEMO_PASSWORD, '127.0.0.2', ownerDevice);
    await expectSignedInAs(back, owner);
    expect(back.cookies[DEVICE_COOKIE]?.split('.')[1]).toBe(ownerDevice.split('.')[1]);
    expect(await successfulSignIns(owner)).toBe(2);
  }, 120_000);

  it('1,000 wrong recovery codes kill the code after 5 tries and change nothing', async () => {
    const owner = 'sb.chair';
    const ownerDevice = await knownDevice(owner, '127.0.0.3');
    const hashBefore = await passwordHashOf(owner);

    // The owner (or the attacker: the answer is the same) asks for a code; it goes to the owner.
    const requested = await post('/api/forgotpassword/request', { username: owner }, '127.0.0.3');
    expect(requested.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('sb.chair.demo@gmail.com'));
    const code = /verification code is:\s*(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const guesses = new Set<string>();
    while (guesses.size < GUESSES) {
      const guess = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (guess !== code) {
        guesses.add(guess);
      }
    }
    const list = [...guesses];
    countHashing();
    // Half try the code alone, half go straight for the reset with a password of their own.
    const answers = await inPool(GUESSES, CONCURRENCY, (i) =>
      i % 2 === 0
        ? post('/api/forgotpassword/verify-otp', { username: owner, otp: list[i] }, addressOf(i, 2))
        : post(
            '/api/forgotpassword/reset',
            { username: owner, otp: list[i], newPassword: 'Attack3r#Pass' },
            addressOf(i, 2),
          ),
    );

    refusedWithoutSession(answers);
    answers.forEach((a, i) => {
      expect(a.status).toBe(400);
      expect(a.body).toMatchObject(
        i % 2 === 0
          ? { code: 'INVALID_OTP', message: FORGOT_PASSWORD_MESSAGES.invalidOtp }
          : { code: 'CODE_NOT_USABLE', message: FORGOT_PASSWORD_MESSAGES.codeNotUsable },
      );
    });
    // No password was hashed or compared: a code is checked by HMAC before any password work.
    expect(work).toEqual({ verify: 0, dummy: 0, hash: 0 });

    const codes = await t.app.services.db
      .selectFrom('password_reset_codes')
      .selectAll()
      .where('username_key', '=', owner)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      attempts: MAX_WRONG_TRIES,
      verified_at: null,
      used_at: null,
    });
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('username', '=', owner)
      .where('module', '=', 'Password Recovery')
      .execute();
    expect(audit.filter((a) => a.action === 'PASSWORD_RESET_CODE_LOCKED')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'PASSWORD_RESET_OTP_FAILED')).toHaveLength(GUESSES);

    // The real code is dead now too: it neither verifies nor resets.
    const late = await post(
      '/api/forgotpassword/verify-otp',
      { username: owner, otp: code },
      '127.0.0.3',
    );
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_OTP');
    const lateReset = await post(
      '/api/forgotpassword/reset',
      { username: owner, otp: code, newPassword: 'Attack3r#Pass' },
      '127.0.0.3',
    );
    expect(lateReset.status).toBe(400);

    // The password is the owner's, unchanged, and their known browser signs in with it.
    const hashAfter = await passwordHashOf(owner);
    expect(hashAfter).toBe(hashBefore);
    await expectSignedInAs(await signIn(owner, DEMO_PASSWORD, '127.0.0.3', ownerDevice), owner);
    const attackers = await signIn(owner, 'Attack3r#Pass', '127.2.9.1');
    refusedWithoutSession([attackers]);
    expect(attackers.status).toBe(401);
  }, 120_000);
});
