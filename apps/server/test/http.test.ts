import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FORECAST_HORIZON } from '@sk-tanaw/contract';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { INTERNAL_ERROR_MESSAGE } from '../src/plugins/errors.ts';
import { createTestApp, login, type TestApp } from './helpers.ts';

describe('bad input gets a clear JSON answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const loginWith = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { 'content-type': contentType },
    });

  it('names each missing field with the spec texts', async () => {
    const cases = [
      [{ password: 'x', barangay: 'San Bartolome' }, 'Username is required'],
      [{ username: 'sb.chair', barangay: 'San Bartolome' }, 'Password is required'],
      [{ username: 'sb.chair', password: 'x' }, 'Barangay is required'],
      [{ username: '   ', password: 'x', barangay: 'San Bartolome' }, 'Username is required'],
      [{ username: 42, password: 'x', barangay: 'San Bartolome' }, 'Username must be text'],
    ] as const;
    for (const [payload, message] of cases) {
      const r = await loginWith(JSON.stringify(payload));
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ success: false, code: expect.any(String), message });
    }
  });

  it('answers malformed JSON, wrong content type and oversized bodies with 4xx JSON', async () => {
    const malformed = await loginWith('{"username": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: 'Request body is not valid JSON.',
    });
    const wrongType = await loginWith('username=a', 'application/x-www-form-urlencoded');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: 'Unsupported content type.',
    });
    const huge = await loginWith(JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: 'Request body is too large.',
    });
  });

  it('refuses a URL past 16 KiB before the app, on a real socket (431)', async () => {
    // What the fuzz sends by inject() is cut to what a socket can carry (fuzz-arbitraries.ts).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const long = await fetch(`${address}/api/projects?q=${'a'.repeat(17 * 1024)}`);
      expect(long.status).toBe(431);
      const fine = await fetch(`${address}/api/projects?q=${'a'.repeat(4 * 1024)}`);
      expect(fine.status).toBeLessThan(500);
    } finally {
      await new Promise<void>((resolve) => {
        t.app.server.close(() => resolve());
      });
    }
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: 'Not found: GET /api/no-such-thing',
    });
  });

  it('sends security headers with a strict CSP', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells browsers and proxies not to store any API answer', async () => {
    const s = await login(t.app, 'sb.chair');
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'sb.official', password: DEMO_PASSWORD, barangay: 'San Bartolome' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/user-data', headers: s.headers }),
      await t.app.inject({ method: 'GET', url: '/api/user-data' }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await t.app.inject({ method: 'GET', url: '/%61pi/health' }),
    ];
    for (const r of answers) {
      expect(r.headers['cache-control'], r.body.slice(0, 60)).toBe('no-store');
    }
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/logout',
        '/api/user-data',
        '/api/login/change-credentials',
      ]),
    );
  });
});

describe('API documentation', () => {
  it('serves the Swagger UI page and its own assets under /api/docs', async () => {
    const t = await createTestApp('sqlite');
    try {
      const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      for (const asset of [
        'swagger-ui.css',
        'swagger-ui-bundle.js',
        'index.css',
        'swagger-initializer.js',
      ]) {
        const r = await t.app.inject({ method: 'GET', url: `/api/docs/static/${asset}` });
        expect(r.statusCode, asset).toBe(200);
        expect(r.body.length, asset).toBeGreaterThan(100);
      }
      // Outside its root the asset route serves nothing.
      const escape = await t.app.inject({
        method: 'GET',
        url: '/api/docs/static/..%2f..%2fpackage.json',
      });
      expect(escape.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.close();
    }
  });
});

describe('failures never leak internals', () => {
  it('hides a server fault behind a plain message, and logs no passwords or tokens', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp('sqlite', { logStream, env: { LOG_LEVEL: 'info' } });
    try {
      const s = await login(t.app, 'sb.chair');
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'sb.chair', password: 'Wrong#Secret9', barangay: 'San Bartolome' },
      });
      await t.app.services.database.destroy();
      const r = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: s.headers });
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({
        success: false,
        code: expect.any(String),
        message: INTERNAL_ERROR_MESSAGE,
      });
      expect(r.body).not.toMatch(/at .*\.ts|stack|driver/i);
      const log = lines.join('');
      expect(log).toContain('request failed');
      for (const secret of [
        DEMO_PASSWORD,
        'Wrong#Secret9',
        s.token,
        s.cookie.split('=')[1] ?? '',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.app.close().catch(() => undefined);
    }
  });
});

