// What the plan and tracker benchmarks share: the app in a data folder of its own, timing, and a
// 200-line plan of a real ABYIP's shape.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  PYDP_CENTRES,
  manilaYear,
  type BudgetPlan,
  type HonorariumInput,
  type PlanLineInput,
  type PlanReceiptsInput,
} from '@sk-tanaw/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

export const LINES = 200;

export interface Measured {
  wall: number;
  cpu: number;
}

export const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};

/** Wall time and this process's CPU time (user + system, every thread) of `work`, in ms. */
export async function measure(work: () => Promise<unknown>): Promise<Measured> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await work();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** `runs` measured calls of `work` (called with 0, 1, ...); any warm-up call is the caller's. */
export async function repeat(
  runs: number,
  work: (i: number) => Promise<void>,
): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (let i = 0; i < runs; i += 1) {
    measured.push(await measure(() => work(i)));
  }
  return measured;
}

/** A row of the printed table: what was measured, its runs, and the target in ms. */
export type Timed = [name: string, runs: Measured[], target: number];

/**
 * Prints `title` and the table of wall and CPU times (median, p95) against the targets. True when
 * every median CPU time is under its target: on a shared machine the wall time includes waiting
 * for a core; CPU time is the work itself.
 */
export function report(title: string, rows: Timed[]): boolean {
  const fmt = (v: number) => v.toFixed(1).padStart(8);
  console.log(`\n${title}`);
  console.log(`machine load average (1 min): ${(loadavg()[0] ?? 0).toFixed(1)}`);
  console.log(`${'(ms)'.padEnd(34)} runs  wall med   wall p95    CPU med    CPU p95   target`);
  let met = true;
  for (const [name, runs, target] of rows) {
    const wall = stats(runs.map((r) => r.wall));
    const cpu = stats(runs.map((r) => r.cpu));
    console.log(
      `${name.padEnd(34)} ${String(runs.length).padStart(4)} ${fmt(wall.median)} ${fmt(wall.p95)} ${fmt(cpu.median)} ${fmt(cpu.p95)}   < ${String(target)}`,
    );
    met &&= cpu.median < target;
  }
  if (!met) {
    console.log('TARGET MISSED (median CPU time)');
  }
  return met;
}

/**
 * Runs a benchmark on SQLite and, with TEST_DATABASE_URL, on PostgreSQL in a schema of its own
 * (dropped afterwards); exits 1 when a target was missed or a run failed.
 */
