// Sign-in throughput and latency with 10 concurrent clients against a real server process,
// plus the cost of one argon2id hash with the server's parameters, and how alike a refusal
// takes for an unknown user and for a wrong password (no timing oracle; the tests check the
// same work is done, this measures it).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { createPasswordHasher } from '../apps/server/src/lib/passwords.ts';
import { autocannonRun, spawnServer, waitForHealth } from './server-env.ts';

const PORT = 18_900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-bench-'));

async function argonCost(): Promise<number> {
  const config = loadConfig({});
  const hasher = createPasswordHasher(config.argon2);
  await hasher.hash('warm-up#Pass1');
  const runs = 20;
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) {
    await hasher.hash(`Bench#Pass${i}`);
  }
  return (performance.now() - start) / runs;
}

/** Median milliseconds of refused sign-ins: unknown users against wrong passwords, interleaved. */
async function refusalTimes(): Promise<{ unknownMs: number; wrongMs: number }> {
  const once = async (username: string) => {
    const start = performance.now();
    const r = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Wrong#Pass1', barangay: 'San Bartolome' }),
    });
    await r.arrayBuffer();
    if (r.status !== 401) {
      throw new Error(`a refused sign-in answered ${String(r.status)}`);
    }
    return performance.now() - start;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  await once('warm.up');
  // Interleaved, so load from other work on the machine falls on both kinds alike.
  const unknown: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < 15; i += 1) {
    unknown.push(await once(`no.such.user${String(i)}`));
    wrong.push(await once('sb.official'));
  }
  return { unknownMs: median(unknown), wrongMs: median(wrong) };
}

async function main(): Promise<void> {
  const server = spawnServer(PORT, dataDir, {
    LOGIN_MAX_FAILURES: '1000000',
    LOGIN_ADDRESS_MAX_FAILURES: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  try {
    await waitForHealth(base, 200);
    const hashMs = await argonCost();
    const body = JSON.stringify({
      username: 'sb.official',
      password: 'Tanaw#2025',
      barangay: 'San Bartolome',
    });
    const login = await autocannonRun({
      url: `${base}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 10,
      duration: 10,
    });
    const signIn = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const { token } = (await signIn.json()) as { token: string };
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const me = await autocannonRun({
      url: `${base}/api/user-data`,
      headers: { authorization: `Bearer ${token}`, cookie },
      connections: 10,
      duration: 5,
    });
    const refusals = await refusalTimes();
    const rows = [
      ['POST /api/login', login],
      ['GET /api/user-data', me],
    ] as const;
    console.log(`argon2id hash (m=19 MiB, t=2, p=1): ${hashMs.toFixed(1)} ms per hash`);
    console.log('endpoint               clients  req/s    p50 ms  p99 ms  non-2xx');
    for (const [name, r] of rows) {
      console.log(
        `${name.padEnd(22)} ${String(r.connections).padEnd(8)} ${r.requests.average.toFixed(0).padEnd(8)} ${String(r.latency.p50).padEnd(7)} ${String(r.latency.p99).padEnd(7)} ${r.non2xx}`,
      );
    }
    // Sign-in is bound by argon2id: every core hashing all the time is the ceiling.
    const cores = availableParallelism();
    const ceiling = (cores * 1000) / hashMs;
    const ratio = login.requests.average / ceiling;
    console.log(
      `sign-in: ${login.requests.average.toFixed(0)} req/s of a ${ceiling.toFixed(0)} req/s ceiling (${String(cores)} cores x 1000 / ${hashMs.toFixed(1)} ms per hash): ${ratio.toFixed(2)} (target >= 0.8: ${ratio >= 0.8 ? 'ok' : 'UNDER TARGET'})`,
    );
    const alike = refusals.unknownMs / refusals.wrongMs;
    console.log(
      `refused sign-in, median of 15: unknown user ${refusals.unknownMs.toFixed(1)} ms, wrong password ${refusals.wrongMs.toFixed(1)} ms: ratio ${alike.toFixed(2)} (target 0.5-2: ${alike > 0.5 && alike < 2 ? 'ok' : 'OUTSIDE TARGET'})`,
    );
    if (login.non2xx > 0 || me.non2xx > 0) {
      throw new Error('some requests failed');
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