describe('request logs', () => {
  it('log paths without the values of signed-link and token query parameters', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp('sqlite', { logStream, env: { LOG_LEVEL: 'info' } });
    try {
      await t.app.inject({
        method: 'GET',
        url: '/api/projects/documents/a.pdf?exp=1893456000&sig=SIGNATURE-SECRET-1',
      });
      await t.app.inject({ method: 'GET', url: '/api/site-info?token=TOKEN-SECRET-2&page=2' });
      await t.app.inject({ method: 'GET', url: '/api/site-info?%73ig=ENCODED-SECRET-3' });
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const log = lines.join('');
      // One line per answered request, with the request's id and only the chosen fields.
      const completed = log
        .split('\n')
        .filter((line) => line.includes('request completed'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(completed).toHaveLength(3);
      expect(completed[1]).toMatchObject({
        level: 30,
        reqId: expect.any(String),
        req: {
          method: 'GET',
          url: '/api/site-info?token=[redacted]&page=2',
          remoteAddress: '127.0.0.1',
        },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      });
      // (An injected request has no remote port; a socket's is logged too.)
      expect(
        Object.keys(completed[1]?.req ?? {}).every((key) =>
          ['host', 'method', 'remoteAddress', 'remotePort', 'url'].includes(key),
        ),
      ).toBe(true);
      expect(new Set(completed.map((line) => line.reqId)).size).toBe(3);
      expect(log).toContain('/api/site-info?token=[redacted]&page=2');
      // An answered health check (monitors poll it) writes no line.
      expect(log).not.toContain('"url":"/api/health"');
      expect(log).toContain('/api/projects/documents/a.pdf?exp=[redacted]&sig=[redacted]');
      for (const secret of [
        'SIGNATURE-SECRET-1',
        '1893456000',
        'TOKEN-SECRET-2',
        'ENCODED-SECRET-3',
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = join(process.env.TMPDIR ?? '/tmp', `tanaw-web-${process.pid}`);
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><title>SK Tanaw</title><div id="root"></div>',
    );
    const script = `console.log(${JSON.stringify('x'.repeat(4096))});`;
    writeFileSync(join(web, 'assets', 'app-1234.js'), script);
    writeFileSync(join(web, 'assets', 'app-1234.js.gz'), gzipSync(script));
    t = await createTestApp('sqlite', { env: { WEB_ROOT: web, RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves index.html for client-side routes (history fallback) and files as they are', async () => {
    for (const url of ['/', '/home', '/admin/dashboard', '/projects?x=1']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
  });

  it('sends the precompressed copy to browsers that accept it', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(r.rawPayload).toString()).toContain('console.log');
  });

  it('serves files of a rebuild without a restart', async () => {
    writeFileSync(join(web, 'assets', 'app-5678.js'), 'console.log(2)');
    const r = await t.app.inject({ method: 'GET', url: '/assets/app-5678.js' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('console.log(2)');
  });

  it('rate-limits API calls per address, but not the static files of a page load', async () => {
    for (let i = 0; i < 12; i += 1) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        remoteAddress: '10.7.0.1',
      });
      expect(r.statusCode).toBe(200);
    }
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.7.0.1' }),
      );
    }
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const limited = answers[5];
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    // When to come back: within the one-minute window, never 0.
    const wait = Number(limited?.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited?.headers['cache-control']).toBe('no-store');
    expect(limited?.headers['x-content-type-options']).toBe('nosniff');
    // Another address is not held back by this one.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.7.0.9',
    });
    expect(other.statusCode).toBe(200);
  });

  it('rate-limits API calls whose path is percent-encoded or unknown, as the router sees them', async () => {
    const six = async (method: 'GET' | 'POST', url: string, remoteAddress: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const r = await t.app.inject({
          method,
          url,
          remoteAddress,
          ...(method === 'POST'
            ? { payload: { username: 'x.y', password: 'Wrong#Pass1', barangay: 'San Bartolome' } }
            : {}),
        });
        codes.push(r.statusCode);
      }
      return codes;
    };
    const health = await six('GET', '/%61pi/health', '10.7.1.1');
    expect(health.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(health[5]).toBe(429);
    const loginCodes = await six('POST', '/%61pi/login', '10.7.1.2');
    expect(loginCodes.slice(0, 5).every((c) => c === 401)).toBe(true);
    expect(loginCodes[5]).toBe(429);
    expect((await six('GET', '/%61pi/no-such-thing', '10.7.1.3'))[5]).toBe(429);
    expect((await six('POST', '/api/no-such-thing', '10.7.1.4'))[5]).toBe(429);
  });
});

