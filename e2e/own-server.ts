import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * A server of a journey's own, beside the run's shared one (which has the demo data): a fresh
 * DATA_DIR, the run's private copy of the build, and the environment the journey gives (an
 * installation without demo data, usually). The commands an operator runs (`npm run barangays`,
 * `npm run create-admin`) run against it before it starts, as docs/operations.md says.
 */
export interface OwnServer {
  base: string;
  dataDir: string;
  /** Runs one of apps/server/src/scripts with arguments and standard input; fails the test on exit != 0. */
  cli(script: string, args: string[], input?: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The first capture of `pattern` in the newest mail sent to `email` (its outbox), if any. */
  mailTo(email: string, pattern: RegExp): Promise<string | null>;
}

export function ownServer(portOffset: number, env: Record<string, string>): OwnServer {
  const port = Number(process.env.E2E_PORT ?? '20000') + portOffset;
  const base = `http://127.0.0.1:${String(port)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sk-tanaw-e2e-own-'));
  const webRoot = join(dataDir, 'web');
  const fullEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  };
  let server: ChildProcess | undefined;
  return {
    base,
    dataDir,
    cli(script, args, input = '') {
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', `apps/server/src/scripts/${script}.ts`, ...args],
        { env: fullEnv, input, encoding: 'utf8' },
      );
      expect(result.status, `${script} ${args.join(' ')}: ${result.stderr}`).toBe(0);
      return result.stdout;
    },
    async start() {
      // The run's private copy of the build (playwright.config.ts), which a rebuild cannot touch.
      const build = join(process.env.SK_E2E_DATA_DIR ?? '', 'web');
      if (!existsSync(join(build, 'index.html'))) {
        throw new Error(
          `No build at ${build}: run through playwright.config.ts after npm run build`,
        );
      }
      cpSync(build, webRoot, { recursive: true });
      server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        env: fullEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const deadline = Date.now() + 120_000;
      for (;;) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) {
            return;
          }
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) {
          throw new Error('the journey server did not start');
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async stop() {
      if (server?.pid !== undefined && server.exitCode === null) {
        const exited = new Promise((resolve) => server?.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async mailTo(email, pattern) {
      const outbox = join(dataDir, 'outbox');
      if (!existsSync(outbox)) {
        return null;
      }
      let found: string | null = null;
      for (const name of (await readdir(outbox)).sort()) {
        if (!name.endsWith('.eml')) {
          continue;
        }
        const mail = await simpleParser(await readFile(join(outbox, name)));
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        if (to.some((t) => t.value.some((v) => v.address === email))) {
          found = pattern.exec(mail.text ?? '')?.[1] ?? found;
        }
      }
      return found;
    },
  };
}
