// Load: 50 simulated council users for LOAD_SECONDS (default 60) against the real server, on
// SQLite and, when TEST_DATABASE_URL is set, PostgreSQL. A mix of sign-in, user data, project
// lists, submissions with a small PDF and status updates, plus raw-data, forecast and analysis
// reads when the OpenAPI document has them. Expects zero errors and nothing lost (every answered
// submission is listed afterwards); prints p50/p99 per call.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildSimplePdf } from '../apps/server/src/features/projects/simple-pdf.ts';
import { SERVER_PROCESS_ENV } from './server-env.ts';
import { DISTRICT_DEMO_NAMES } from '../apps/server/src/db/seed-district.ts';
import { cityOnboarding } from './load-onboard.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const USERS_WANTED = Number(process.env.LOAD_USERS ?? 50);
const PASSWORD = 'Tanaw#2025';
interface Account {
  username: string;
  barangay: string;
  role: 'SKO' | 'SKC';
}
const ACCOUNTS: readonly [Account, Account, Account, Account] = [
  { username: 'sb.official', barangay: 'San Bartolome', role: 'SKO' },
  { username: 'sb.chair', barangay: 'San Bartolome', role: 'SKC' },
  { username: 'nn.official', barangay: 'Nagkaisang Nayon', role: 'SKO' },
  { username: 'nn.chair', barangay: 'Nagkaisang Nayon', role: 'SKC' },
];
/**
 * LOAD_SPREAD=1: the users are spread over every demo barangay with accounts (SB, NN and the
 * eight of District 5, `<psgc>.chair` / `<psgc>.official`), among the 142 of Quezon City loaded.
 * LOAD_SPREAD=city: over all 142, the city bringing in the rest first (load-onboard.ts), one
 * simulated user per account unless LOAD_USERS says otherwise.
 */
const SPREAD = process.env.LOAD_SPREAD === '1' || process.env.LOAD_SPREAD === 'city';
const SPREAD_CITY = process.env.LOAD_SPREAD === 'city';

/** The accounts the users sign in with: SB and NN's, and with LOAD_SPREAD the eight more. */
async function accountsOf(base: string): Promise<Account[]> {
  if (!SPREAD) {
    return [...ACCOUNTS];
  }
  const more: Account[] = [];
  for (const name of DISTRICT_DEMO_NAMES) {
    const response = await fetch(`${base}/api/barangays?q=${encodeURIComponent(name)}`);
    const { barangays } = (await response.json()) as {
      barangays: { code: string; name: string }[];
    };
    const found = barangays.find((b) => b.name === name);
    if (!found) {
      throw new Error(`${name} is not in the registry`);
    }
    const prefix = found.code.toLowerCase();
    more.push(
      { username: `${prefix}.official`, barangay: name, role: 'SKO' },
      { username: `${prefix}.chair`, barangay: name, role: 'SKC' },
    );
  }
  return [...ACCOUNTS, ...more];
}

interface Session {
  account: Account;
  headers: Record<string, string>;
  userId: number;
}

interface Stats {
  latencies: Map<string, number[]>;
  errors: Map<string, string[]>;
}

const record = (stats: Stats, name: string, ms: number) => {
  const list = stats.latencies.get(name) ?? [];
  list.push(ms);
  stats.latencies.set(name, list);
};
const fail = (stats: Stats, name: string, what: string) => {
  const list = stats.errors.get(name) ?? [];
  list.push(what);
  stats.errors.set(name, list);
};

export async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const port = 21_000 + Math.floor(Math.random() * 3000);
  const base = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      ...SERVER_PROCESS_ENV,
      ...env,
      PORT: String(port),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Every simulated person signs in from 127.0.0.1: the per-address limit on sign-ins in
      // flight or failed (50) is for one network, not for a city's councils behind one address.
      LOGIN_ADDRESS_MAX_FAILURES: '100000',
    },
    // LOAD_SERVER_LOG=file keeps the server's log (warnings and errors) for a failed run.
    stdio: [
      'ignore',
      process.env.LOAD_SERVER_LOG ? openSync(process.env.LOAD_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
  });
  for (let i = 0; i < 1200; i += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return { base, child };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function timed(
  stats: Stats,
  name: string,
  call: () => Promise<Response>,
): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await call();
    const body = await response.arrayBuffer();
    record(stats, name, performance.now() - started);
    if (!response.ok) {
      fail(
        stats,
        name,
        `${String(response.status)} ${Buffer.from(body).toString('utf8').slice(0, 200)}`,
      );
      return null;
    }
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    fail(stats, name, error instanceof Error ? error.message : 'failed');
    return null;
  }
}

/**
 * Signs in like a browser: it sends back the device cookie (tanaw_device) an earlier sign-in of
 * this simulated user set, so its sign-ins count against its own device, not the account's
 * anonymous attempts (12 simulated people share each demo account).
 */