describe('configuration', () => {
  it('lists every bad variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/JWT_SECRET/);
    }
  });

  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      seedDemo: true,
      forecastHorizon: DEFAULT_FORECAST_HORIZON,
    });
    expect(config.argon2.memoryCost).toBeGreaterThanOrEqual(19_456);
  });
});

describe('no timing oracle at sign-in', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** `$argon2id$v=19$m=...,t=...,p=...`: the algorithm and cost of a stored hash. */
  const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');

  it('spends one argon2id check of the same cost on unknown users as on wrong passwords', async () => {
    const t = await createTestApp('sqlite');
    try {
      const verify = vi.spyOn(argon2, 'verify');
      const attempt = async (username: string, ip: string) => {
        verify.mockClear();
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username, password: 'Wrong#Pass1', barangay: 'San Bartolome' },
          remoteAddress: ip,
        });
        return { r, hashes: verify.mock.calls.map(([hash]) => hash) };
      };
      const stored = await t.app.services.db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', 'sb.official')
        .executeTakeFirstOrThrow();

      const known = await attempt('sb.official', '10.2.0.1');
      const unknown = await attempt('no.such.user', '10.2.0.2');

      // The same answer, and under it the same work: one verification each, of a hash with the
      // same algorithm and cost parameters, so the two take as long as each other.
      expect(unknown.r.statusCode).toBe(known.r.statusCode);
      expect(unknown.r.json()).toEqual(known.r.json());
      expect(known.hashes).toEqual([stored.password_hash]);
      expect(unknown.hashes).toHaveLength(1);
      expect(costOf(unknown.hashes[0] ?? '')).toBe(costOf(stored.password_hash));
      expect(costOf(stored.password_hash)).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1$/);
    } finally {
      await t.close();
    }
  });
});

describe('trusted proxies', () => {
  const lastAttemptIp = async (t: TestApp) => {
    const row = await t.app.services.db
      .selectFrom('sessions')
      .select('ip')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return row.ip;
  };
  const attemptFrom = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody.here', password: 'Wrong#Pass1', barangay: 'San Bartolome' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  /** Signs in (and fails) from each peer with the forwarded address; checks the address kept. */
  async function expectClientAddresses(
    trustProxy: string,
    attempts: [peer: string, forwardedFor: string, kept: string][],
  ) {
    const t = await createTestApp('sqlite', { env: { TRUST_PROXY: trustProxy } });
    try {
      for (const [peer, forwardedFor, kept] of attempts) {
        t.clock.advance(1000);
        await attemptFrom(t, peer, forwardedFor);
        expect(await lastAttemptIp(t)).toBe(kept);
      }
    } finally {
      await t.close();
    }
  }

  it('takes X-Forwarded-For only from the listed proxies', async () => {
    await expectClientAddresses('10.0.0.5, 192.168.1.0/24', [
      ['10.9.9.9', '1.2.3.4', '10.9.9.9'],
      ['10.0.0.5', '1.2.3.4', '1.2.3.4'],
      ['192.168.1.77', '5.6.7.8', '5.6.7.8'],
    ]);
  });

  it('reads TRUST_PROXY=true as a proxy on this machine, not every peer', async () => {
    await expectClientAddresses('true', [
      ['203.0.113.9', '1.2.3.4', '203.0.113.9'],
      ['127.0.0.1', '1.2.3.4', '1.2.3.4'],
    ]);
  });

  it('refuses a hop count and entries that are not addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY.*hop count/);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,not-an-ip' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
