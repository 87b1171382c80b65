// Speed of the request path: our server against a bare Fastify "hello" route in the same run,
// 10 clients each (autocannon). Prints req/s, p50, p99 and the ratio to bare Fastify, and checks
// the targets: health >= 0.5 of bare; signed-in reads >= 0.3 of bare with p99 < 10 ms.
// This machine's speed drifts by a third within a minute, so bare Fastify is measured right
// before and right after each target and the target is compared with the mean of the two; the
// CPU time each server process spent per answer (from /proc), and the load generator's own (it
// runs in this process, on the same two cores), are printed beside it.
// `BENCH_SECONDS` sets the length of each run (default 8). `BENCH_CPU_PROF=dir` starts our server
// with `--cpu-prof --cpu-prof-dir=dir` (a .cpuprofile written when it exits; summarise it with
// `npx tsx bench/cpuprofile-top.ts dir/*.cpuprofile`); profiling slows the server, so its ratios
// are not the targets'. `BENCH_ONLY=health,forecast` measures only the targets whose names hold
// one of those words (bare Fastify is always measured).
// When the server's CPU per answer is far above bare Fastify's while the profile shows nothing
// of ours, look at the collector: `node --trace-gc-nvp --import tsx apps/server/src/main.ts`
// under load prints each scavenge's `survive_rate_`, which should be near 0 for answers that
// keep nothing (26% was V8's pretenuring after the demo seed: apps/server/src/runtime-flags.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { SERVER_PROCESS_ENV, autocannonRun } from './server-env.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const ourPort = 19_000 + Math.floor(Math.random() * 400);
const barePort = ourPort + 500;
const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-bench-api-'));
const profileDir = process.env.BENCH_CPU_PROF;
const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: ${String(barePort)}, host: '127.0.0.1' });
`;

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc). */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ');
    return (Number(fields?.[11]) + Number(fields?.[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

async function signIn(base: string, username: string) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Tanaw#2025', barangay: 'San Bartolome' }),
  });
  const { token, user } = (await response.json()) as { token: string; user: { userId: number } };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { headers: { authorization: `Bearer ${token}`, cookie }, userId: user.userId };
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  try {
    children.push(
      spawn(process.execPath, ['--input-type=module', '-e', BARE], { stdio: 'inherit' }),
      spawn(process.execPath, [...profileArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
        env: {
          ...process.env,
          ...SERVER_PROCESS_ENV,
          PORT: String(ourPort),
          DATA_DIR: dataDir,
          SEED_DEMO: 'true',
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
          WEB_ROOT: join(dataDir, 'none'),
          RATE_LIMIT_PER_MINUTE: '100000000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    const base = `http://127.0.0.1:${String(ourPort)}`;
    await Promise.all([
      waitFor(`http://127.0.0.1:${String(barePort)}/hello`),
      waitFor(`${base}/api/health`),
    ]);
    const official = await signIn(base, 'sb.official');
    const chair = await signIn(base, 'sb.chair');
    const targets: {
      name: string;
      url: string;
      headers?: Record<string, string>;
      ratio: number;
      p99?: number;
    }[] = [
      {
        name: 'bare Fastify GET /hello',
        url: `http://127.0.0.1:${String(barePort)}/hello`,
        ratio: 1,
      },
      { name: 'GET /api/health', url: `${base}/api/health`, ratio: 0.5 },
      {
        name: 'GET /api/user-data (SKO)',
        url: `${base}/api/user-data`,
        headers: official.headers,
        ratio: 0.3,
        p99: 10,
      },
      {
        name: 'GET /api/projects/user/:id (SKO)',
        url: `${base}/api/projects/user/${String(official.userId)}`,
        headers: official.headers,
        ratio: 0.3,
        p99: 10,
      },
      {
        name: 'GET /api/rawdata first page (SKC)',
        url: `${base}/api/rawdata?page=1&pageSize=50`,
        headers: chair.headers,
        ratio: 0.3,
        p99: 10,
      },
      {
        name: 'GET /api/forecast cached (SKC)',
        url: `${base}/api/forecast`,
        headers: chair.headers,
        ratio: 0.3,
        p99: 10,
      },
      {
        name: 'GET /api/projectreview/all (SKC)',
        url: `${base}/api/projectreview/all`,
        headers: chair.headers,
        ratio: 0.3,
        p99: 10,
      },
    ];
    const only = process.env.BENCH_ONLY?.split(',').map((word) => word.trim().toLowerCase());
    if (only) {
      targets.splice(
        0,
        targets.length,
        ...targets.filter(
          (target, index) =>
            index === 0 || only.some((word) => target.name.toLowerCase().includes(word)),
        ),
      );
    }
    // Warm-up: JIT, statement caches, connection set-up.
    for (const target of targets) {
      await autocannonRun({
        url: target.url,
        headers: target.headers,
        connections: CONNECTIONS,
        duration: 1,
      });
    }
    const [bareChild, ourChild] = children;
    /** One measured run, with the CPU the answering process spent per answer. */
    const measure = async (target: (typeof targets)[number], pid: number | undefined) => {
      const before = cpuMicros(pid);
      const client = process.cpuUsage();
      const result = await autocannonRun({
        url: target.url,
        headers: target.headers,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      const used = process.cpuUsage(client);
      return {
        result,
        cpuPerAnswer: (cpuMicros(pid) - before) / result.requests.total,
        clientPerAnswer: (used.user + used.system) / result.requests.total,
      };
    };
    const bareTarget = targets[0];
    if (!bareTarget) {
      throw new Error('no bare target');
    }
    let bareBefore = await measure(bareTarget, bareChild?.pid);
    const rows: {
      target: (typeof targets)[number];
      result: autocannon.Result;
      cpu: number;
      client: number;
      bare: number;
      bareCpu: number;
      bareClient: number;
    }[] = [];
    for (const target of targets.slice(1)) {
      const ours = await measure(target, ourChild?.pid);
      const bareAfter = await measure(bareTarget, bareChild?.pid);
      rows.push({
        target,
        result: ours.result,
        cpu: ours.cpuPerAnswer,
        client: ours.clientPerAnswer,
        bare: (bareBefore.result.requests.average + bareAfter.result.requests.average) / 2,
        bareCpu: (bareBefore.cpuPerAnswer + bareAfter.cpuPerAnswer) / 2,
        bareClient: (bareBefore.clientPerAnswer + bareAfter.clientPerAnswer) / 2,
      });
      bareBefore = bareAfter;
    }
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`${String(CONNECTIONS)} clients, ${String(SECONDS)} s each; load average ${load}`);
    console.log(
      'endpoint                           req/s  bare req/s  p50 ms  p99 ms  ratio  target               server us (bare)  client us (bare)  non-2xx',
    );
    let missed = false;
    for (const { target, result, cpu, client, bare, bareCpu, bareClient } of rows) {
      const ratio = result.requests.average / bare;
      const ok =
        ratio >= target.ratio && (target.p99 === undefined || result.latency.p99 < target.p99);
      missed ||= !ok || result.non2xx > 0;
      const goal = `>=${target.ratio.toFixed(2)}${target.p99 ? `, p99<${String(target.p99)}` : ''}`;
      console.log(
        `${target.name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)}  ${bare.toFixed(0).padStart(10)}   ${String(result.latency.p50).padStart(5)}   ${String(result.latency.p99).padStart(5)}   ${ratio.toFixed(2)}   ${(goal + (ok ? ' met' : ' MISSED')).padEnd(20)} ${cpu.toFixed(1).padStart(6)} (${bareCpu.toFixed(1).padStart(4)})   ${client.toFixed(1).padStart(6)} (${bareClient.toFixed(1).padStart(4)})  ${String(result.non2xx).padStart(7)}`,
      );
    }
    console.log(
      'server us, client us: CPU time per answer of the answering server and of the load generator',
    );
    console.log(
      '(autocannon, this process); both share the 2 cores, so a large answer costs throughput twice.',
    );
    if (missed) {
      console.log('Some targets were missed (see above); on a loaded machine the ratios fall.');
    }
  } finally {
    // Waits for the servers to exit, so a profile has been written when this returns.
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              resolve(undefined);
              return;
            }
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
