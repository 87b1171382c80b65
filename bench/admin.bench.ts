// First-page latency of the audit trail and the session log with 100,000 rows each for one
// barangay (plus 20,000 of another), through the whole stack (auth, validation, query,
// serialisation) with app.inject. SQLite always; PostgreSQL too when BENCH_DATABASE_URL is set.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed.ts';

const ROWS = 100_000;
const OTHER_ROWS = 20_000;
const RUNS = 40;
const BUDGET_MS = 50;
const MODULES = ['Authentication', 'Projects', 'Accounts', 'User Roles', 'Raw Data'];

type App = Awaited<ReturnType<typeof buildApp>>;

async function fill(app: App, code: string, count: number): Promise<void> {
  const { db } = app.services;
  const barangay = await db
    .selectFrom('barangays')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('barangay_id', '=', barangay.id)
    .execute();
  const yearMs = 365 * 24 * 3_600_000;
  const start = Date.now() - yearMs;
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < count; offset += batch) {
      const audit = [];
      const sessions = [];
      for (let i = offset; i < Math.min(count, offset + batch); i += 1) {
        const user = users[i % users.length];
        if (!user) {
          throw new Error('no users');
        }
        const at = new Date(start + Math.floor((i / count) * yearMs)).toISOString();
        audit.push({
          barangay_id: barangay.id,
          user_id: user.id,
          username: user.username,
          module: MODULES[i % MODULES.length] ?? 'Projects',
          action: 'BENCH_ACTION',
          description: `${user.username} did benchmark action ${i}`,
          old_value: JSON.stringify({ status: 'Pending Review' }),
          new_value: JSON.stringify({ status: 'Proposal Accepted', reviewedBy: 'Bench Chair' }),
          ip: '127.0.0.1',
          created_at: at,
        });
        sessions.push({
          id: randomUUID(),
          user_id: user.id,
          barangay_id: barangay.id,
          username_key: user.username,
          outcome: i % 10 === 0 ? ('failed' as const) : ('success' as const),
          fingerprint_hash: null,
          created_at: at,
          expires_at: new Date(Date.parse(at) + 3_600_000).toISOString(),
          ended_at: null,
          end_reason: null,
          ip: '127.0.0.1',
          user_agent: 'bench',
        });
      }
      await trx.insertInto('audit_log').values(audit).execute();
      await trx.insertInto('sessions').values(sessions).execute();
    }
  });
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

async function measure(app: App, headers: Record<string, string>, url: string) {
  for (let i = 0; i < 5; i += 1) {
    await app.inject({ method: 'GET', url, headers });
  }
  const samples: number[] = [];
  let rows = 0;
  let more = '';
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    samples.push(performance.now() - t0);
    if (response.statusCode !== 200) {
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
    rows = response.json<unknown[]>().length;
    more = String(response.headers['x-has-more'] ?? '');
  }
  return { ...stats(samples), rows, more };
}

async function benchOn(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-bench-admin-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const url = process.env.BENCH_DATABASE_URL;
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_ROOT: join(dataDir, 'none'),
      ...(dialect === 'postgres' && url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}),
    }),
  );
  let ok = true;
  try {
    const t0 = performance.now();
    await fill(app, 'SB', ROWS);
    await fill(app, 'NN', OTHER_ROWS);
    if (dialect === 'postgres' && url) {
      // Autovacuum would have done this on a live server; a bulk load has no statistics yet.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`analyze ${schema}.audit_log, ${schema}.sessions, ${schema}.users`);
      await client.end();
    }
    console.log(
      `${dialect}: inserted ${ROWS + OTHER_ROWS} audit rows and as many sign-ins in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sb.admin', password: DEMO_PASSWORD, barangay: 'San Bartolome' },
    });
    const token = login.json<{ token: string }>().token;
    const cookie = login.cookies.find((c) => c.name === 'tanaw_fp');
    const headers = { authorization: `Bearer ${token}`, cookie: `tanaw_fp=${cookie?.value ?? ''}` };
    const cases = [
      ['audit, first page of 50', '/api/audit?page=1&pageSize=50'],
      [
        'audit, module + user filter',
        '/api/audit?page=1&pageSize=50&module=User%20Roles&user=sb.chair',
      ],
      ['audit, user filter', '/api/audit?page=1&pageSize=50&user=chair'],
      ['audit, one month', '/api/audit?page=1&pageSize=50&startDate=2026-06-01&endDate=2026-06-30'],
      ['sessions, first page of 25', '/api/admin/sessions?page=1&pageSize=25'],
      [
        'sessions, search + dates',
        '/api/admin/sessions?page=1&pageSize=25&search=villanueva&startDate=2026-01-01&endDate=2026-12-31',
      ],
    ] as const;
    for (const [name, path] of cases) {
      const r = await measure(app, headers, path);
      const pass = r.median < BUDGET_MS;
      ok &&= pass;
      console.log(
        `${dialect}: ${name.padEnd(30)} median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.rows} rows, more: ${r.more}) ${pass ? 'OK' : `OVER ${BUDGET_MS} ms`}`,
      );
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres' && url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
  return ok;
}

const dialects: ('sqlite' | 'postgres')[] = process.env.BENCH_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];
let allOk = true;
for (const dialect of dialects) {
  allOk = (await benchOn(dialect)) && allOk;
}
console.log(
  allOk ? `every first page under ${BUDGET_MS} ms` : `some first pages over ${BUDGET_MS} ms`,
);
process.exitCode = allOk ? 0 : 1;
