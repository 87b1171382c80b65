// Backup and restore of a large installation: 400,000 raw-data values (80,000 PPAs x 5 years)
// plus 100 MB of documents, on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set.
// Prints the time of each step, the file size and the throughput.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed.ts';
import { removeTestData } from '../apps/server/test/helpers.ts';

const PPAS = 80_000;
const YEARS = 5;
const DOCUMENTS = 50;
const DOCUMENT_BYTES = 2 * 1024 * 1024;

async function fill(database: Database): Promise<void> {
  const db = database.db;
  const stamp = new Date().toISOString();
  const barangays = await db.selectFrom('barangays').select('id').orderBy('id').execute();
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < PPAS; at += 1000) {
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const n = at + i;
        return {
          barangay_id: barangays[n % barangays.length]?.id ?? 1,
          ppa: `Youth programme ${n}`,
          category: ['Education', 'Health', 'Environment', 'Governance'][n % 4] ?? 'Education',
          committee: ['Sports', 'Education', 'Health'][n % 3] ?? 'Sports',
          ppa_key: `bench-${n}`,
          created_at: stamp,
          updated_at: stamp,
        };
      });
      const ids = await trx.insertInto('raw_ppas').values(rows).returning('id').execute();
      const values = ids.flatMap(({ id }, i) =>
        Array.from({ length: YEARS }, (_, y) => ({
          ppa_id: id,
          year: 2020 + y,
          target: `${(i % 90) + 10} youth reached`,
          budget: 10_000 + ((i * 37 + y * 101) % 500_000) + 0.5,
        })),
      );
      for (let v = 0; v < values.length; v += 1000) {
        await trx
          .insertInto('raw_values')
          .values(values.slice(v, v + 1000))
          .execute();
      }
    }
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-bench-backup-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_ROOT: join(dataDir, 'no-web'),
    BACKUP_INTERVAL_HOURS: '0',
    ...(dialect === 'postgres'
      ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
      : {}),
  };
  const app = await buildApp(loadConfig(env));
  try {
    let start = performance.now();
    await fill(app.services.database);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sb.admin', password: DEMO_PASSWORD, barangay: 'San Bartolome' },
    });
    const cookie = signIn.cookies.find((c) => c.name === 'tanaw_fp')?.value ?? '';
    const headers = {
      authorization: `Bearer ${signIn.json<{ token: string }>().token}`,
      cookie: `tanaw_fp=${cookie}`,
    };

    start = performance.now();
    const rowsOnly = await app.inject({ method: 'POST', url: '/api/backup', headers });
    if (rowsOnly.statusCode !== 200) {
      throw new Error(`backup failed: ${rowsOnly.body}`);
    }
    const rowsSize = rowsOnly.json<{ backup: { size: number } }>().backup.size;
    console.log(
      `[${dialect}] backup of the rows alone: ${seconds(performance.now() - start)}, file ${mb(rowsSize)}`,
    );
    const uploads = join(dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    for (let i = 0; i < DOCUMENTS; i++) {
      writeFileSync(
        join(uploads, `${randomBytes(16).toString('hex')}.pdf`),
        randomBytes(DOCUMENT_BYTES),
      );
    }
    console.log(
      `[${dialect}] data: ${PPAS * YEARS} raw values, ${DOCUMENTS} documents (${mb(DOCUMENTS * DOCUMENT_BYTES)}) written`,
    );

    start = performance.now();
    const created = await app.inject({ method: 'POST', url: '/api/backup', headers });
    const backupMs = performance.now() - start;
    if (created.statusCode !== 200) {
      throw new Error(`backup failed: ${created.body}`);
    }
    const { name } = created.json<{ backup: { name: string } }>().backup;
    const file = join(dataDir, 'backups', name);
    const size = statSync(file).size;
    console.log(
      `[${dialect}] backup: ${seconds(backupMs)}, file ${mb(size)}, ${Math.round((PPAS * YEARS) / (backupMs / 1000)).toLocaleString('en-US')} values/s incl. documents`,
    );

    const bytes = readFileSync(file);
    const boundary = `----bench${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    start = performance.now();
    const restored = await app.inject({
      method: 'POST',
      url: '/api/backup/install',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const restoreMs = performance.now() - start;
    if (restored.statusCode !== 200) {
      throw new Error(`restore failed: ${restored.body}`);
    }
    const summary = restored.json<{ restored: { rows: number; documents: number } }>().restored;
    const values = await app.services.db
      .selectFrom('raw_values')
      .select(app.services.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `[${dialect}] restore (incl. validation, pre-restore backup and swap): ${seconds(restoreMs)}; ${summary.rows} rows and ${summary.documents} documents installed; raw_values now ${values.n}`,
    );
  } finally {
    await app.close();
    await removeTestData(dialect === 'postgres' ? schema : null, [dataDir]);
  }
}

await runOn('sqlite');
if (process.env.TEST_DATABASE_URL) {
  await runOn('postgres');
}
