// Scale-out: the load bench (load.bench.ts: 50 simulated users for LOAD_SECONDS) against one
// server process, then against two processes behind a round-robin client (each call to the next
// process), on the same machine, each time on a fresh PostgreSQL schema with Redis counters and
// documents in an S3-protocol server (s3rver), as a deployment of several processes runs.
// Needs TEST_DATABASE_URL and Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379). Prints
// both tables and a closing comparison: calls per second and error counts.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { redisPrefix, redisReachable, TEST_REDIS_URL } from '../apps/server/test/redis-helpers.ts';
import { startS3Server } from '../apps/server/test/s3-server.ts';
import { runLoad, startServer, type LoadResult } from './load.bench.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

async function run(label: string, processes: number): Promise<LoadResult> {
  const schema = `scale_${randomBytes(5).toString('hex')}`;
  const keys = redisPrefix('bench');
  const s3 = await startS3Server();
  const dirs = Array.from({ length: processes }, () =>
    mkdtempSync(join(tmpdir(), 'tanaw-scale-bench-')),
  );
  const children: ChildProcess[] = [];
  try {
    const bases: string[] = [];
    for (const dataDir of dirs) {
      const { base, child } = await startServer({
        DATA_DIR: dataDir,
        WEB_ROOT: join(dataDir, 'none'),
        DATABASE_URL: databaseUrl ?? '',
        DATABASE_SCHEMA: schema,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: keys.prefix,
        ...s3.env,
      });
      bases.push(base);
      children.push(child);
    }
    return await runLoad(label, bases);
  } finally {
    await Promise.all(
      children.map(async (child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await s3.stop();
    await keys.drop();
    for (const dir of dirs) {
      rmSync(dir, { recursive: true, force: true });
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
}

async function main(): Promise<void> {
  if (!databaseUrl || !(await redisReachable())) {
    console.log(
      `scale bench skipped: needs TEST_DATABASE_URL (${databaseUrl ? 'set' : 'unset'}) and Redis at ${TEST_REDIS_URL}`,
    );
    return;
  }
  const one = await run('one process (PostgreSQL, Redis, S3)', 1);
  const two = await run('two processes, round-robin (PostgreSQL, Redis, S3)', 2);
  const line = (label: string, r: LoadResult) =>
    `${label.padEnd(14)} ${(r.total / r.elapsed).toFixed(0).padStart(7)} calls/s  ${String(r.errors).padStart(4)} errors  ${String(r.lost).padStart(3)} lost`;
  console.log('\nscale-out, same machine (2 cores shared by the load generator and the servers):');
  console.log(line('one process', one));
  console.log(line('two processes', two));
  console.log(`ratio two/one: ${(two.total / two.elapsed / (one.total / one.elapsed)).toFixed(2)}`);
  if (!one.ok || !two.ok) {
    console.error('a scale run had errors or lost submissions');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
