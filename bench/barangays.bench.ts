// The barangay registry: importing the whole country's 42,011 barangays (budget 30 s)
// and the sign-in picker's search GET /api/barangays?q= with all of them loaded (budget 20 ms
// for the median, measured with app.inject: routing, search, serialisation). SQLite always; PostgreSQL too when
// BENCH_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { importBarangays } from '../apps/server/src/features/barangays/repository.ts';
import { psgcRegistry } from '../apps/server/src/lib/psgc.ts';

const IMPORT_BUDGET_S = 30;
const SEARCH_BUDGET_MS = 20;
const RUNS = 50;
const QUERIES = ['san', 'nino', 'poblacion', 'bartolome', 'a', 'zzz', ''];

async function benchOn(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-bench-barangays-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const url = process.env.BENCH_DATABASE_URL;
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_ROOT: join(dataDir, 'none'),
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...(dialect === 'postgres' && url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}),
    }),
  );
  let ok = true;
  try {
    const registry = psgcRegistry();
    const t0 = performance.now();
    const result = await importBarangays(
      app.services.db,
      registry.barangays,
      new Date(),
      'the country',
    );
    const seconds = (performance.now() - t0) / 1000;
    const importOk = seconds < IMPORT_BUDGET_S;
    ok &&= importOk;
    console.log(
      `${dialect}: imported the country in ${seconds.toFixed(2)} s (${result.added} added, ${result.matched} there) ${importOk ? 'OK' : `OVER ${IMPORT_BUDGET_S} s`}`,
    );
    const again = performance.now();
    const second = await importBarangays(app.services.db, registry.barangays, new Date(), 'again');
    console.log(
      `${dialect}: imported it again in ${((performance.now() - again) / 1000).toFixed(2)} s (${second.added} added)`,
    );
    if (dialect === 'postgres' && url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`analyze ${schema}.barangays`);
      await client.end();
    }
    const cold = performance.now();
    await app.inject({ method: 'GET', url: '/api/barangays?q=x' });
    console.log(
      `${dialect}: first search (reads the active barangays into memory) ${(performance.now() - cold).toFixed(1)} ms`,
    );
    for (const q of QUERIES) {
      const path = `/api/barangays?q=${encodeURIComponent(q)}`;
      const samples: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS + 5; i += 1) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url: path });
        const ms = performance.now() - start;
        if (response.statusCode !== 200) {
          throw new Error(`${path}: ${response.statusCode}`);
        }
        rows = response.json<{ barangays: unknown[] }>().barangays.length;
        if (i >= 5) {
          samples.push(ms);
        }
      }
      samples.sort((a, b) => a - b);
      const median = samples[Math.floor(samples.length / 2)] ?? 0;
      const p95 = samples[Math.floor(samples.length * 0.95)] ?? 0;
      // The median, as the other benches judge: p95 shows what a shared machine adds.
      const pass = median < SEARCH_BUDGET_MS;
      ok &&= pass;
      console.log(
        `${dialect}: q=${JSON.stringify(q).padEnd(12)} median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${rows} rows) ${pass ? 'OK' : `OVER ${SEARCH_BUDGET_MS} ms`}`,
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
console.log(allOk ? 'import and search within budget' : 'over budget');
process.exitCode = allOk ? 0 : 1;