export function runOnEachDatabase(
  run: (label: string, env: Record<string, string>) => Promise<boolean>,
): void {
  const main = async () => {
    let met = await run('SQLite', {});
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const schema = `bench_${randomBytes(6).toString('hex')}`;
      try {
        met = (await run('PostgreSQL', { DATABASE_URL: url, DATABASE_SCHEMA: schema })) && met;
      } finally {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    }
    if (!met) {
      process.exitCode = 1;
    }
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/** 200 lines across every centre and both programs, with texts of a real ABYIP's length. */
export function lines(year: number, salt: number): PlanLineInput[] {
  return Array.from({ length: LINES }, (_, i) => {
    const centre = PYDP_CENTRES[i % PYDP_CENTRES.length] ?? 'Health';
    const gap = i % 25 === 0;
    return {
      program: gap ? 'GAP' : 'YDEP',
      centre: gap ? null : centre,
      ppa: `${centre} youth activity ${String(i + 1)}`,
      description: `Sessions, materials and logistics of the ${centre.toLowerCase()} activity number ${String(i + 1)} for the youth of the barangay in ${String(year)}.`,
      expectedResult: 'Youth reached and outputs delivered as planned',
      performanceIndicator: `${String(20 + (i % 30))} participants; attendance sheets and photos`,
      startMonth: 1 + (i % 6),
      endMonth: 7 + (i % 6),
      responsible: `Committee on ${centre}`,
      ps: 0,
      mooe: 10_000 + ((i * 37 + salt) % 50) * 100 + 0.25,
      co: i % 10 === 0 ? 5_000 : 0,
      training: i === 0,
    };
  });
}

/** A ₱5,000,000 SK fund, noticed and certified in the September before `year`. */
export function receipts(
  year: number,
  otherReceipts: PlanReceiptsInput['otherReceipts'] = [],
): PlanReceiptsInput {
  return {
    tenPercentShare: 5_000_000,
    noticeOn: `${String(year - 1)}-09-12`,
    noticeBy: 'Edgardo L. Manalo',
    certifiedOn: `${String(year - 1)}-09-10`,
    certifiedBy: 'Rosario M. Aquino',
    otherReceipts,
  };
}

/**
 * Every SK position budgeted, as the honoraria check asks: the chairperson's rate as the cap's
 * reference (0 months: not charged to the SK fund), seven members, the secretary, the treasurer.
 */
export const HONORARIA: HonorariumInput[] = [
  { position: 'chairperson', name: 'Miguel Santos', monthlyRate: 8_000, months: 0 },
  ...Array.from(
    { length: 7 },
    (_, i): HonorariumInput => ({
      position: 'member',
      name: `Member ${String(i + 1)}`,
      monthlyRate: 5_000,
      months: 12,
    }),
  ),
  { position: 'secretary', name: 'Kristine Ramos', monthlyRate: 6_000, months: 12 },
  { position: 'treasurer', name: 'Paolo Cruz', monthlyRate: 6_000, months: 12 },
];

/** The headers of `username` signed in at `place` (a barangay's name or code, or a city's). */
export async function signInAs(
  app: FastifyInstance,
  username: string,
  place: string,
): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'Tanaw#2025', barangay: place },
  });
  if (login.statusCode !== 200) {
    throw new Error(`login ${username}: ${String(login.statusCode)} ${login.body}`);
  }
  const token = login.json<{ token: string }>().token;
  const cookie = login.cookies.find((c) => c.name === 'tanaw_fp');
  return { authorization: `Bearer ${token}`, cookie: `tanaw_fp=${cookie?.value ?? ''}` };
}

export function signIn(app: FastifyInstance): Promise<Record<string, string>> {
  return signInAs(app, 'sb.chair', 'San Bartolome');
}

/**
 * `work` on the app built with `env` in a new data folder (`tanaw-bench-NAME-…`, no web root,
 * warnings logged); the app is closed and the folder removed afterwards.
 */
export async function withBenchApp<T>(
  name: string,
  env: Record<string, string>,
  work: (app: BenchApp) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `tanaw-bench-${name}-`));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_ROOT: join(dataDir, 'none'), ...env }),
  );
  try {
    return await work(app);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** API calls as the signed-in chairperson (`signIn`), JSON in; anything but a 200 throws. */
export async function signedInCaller(app: FastifyInstance) {
  const headers = await signIn(app);
  return async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (response.statusCode !== 200) {
      throw new Error(`${method} ${url}: ${String(response.statusCode)} ${response.body}`);
    }
    return response;
  };
}

/**
 * A plan of a past year the demo has none for (three years back, so its payments and orders can
 * be dated: none may be after today), with the 200 lines, approved and posted; its year and plan.
 */
export async function postedPastPlan(
  call: Awaited<ReturnType<typeof signedInCaller>>,
): Promise<{ year: number; plan: BudgetPlan }> {
  const year = manilaYear(new Date()) - 3;
  const created = (await call('POST', '/api/budget-plans', { year })).json<{ plan: BudgetPlan }>()
    .plan;
  const plan = (
    await call('PUT', `/api/budget-plans/${String(created.id)}`, {
      version: created.version,
      receipts: receipts(year),
      lines: lines(year, 0),
      honoraria: HONORARIA,
    })
  ).json<{ plan: BudgetPlan }>().plan;
  await call('POST', `/api/budget-plans/${String(plan.id)}/approve`, {
    resolutionNumber: 'SK Res. No. 1',
    approvedOn: `${String(year - 1)}-10-20`,
  });
  await call('POST', `/api/budget-plans/${String(plan.id)}/post`);
  return { year, plan };
}
