// The database going away mid-run: clear 503 answers while it is gone, and recovery without a
// restart when it returns. PostgreSQL is cut with a TCP proxy of our own between the app and the
// shared server (the server itself keeps running for everyone else); SQLite, an embedded file the
// process holds open, cannot disappear that way: its outage is another process holding the
// database locked past the busy timeout.
import { join } from 'node:path';
import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { startProxy, type Proxy } from './tcp-proxy.ts';

const UNAVAILABLE = {
  success: false,
  message: 'The database cannot be reached right now. Please try again in a moment.',
  code: 'DATABASE_UNAVAILABLE',
};

describe.each(DIALECTS)('the database going away on %s', (dialect) => {
  let t: TestApp;
  let proxy: Proxy | undefined;
  let sko: Session;
  let skc: Session;
  /** The app's log, one parsed line each: why each 503 was answered. */
  const log: { msg?: string; err?: { code?: string; message?: string } }[] = [];

  beforeAll(async () => {
    if (dialect === 'postgres') {
      proxy = await startProxy(new URL(process.env.TEST_DATABASE_URL ?? ''));
    }
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          log.push(JSON.parse(line) as (typeof log)[number]);
        }
        done();
      },
    });
    t = await createTestApp(dialect, {
      logStream,
      env: { LOG_LEVEL: 'warn', ...(proxy ? { DATABASE_URL: proxy.url } : {}) },
    });
    [sko, skc] = await Promise.all([loginAs(t.app, 'SKO'), loginAs(t.app, 'SKC')]);
  }, 180_000);
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await t.close();
    await proxy?.close();
  });

  const userData = (s: Session) =>
    t.app.inject({ method: 'GET', url: '/api/user-data', headers: s.headers });
  const signIn = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sb.official', password: 'Tanaw#2025', barangay: 'San Bartolome' },
    });

  /** Calls until one answers 200: the app has found the database again by itself. */
  async function eventually200(call: () => ReturnType<typeof userData>): Promise<void> {
    await expect
      .poll(async () => (await call()).statusCode, { timeout: 10_000, interval: 200 })
      .toBe(200);
  }

  if (dialect === 'postgres') {
    it('answers 503 while PostgreSQL is unreachable and recovers without a restart', async () => {
      expect((await userData(sko)).statusCode).toBe(200);
      await proxy?.cut();

      const logged = log.length;
      const answers = [
        await userData(sko),
        await t.app.inject({ method: 'GET', url: '/api/health' }),
        await signIn(),
        await t.app.inject({ method: 'GET', url: '/api/projectreview/all', headers: skc.headers }),
        await t.app.inject({
          method: 'PUT',
          url: '/api/projectreview/status/1',
          headers: skc.headers,
          payload: { status: 'Proposal Accepted' },
        }),
      ];
      for (const response of answers) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual(UNAVAILABLE);
        expect(response.headers['retry-after']).toBe('5');
      }
      // Every answer came from the database saying no at once (the pooled connection reset,
      // then new ones refused): nobody waited out the pool's connect timeout on a dead
      // database, which would be logged as 'timeout exceeded when trying to connect'.
      const causes = log
        .slice(logged)
        .filter((line) => line.msg === 'database unavailable')
        .map((line) => line.err?.code ?? line.err?.message);
      expect(causes).toHaveLength(answers.length);
      expect(causes).toContain('ECONNREFUSED');
      for (const cause of causes) {
        expect(['ECONNREFUSED', 'Connection terminated unexpectedly']).toContain(cause);
      }

      await proxy?.restore();
      await eventually200(() => userData(sko));
      for (let i = 0; i < 12; i += 1) {
        expect((await userData(sko)).statusCode).toBe(200);
      }
      expect((await signIn()).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }, 180_000);

    it('answers 503 when connections are reset mid-use, then recovers', async () => {
      // Pooled connections are open now; resetting them is the server dying under the app.
      expect((await userData(sko)).statusCode).toBe(200);
      await proxy?.cut();
      await proxy?.restore();
      // The first query on a reset connection may fail with 503; none may fail with 500.
      for (let i = 0; i < 12; i += 1) {
        const response = await userData(sko);
        expect([200, 503], response.body).toContain(response.statusCode);
      }
      await eventually200(() => userData(sko));
    }, 180_000);
  } else {
    it('answers 503 while another process holds the database locked, then recovers', async () => {
      expect((await signIn()).statusCode).toBe(200);
      const other = new SQLite(join(t.dataDir, 'tanaw.db'));
      try {
        other.exec('BEGIN EXCLUSIVE');
        // Sign-in writes a session row: it waits out the busy timeout, then gives up clearly.
        const response = await signIn();
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual(UNAVAILABLE);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      await eventually200(signIn);
      expect((await userData(sko)).statusCode).toBe(200);
    }, 180_000);
  }
});
