// The real server as a child process (`node --import tsx apps/server/src/main.ts`), for tests that
// kill it, restart it and check what it left on disk and in the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newSchemaName, removeTestData } from './helpers.ts';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hook runs, like a power cut. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface StartOptions {
  /** Appends everything the server writes (stdout and stderr) to this file. */
  outputFile?: string;
}

/** Starts the server on a free port and resolves once /api/health answers 200. */
export async function startServer(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', options.outputFile ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let outputWritten = Promise.resolve();
  if (options.outputFile) {
    const output = createWriteStream(options.outputFile, { flags: 'a' });
    child.stdout?.pipe(output, { end: false });
    child.stderr?.pipe(output, { end: false });
    // 'close' comes after both pipes have ended, so the file then holds everything.
    outputWritten = once(child, 'close').then(async () => {
      output.end();
      await once(output, 'finish');
    });
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${String(child.exitCode)}: ${stderr}`);
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      break;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
      await outputWritten;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      await outputWritten;
    },
  };
}

export interface HttpSession {
  headers: Record<string, string>;
  userId: number;
}

export async function signIn(
  base: string,
  username: string,
  barangay = 'San Bartolome',
): Promise<HttpSession> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Tanaw#2025', barangay }),
  });
  if (!response.ok) {
    throw new Error(`sign-in ${username} failed: ${String(response.status)}`);
  }
  const body = (await response.json()) as { token: string; user: { userId: number } };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    headers: { authorization: `Bearer ${body.token}`, cookie },
    userId: body.user.userId,
  };
}

/**
 * A data folder and, on PostgreSQL, a schema of its own for a server process; `env` points the
 * server at them, `drop()` removes both after the test.
 */
export function processStore(dialect: 'sqlite' | 'postgres', prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const schema = newSchemaName();
  return {
    dataDir,
    schema,
    env: {
      DATA_DIR: dataDir,
      WEB_ROOT: join(dataDir, 'no-web'),
      ...(dialect === 'postgres'
        ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
        : {}),
    } as Record<string, string>,
    async drop(): Promise<void> {
      await removeTestData(dialect === 'postgres' ? schema : null, [dataDir]);
    },
  };
}

/**
 * Resolves once `check` holds, asking again every 50 ms (an event another process causes, seen
 * through the database or the bucket); fails after `timeoutMs` saying what never happened.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting until ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
