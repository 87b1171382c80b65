import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

/**
 * The environment `npm run serve` starts the server with (see package.json), so benchmarks run
 * the server as it is deployed. MALLOC_ARENA_MAX=1 keeps glibc from holding on to the 19 MiB each
 * argon2id hash allocates in one memory arena per thread-pool thread (about 60 MB kept at rest
 * otherwise), while a hash still reuses memory already mapped (a lower mmap threshold saved a
 * little more memory but cut sign-in throughput by a fifth).
 */
export const SERVER_PROCESS_ENV: Record<string, string> = {
  MALLOC_ARENA_MAX: '1',
};

/**
 * The server process as `npm run serve` runs it, on `port` with its data in `dataDir` (no web
 * root, warnings logged) and `env` on top; only its errors are shown.
 */
export function spawnServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      ...SERVER_PROCESS_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_ROOT: join(dataDir, 'none'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits for `base`/api/health to answer, trying every 100 ms `tries` times. */
export async function waitForHealth(base: string, tries: number): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

/** One autocannon run, as a promise. */
export function autocannonRun(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error: unknown, result) => {
      if (error) {
        reject(error instanceof Error ? error : new Error('autocannon failed'));
      } else {
        resolve(result);
      }
    });
  });
}
