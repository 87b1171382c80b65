// The database going away mid-run: clear 503 answers while it is gone, and recovery without a
// restart when it returns. PostgreSQL is cut with a TCP proxy of our own between the app and the
// shared server (the server itself keeps running for everyone else); SQLite, an embedded file the
// process holds open, cannot disappear that way: its outage is another process holding the
// database locked past the busy timeout.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

interface Proxy {
  url: string;
  /** Stops accepting and resets every open connection: the database is gone. */
  cut(): Promise<void>;
  /** Accepts again on the same port: the database is back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startProxy(target: URL): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const targetPort = Number(target.port || 5432);
  const make = (): Server =>
    createServer((client) => {
      const upstream = connect(targetPort, target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  let server = make();
  const port = await listen(server, 0);
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) {
        s.destroy();
      }
    });
  return {
    url: url.href,
    cut: stop,
    async restore() {
      server = make();
      await listen(server, port);
    },
    close: stop,
  };
}

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

  beforeAll(async () => {
    if (dialect === 'postgres') {
      proxy = await startProxy(new URL(process.env.TEST_DATABASE_URL ?? ''));
    }
    t = await createTestApp(dialect, {
      env: proxy ? { DATABASE_URL: proxy.url } : {},
    });
    [sko, skc] = await Promise.all([loginAs(t.app, 'SKO'), loginAs(t.app, 'SKC')]);
  }, 60_000);
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

  async function eventually200(call: () => ReturnType<typeof userData>): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await call();
      if (response.statusCode === 200 || Date.now() > deadline) {
        expect(response.statusCode, response.body).toBe(200);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  if (dialect === 'postgres') {
    it('answers 503 while PostgreSQL is unreachable and recovers without a restart', async () => {
      expect((await userData(sko)).statusCode).toBe(200);
      await proxy?.cut();

      const started = Date.now();
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
      // Refused connections fail fast; nobody waits on a dead database.
      expect(Date.now() - started).toBeLessThan(5_000);

      await proxy?.restore();
      await eventually200(() => userData(sko));
      for (let i = 0; i < 12; i += 1) {
        expect((await userData(sko)).statusCode).toBe(200);
      }
      expect((await signIn()).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }, 60_000);

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
    }, 60_000);
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
    }, 60_000);
  }
});
