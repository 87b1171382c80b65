import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp, type AppOptions } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import type { DialectName } from '../src/db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed.ts';
import { manualClock, type ManualClock } from '../src/lib/clock.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<AppOptions, 'clock'> {
  env?: Record<string, string>;
  clock?: ManualClock;
}

/**
 * A fresh app on a fresh database: a temporary SQLite file, or a PostgreSQL schema of its own
 * that is dropped on close, so parallel runs never collide.
 */
export async function createTestApp(
  dialect: DialectName,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-test-'));
  const schema = dialect === 'postgres' ? newSchemaName() : null;
  const env: Record<string, string> = { ...testEnv(dataDir, schema), ...options.env };
  const config = loadConfig(env);
  const clock = options.clock ?? manualClock(new Date());
  const app = await buildApp(config, { ...options, clock });
  return {
    app,
    clock,
    config,
    dataDir,
    async close() {
      await app.close();
      await removeTestData(schema, [dataDir]);
    },
  };
}

/** A sign-in attempt through the API from `ip`, with the cookie header when one is given. */
export function loginAttempt(
  app: FastifyInstance,
  attempt: { username: string; password: string; barangay: string; ip: string; cookie?: string },
) {
  const { username, password, barangay, ip, cookie } = attempt;
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password, barangay },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** A schema name of its own for one test server (or several sharing it) on PostgreSQL. */
export function newSchemaName(): string {
  return `t_${randomBytes(6).toString('hex')}`;
}

/**
 * The environment of a test server keeping its files in `dataDir`: on SQLite there, or on
 * `schema` of the PostgreSQL test database when one is given.
 */
export function testEnv(dataDir: string, schema: string | null = null): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_ROOT: join(dataDir, 'no-web'),
    // The demo's turnover changes San Bartolome's and Nagkaisang Nayon's accounts and data:
    // off unless a test turns it on.
    SEED_DEMO_TURNOVER: 'false',
    SEED_DEMO_VOUCHERS: 'false',
    SEED_DEMO_PROCUREMENT: 'false',
    ...(schema === null ? {} : { DATABASE_URL: requirePostgresUrl(), DATABASE_SCHEMA: schema }),
  };
}

/** Drops `schema` (if any) from the PostgreSQL test database and removes the folders. */
export async function removeTestData(schema: string | null, dirs: string[]): Promise<void> {
  if (schema !== null) {
    const client = new pg.Client({ connectionString: requirePostgresUrl() });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
  }
}

function requirePostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('TEST_DATABASE_URL is not set');
  }
  return url;
}

export interface Session {
  token: string;
  cookie: string;
  userId: number;
  /** Headers that authenticate a request as this session. */
  headers: Record<string, string>;
}

export function demoBarangay(username: string): string {
  // The demo city's accounts (db/seed-city.ts) sign in with the city's name.
  if (username.startsWith('qc.')) {
    return 'Quezon City';
  }
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  return account?.barangay === 'NN' ? 'Nagkaisang Nayon' : 'San Bartolome';
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'tanaw_fp');
  if (!cookie) {
    throw new Error(`No fingerprint cookie in response ${response.statusCode}: ${response.body}`);
  }
  return `${cookie.name}=${cookie.value}`;
}

/** Signs in through the real API and returns what an authenticated client sends. */
export async function login(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
  barangay = demoBarangay(username),
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password, barangay },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login ${username} failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ token: string; user: { userId: number } }>();
  const cookie = cookieFrom(response);
  return {
    token: body.token,
    cookie,
    userId: body.user.userId,
    headers: { authorization: `Bearer ${body.token}`, cookie },
  };
}

/** Demo users by role, for permission matrices: `loginAs(app, 'SKC')` (San Bartolome by default). */
export async function loginAs(
  app: FastifyInstance,
  role: 'MA' | 'SA' | 'SKC' | 'SKO',
  barangay: 'SB' | 'NN' = role === 'SA' ? 'NN' : 'SB',
): Promise<Session> {
  const account = DEMO_ACCOUNTS.find(
    (a) => a.position === role && a.barangay === barangay && !a.mustChangePassword,
  );
  if (!account) {
    throw new Error(`No demo account with role ${role} in ${barangay}`);
  }
  return login(app, account.username);
}

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next message (or one already received that matches). */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const toField = parsed.to;
            const toList = (Array.isArray(toField) ? toField : toField ? [toField] : []).flatMap(
              (t) => t.value.map((v) => v.address ?? ''),
            );
            const mail: ReceivedMail = {
              from: parsed.from?.text ?? '',
              to: toList,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw,
            };
            messages.push(mail);
            for (const w of [...waiters]) {
              if (w.match(mail)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(mail);
              }
            }
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) {
        return Promise.resolve(found);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No matching e-mail arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
