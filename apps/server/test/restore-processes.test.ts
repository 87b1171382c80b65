// A restore across server processes (documents in an S3 bucket). The restoring
// process (test/fixtures/restore-child.ts) stands still at a step of the restore while a second
// process starts (a rolling restart), then is killed (SIGKILL) or goes on. The journal is shared
// through the database, so whatever process starts next finishes or undoes the restore, and no
// process sweeps the new database or documents of a restore that still runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { BackupInfo } from '@sk-tanaw/contract';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import {
  addRawData,
  allRows,
  createBackup,
  rawQuery,
  withoutRestoreEffects,
} from './backup-helpers.ts';
import { DIALECTS, loginAs, testEnv } from './helpers.ts';
import { seededInstalls } from './seeded-install.ts';
import { startS3Server } from './s3-server.ts';
import { startServer, waitUntil } from './server-process.ts';

type Expected = 'old' | 'new';

/** Every step a restore can be cut short at, and the data a crash there must leave. */
const STEPS: Record<'sqlite' | 'postgres', [string, Expected][]> = {
  sqlite: [
    ['loaded', 'old'],
    ['sealed', 'old'],
    ['sqlite-closed', 'old'],
    ['db-swapped', 'new'],
    ['docs-half-swapped', 'new'],
    ['swapped', 'new'],
  ],
  postgres: [
    ['loaded', 'old'],
    ['sealed', 'old'],
    ['db-swapped', 'new'],
    ['docs-half-swapped', 'new'],
    ['swapped', 'new'],
  ],
};

async function keysUnder(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
}

/** The bucket's documents: key -> SHA-256. */
async function bucketDocuments(client: S3Client, bucket: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const key of (await keysUnder(client, bucket, 'documents/')).sort()) {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const bytes = await buffer(answer.Body as NodeJS.ReadableStream);
    result[key] = createHash('sha256').update(bytes).digest('hex');
  }
  return result;
}

/** The seeded documents of a copied installation, as a server on S3 stores them. */
async function moveDocumentsToBucket(client: S3Client, bucket: string, dataDir: string) {
  const uploads = join(dataDir, 'uploads');
  for (const name of readdirSync(uploads)) {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `documents/${name}`,
        Body: readFileSync(join(uploads, name)),
      }),
    );
  }
  rmSync(uploads, { recursive: true, force: true });
}