async function signIn(
  base: string,
  stats: Stats,
  account: Account,
  device?: { cookie: string },
): Promise<Session | null> {
  const response = await timed(stats, 'POST /api/login', () =>
    fetch(`${base}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(device?.cookie ? { cookie: device.cookie } : {}),
      },
      body: JSON.stringify({
        username: account.username,
        password: PASSWORD,
        barangay: account.barangay,
      }),
    }),
  );
  if (!response) {
    return null;
  }
  const body = (await response.json()) as { token: string; user: { userId: number } };
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const cookie = cookies.find((c) => c.startsWith('tanaw_fp=')) ?? '';
  const deviceCookie = cookies.find((c) => c.startsWith('tanaw_device='));
  if (device && deviceCookie) {
    device.cookie = deviceCookie;
  }
  return {
    account,
    headers: { authorization: `Bearer ${body.token}`, cookie },
    userId: body.user.userId,
  };
}

function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const boundary = `load${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="projectFile"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** GET routes without path parameters that part 2 adds (raw data, forecast, analysis). */
async function extraReads(base: string, chair: Session): Promise<string[]> {
  const document = (await fetch(`${base}/api/docs/json`).then((r) => r.json())) as {
    paths?: Record<string, Record<string, unknown>>;
  };
  const found: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!('get' in item) || path.includes('{') || !/raw|forecast|analys|predict/i.test(path)) {
      continue;
    }
    // Only what a chairperson may read: an admin-only route is not part of a council's day.
    const probe = await fetch(`${base}${path}`, { headers: chair.headers });
    await probe.arrayBuffer();
    if (probe.ok) {
      found.push(path);
    }
  }
  return found;
}

export interface LoadResult {
  ok: boolean;
  /** Calls answered (or failed) in the run. */
  total: number;
  errors: number;
  /** Answered submissions missing from the review lists afterwards. */
  lost: number;
  elapsed: number;
}

/**
 * The load run: LOAD_USERS simulated users for SECONDS against `bases`, each call to the next server
 * in turn (one base: a single server). Prints the table and returns the totals.
 */
export async function runLoad(
  label: string,
  bases: string[],
  onboarded: readonly Account[] = [],
): Promise<LoadResult> {
  const stats: Stats = { latencies: new Map(), errors: new Map() };
  const submitted: { id: number; barangay: string }[] = [];
  const pdf = buildSimplePdf('Load test proposal', 'A small proposal document.');
  // Each call goes to the next server in turn (a round-robin load balancer).
  let turn = 0;
  const pick = () => bases[turn++ % bases.length] ?? '';
  const base = bases[0] ?? '';
  const setupStats: Stats = { latencies: new Map(), errors: new Map() };
  const sbChair = await signIn(base, setupStats, ACCOUNTS[1]);
  const extras = sbChair ? await extraReads(base, sbChair) : [];
  const accounts = [...(await accountsOf(base)), ...onboarded];
  const users = SPREAD_CITY && !process.env.LOAD_USERS ? accounts.length : USERS_WANTED;
  const deadline = Date.now() + SECONDS * 1000;

  async function user(index: number): Promise<void> {
    const account = accounts[index % accounts.length] ?? ACCOUNTS[0];
    const device = { cookie: '' };
    // Users arrive over the first two seconds, not in the same millisecond: a dozen first
    // sign-ins to one account at once, none yet from a known device, is a brute-force pattern.
    await new Promise((resolve) => setTimeout(resolve, (index * 2000) / users));
    let session = await signIn(pick(), stats, account, device);
    const ownProjects: number[] = [];
    while (session && Date.now() < deadline) {
      const s: Session = session;
      const roll = Math.random();
      if (roll < 0.03) {
        session = (await signIn(pick(), stats, account, device)) ?? s;
      } else if (roll < 0.3) {
        await timed(stats, 'GET /api/user-data', () =>
          fetch(`${pick()}/api/user-data`, { headers: s.headers }),
        );
      } else if (account.role === 'SKO' && roll < 0.55) {
        await timed(stats, 'GET /api/projects/user/:id', () =>
          fetch(`${pick()}/api/projects/user/${String(s.userId)}`, { headers: s.headers }),
        );
      } else if (account.role === 'SKO' && roll < 0.7) {
        const form = multipart(
          {
            title: `Load proposal ${String(index)}-${String(ownProjects.length)}`,
            description: 'Load test',
            userId: String(s.userId),
          },
          pdf,
        );
        const response = await timed(stats, 'POST /api/projects/submit (PDF)', () =>
          fetch(`${pick()}/api/projects/submit`, {
            method: 'POST',
            headers: { ...s.headers, 'content-type': form.type },
            body: new Uint8Array(form.body),
          }),
        );
        if (response) {
          const { project } = (await response.json()) as { project: { id: number } };
          ownProjects.push(project.id);
          submitted.push({ id: project.id, barangay: account.barangay });
        }
      } else if (account.role === 'SKC' && roll < 0.6) {
        const response = await timed(stats, 'GET /api/projectreview/all', () =>
          fetch(`${pick()}/api/projectreview/all`, { headers: s.headers }),
        );
        const projects = response
          ? ((await response.json()) as { projects: { id: number }[] }).projects
          : [];
        const target = projects[Math.floor(Math.random() * projects.length)];
        if (target && Math.random() < 0.4) {
          await timed(stats, 'PUT /api/projectreview/status/:id', () =>
            fetch(`${pick()}/api/projectreview/status/${String(target.id)}`, {
              method: 'PUT',
              headers: { ...s.headers, 'content-type': 'application/json' },
              body: JSON.stringify({
                status: Math.random() < 0.5 ? 'Proposal Accepted' : 'In Compilation',
                remarks: 'Load test',
              }),
            }),
          );
        }
      } else if (extras.length > 0 && account.role === 'SKC') {
        const path = extras[Math.floor(Math.random() * extras.length)] ?? '';
        await timed(stats, `GET ${path}`, () => fetch(`${pick()}${path}`, { headers: s.headers }));
      } else {
        await timed(stats, 'GET /api/health', () => fetch(`${pick()}/api/health`));
      }
    }
  }

  const started = Date.now();
  await Promise.all(Array.from({ length: users }, (_, i) => user(i)));
  const elapsed = (Date.now() - started) / 1000;

  // Nothing lost: every answered submission is in its barangay's review list.
  const lost: number[] = [];
  for (const account of accounts.filter((a) => a.role === 'SKC')) {
    const chair = await signIn(base, setupStats, account);
    const list = chair
      ? ((await fetch(`${base}/api/projectreview/all`, { headers: chair.headers }).then((r) =>
          r.json(),
        )) as {
          projects: { id: number }[];
        })
      : { projects: [] };
    const ids = new Set(list.projects.map((p) => p.id));
    lost.push(
      ...submitted
        .filter((p) => p.barangay === account.barangay && !ids.has(p.id))
        .map((p) => p.id),
    );
  }

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  let total = 0;
  let errors = 0;
  console.log(
    `\n${label}: ${String(users)} users of ${String(new Set(accounts.map((a) => a.barangay)).size)} barangays, ${elapsed.toFixed(0)} s, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('call                                   count   per s   p50 ms   p99 ms  errors');
  for (const [name, list] of [...stats.latencies].sort()) {
    const sorted = [...list].sort((a, b) => a - b);
    const failed = stats.errors.get(name)?.length ?? 0;
    total += list.length;
    errors += failed;
    console.log(
      `${name.padEnd(38)} ${String(list.length).padStart(6)} ${(list.length / elapsed).toFixed(1).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)} ${String(failed).padStart(7)}`,
    );
  }
  for (const [name, list] of stats.errors) {
    errors += list.length && !stats.latencies.has(name) ? list.length : 0;
    console.log(`  errors of ${name}: ${[...new Set(list)].slice(0, 3).join(' | ')}`);
  }
  console.log(
    `total ${String(total)} calls (${(total / elapsed).toFixed(0)}/s), ${String(errors)} errors; ${String(submitted.length)} submissions, ${String(lost.length)} lost`,
  );
  if (extras.length === 0) {
    console.log('(no raw-data, forecast or analysis routes in the OpenAPI document yet)');
  }
  return { ok: errors === 0 && lost.length === 0, total, errors, lost: lost.length, elapsed };
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-load-'));
  const schema = `load_${randomBytes(5).toString('hex')}`;
  const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
  const onboarding = SPREAD_CITY ? await cityOnboarding() : null;
  const { child, base } = await startServer({
    DATA_DIR: dataDir,
    WEB_ROOT: join(dataDir, 'none'),
    ...(dialect === 'postgres' ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...(onboarding ? { SMTP_URL: onboarding.smtpUrl } : {}),
  });
  try {
    const skip = new Set([...ACCOUNTS.map((a) => a.barangay), ...DISTRICT_DEMO_NAMES]);
    const onboarded = onboarding ? await onboarding.onboard(base, PASSWORD, skip) : [];
    return (await runLoad(dialect, [base], onboarded)).ok;
  } finally {
    await onboarding?.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
}

async function main(): Promise<void> {
  // LOAD_DIALECTS=postgres runs one database only.
  const dialects = (process.env.LOAD_DIALECTS ?? 'sqlite,postgres').split(',');
  let ok = dialects.includes('sqlite') ? await runOn('sqlite') : true;
  if (process.env.TEST_DATABASE_URL && dialects.includes('postgres')) {
    ok = (await runOn('postgres')) && ok;
  }
  if (!ok) {
    console.error('load run had errors or lost submissions');
    process.exit(1);
  }
}

// Run as a bench (not when scale.bench.ts imports the machinery).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