describe.each(DIALECTS)('a restore across processes on %s', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) {
      await step();
    }
  });

  // Each case on a copy of one demo-seeded installation (its own folder and database), its
  // documents moved into the case's own bucket.
  const installs = seededInstalls(dialect, (dir, schema) => testEnv(dir, schema));
  afterAll(() => installs.dispose());

  /** Two data folders (one on SQLite: the database lives there), a schema, a bucket, a backup. */
  async function prepare() {
    const s3 = await startS3Server();
    const client = s3.newClient();
    const install = await installs.copy();
    const schema = install.schema;
    const dirs = [install.dataDir, mkdtempSync(join(tmpdir(), 'tanaw-rp-b-'))];
    cleanup.push(async () => {
      client.destroy();
      await s3.stop();
      await install.remove();
      rmSync(dirs[1] ?? '', { recursive: true, force: true });
    });
    await moveDocumentsToBucket(client, s3.bucket, install.dataDir);
    const envOf = (dir: string): Record<string, string> => ({
      ...testEnv(dir, schema),
      ...(install.databaseUrl ? { DATABASE_URL: install.databaseUrl } : {}),
      ...s3.env,
      BACKUP_INTERVAL_HOURS: '0',
    });
    const envA = envOf(dirs[0] ?? '');
    const envB = dialect === 'sqlite' ? envA : envOf(dirs[1] ?? '');
    const app = await buildApp(loadConfig(envA));
    try {
      await addRawData(app.services.database, 20);
      const ma = await loginAs(app, 'MA', 'SB');
      const made = await createBackup(app, ma);
      expect(made.statusCode, made.body).toBe(200);
      const backup = made.json<{ backup: BackupInfo }>().backup;
      const opened = await app.services.backup.openBackup(backup.name);
      const file = join(dirs[0] ?? '', 'install.bak');
      writeFileSync(file, await buffer(opened.stream));
      const fresh = withoutRestoreEffects(await allRows(app.services.database));
      const freshDocs = await bucketDocuments(client, s3.bucket);
      await addRawData(app.services.database, 5);
      // A stored document changes after the backup.
      const changed = Object.keys(freshDocs)[0];
      if (!changed) {
        throw new Error('the demo data has no stored document');
      }
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: changed, Body: 'changed after backup' }),
      );
      const old = withoutRestoreEffects(await allRows(app.services.database));
      const oldDocs = await bucketDocuments(client, s3.bucket);
      return { s3, client, schema, envA, envB, file, fresh, freshDocs, old, oldDocs };
    } finally {
      await app.close();
    }
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** The restoring process, standing still at `step` once it gets there. */
  async function restoreStandingAt(p: Prepared, step: string) {
    const pauseFile = join(tmpdir(), `tanaw-rp-pause-${String(process.pid)}-${step}-${Date.now()}`);
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/restore-child.ts'), p.file],
      {
        env: {
          PATH: process.env.PATH ?? '',
          ...p.envA,
          SEED_DEMO: 'false',
          TANAW_TEST_PAUSE_AT: step,
          TANAW_TEST_PAUSE_FILE: pauseFile,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    cleanup.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    await waitUntil(
      async () => {
        if (child.exitCode !== null) {
          throw new Error(`the restore ended before "${step}": ${output}`);
        }
        return existsSync(`${pauseFile}.reached`);
      },
      `the restore reached "${step}"`,
      60_000,
    );
    return {
      output: () => output,
      exited,
      goOn: () => writeFileSync(pauseFile, ''),
      kill9: async () => {
        child.kill('SIGKILL');
        await exited;
      },
    };
  }

  /** A second process of the installation starts and stops while the restore stands still. */
  async function secondProcessStartsAndStops(p: Prepared): Promise<void> {
    const second = await startServer({ ...p.envB, SEED_DEMO: 'false' });
    await second.stop();
  }

  /** Opens the installation again and checks it holds the `expected` data whole, no leftovers. */
  async function expectWhole(p: Prepared, expected: Expected): Promise<void> {
    const app = await buildApp(loadConfig({ ...p.envB, SEED_DEMO: 'false' }));
    try {
      const database = app.services.database;
      expect(withoutRestoreEffects(await allRows(database))).toEqual(
        expected === 'old' ? p.old : p.fresh,
      );
      expect(await bucketDocuments(p.client, p.s3.bucket)).toEqual(
        expected === 'old' ? p.oldDocs : p.freshDocs,
      );
      expect(await keysUnder(p.client, p.s3.bucket, 'replacements/')).toEqual([]);
      expect(
        await rawQuery(
          database,
          `select name from install_state where name like 'restore-journal:%'`,
        ),
      ).toEqual([]);
      const dataDir = p.envA.DATA_DIR ?? '';
      expect(readdirSync(dataDir).filter((n) => n.includes('.restore-'))).toEqual([]);
      if (database.dialect === 'postgres') {
        const schemas = await rawQuery(
          database,
          `select nspname from pg_namespace where nspname like '${p.schema ?? ''}\\_%'`,
        );
        expect(schemas).toEqual([]);
      }
    } finally {
      await app.close();
    }
  }

  it.each(STEPS[dialect])(
    'killed at "%s" while a second process started: the %s data whole on the next start',
    async (step, expected) => {
      const p = await prepare();
      const restore = await restoreStandingAt(p, step);
      await secondProcessStartsAndStops(p);
      await restore.kill9();
      await expectWhole(p, expected);
    },
    180_000,
  );

  it.each(['loaded', 'sealed', 'db-swapped'])(
    'standing at "%s" while a second process starts, the restore still completes',
    async (step) => {
      const p = await prepare();
      const restore = await restoreStandingAt(p, step);
      await secondProcessStartsAndStops(p);
      restore.goOn();
      await restore.exited;
      expect(restore.output()).toContain('install 200');
      await expectWhole(p, 'new');
    },
    180_000,
  );

  // A process that keeps serving finishes or undoes a restore whose process died
  // (PostgreSQL; on SQLite one process owns the data and recovers it when it starts).
  if (dialect === 'postgres') {
    it.each([
      ['loaded', 'old'],
      ['db-swapped', 'new'],
    ] as [string, Expected][])(
      'killed at "%s" while a second process serves: that process leaves the %s data whole',
      async (step, expected) => {
        const p = await prepare();
        const restore = await restoreStandingAt(p, step);
        const second = await startServer({ ...p.envB, SEED_DEMO: 'false' });
        cleanup.push(() => second.kill9());
        await restore.kill9();
        const db = new pg.Client({
          connectionString: p.envA.DATABASE_URL,
          options: `-c search_path=${p.schema ?? ''}`,
        });
        await db.connect();
        try {
          await waitUntil(
            async () =>
              (await db.query(`select 1 from install_state where name like 'restore-journal:%'`))
                .rowCount === 0,
            'the serving process recovers the restore',
            60_000,
          );
        } finally {
          await db.end();
        }
        expect(await bucketDocuments(p.client, p.s3.bucket)).toEqual(
          expected === 'old' ? p.oldDocs : p.freshDocs,
        );
        expect(await keysUnder(p.client, p.s3.bucket, 'replacements/')).toEqual([]);
        await second.stop();
        await expectWhole(p, expected);
      },
      180_000,
    );
  }
});
