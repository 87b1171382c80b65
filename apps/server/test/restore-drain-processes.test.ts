// A restore drains the writes in flight, across processes: two real server processes on one
// PostgreSQL schema and one
// S3-protocol bucket. A slow submission let in by process B before a restore through process A
// held writes must not commit after A's pre-restore backup: it is answered 200 only when that
// backup holds it (A waits until B reports its writes drained, write-drain.ts), or refused.
// (On SQLite one process owns the database: restore-inflight-writes.test.ts covers it.)
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { createS3Client } from '../src/lib/files/s3-storage.ts';
import { newSchemaName, removeTestData, testEnv } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { startS3Server } from './s3-server.ts';
import {
  processStore,
  signIn,
  startServer,
  waitUntil,
  type HttpSession,
} from './server-process.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const TITLE = 'Submitted through another process while a restore starts';

/** A POST whose last 64 bytes wait until `release()`: the guard lets it in at once. */
function slowPost(base: string, path: string, headers: Record<string, string>, body: Buffer) {
  let release = (): void => undefined;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        void buffer(res).then(
          (bytes) => resolve({ status: res.statusCode ?? 0, body: bytes.toString() }),
          reject,
        );
      },
    );
    req.on('error', reject);
    const cut = body.length - 64;
    req.write(body.subarray(0, cut));
    release = () => {
      req.end(body.subarray(cut));
    };
  });
  return { answered, release: () => release() };
}

async function install(base: string, session: HttpSession, bytes: Buffer) {
  const response = await fetch(`${base}/api/backup/install`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ file: bytes.toString('base64') }),
  });
  return { status: response.status, body: await response.text() };
}

describe.runIf(PG_URL)('a write in flight in another process when a restore starts', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) {
      await step();
    }
  });

  it('is answered 200 only when the pre-restore backup holds it', async () => {
    const s3 = await startS3Server();
    const client = createS3Client({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const schema = newSchemaName();
    const [storeA, storeB] = [
      processStore('postgres', 'tanaw-rd-a-'),
      processStore('postgres', 'tanaw-rd-b-'),
    ];
    const db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    cleanup.push(async () => {
      client.destroy();
      await s3.stop();
      await storeA.drop();
      await storeB.drop();
      await removeTestData(schema, []);
    });
    const envOf = (dataDir: string) => ({
      ...testEnv(dataDir, schema),
      ...s3.env,
      SEED_DEMO: 'true',
      BACKUP_INTERVAL_HOURS: '0',
    });
    const a = await startServer(envOf(storeA.dataDir));
    cleanup.push(() => a.kill9());
    const b = await startServer(envOf(storeB.dataDir));
    cleanup.push(() => b.kill9());
    await db.connect();
    cleanup.push(() => db.end());

    const backupBytes = async (name: string) => {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: `backups/${name}` }),
      );
      return buffer(answer.Body as NodeJS.ReadableStream);
    };
    const preRestoreWritten = async () => {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'backups/' }),
      );
      return (page.Contents ?? []).some((item) => item.Key?.endsWith('-pre-restore.bak'));
    };
    const holdWritten = async () =>
      (await db.query(`select 1 from install_state where name = 'restore-hold'`)).rowCount === 1;

    const admin = await signIn(a.base, 'sb.admin');
    const made = await fetch(`${a.base}/api/backup`, { method: 'POST', headers: admin.headers });
    expect(made.status, await made.clone().text()).toBe(200);
    const { backup } = (await made.json()) as { backup: { name: string } };
    const bytes = await backupBytes(backup.name);

    // Process B lets a submission in; its last bytes wait.
    const official = await signIn(b.base, 'sb.official');
    const body = multipart(
      { title: TITLE, description: `${TITLE}, slowly`, userId: String(official.userId) },
      {
        name: 'projectFile',
        fileName: 'slow.pdf',
        content: buildSimplePdf(TITLE, 'Budget line. '.repeat(4_000)),
      },
    );
    const upload = slowPost(
      b.base,
      '/api/projects/submit',
      { ...official.headers, ...body.headers },
      body.payload,
    );
    const staging = join(storeB.dataDir, 'uploads');
    await waitUntil(
      async () =>
        existsSync(staging) && readdirSync(staging).some((name) => name.startsWith('.staging-')),
      'process B stages the submission',
    );

    // The restore through process A. The last bytes arrive once its pre-restore backup is
    // written, or once it has held writes for 4 s (past the second B takes to see the hold).
    const installed = install(a.base, admin, bytes);
    let heldSince = 0;
    await waitUntil(
      async () => {
        if (await preRestoreWritten()) {
          return true;
        }
        if (!(await holdWritten())) {
          return false;
        }
        heldSince ||= Date.now();
        return Date.now() - heldSince > 4_000;
      },
      'the restore holds writes',
      60_000,
    );
    upload.release();
    const [submitted, restored] = await Promise.all([upload.answered, installed]);
    expect(restored.status, restored.body).toBe(200);
    const { preRestoreBackup } = (
      JSON.parse(restored.body) as {
        restored: { preRestoreBackup: string };
      }
    ).restored;

    if (submitted.status !== 200) {
      expect(submitted.status, submitted.body).toBe(503);
      return;
    }
    // Answered 200: installing the pre-restore backup brings the submission back.
    const again = await signIn(a.base, 'sb.admin');
    const back = await install(a.base, again, await backupBytes(preRestoreBackup));
    expect(back.status, back.body).toBe(200);
    const rows = await db.query(`select title from projects where title = $1`, [TITLE]);
    expect(rows.rows).toEqual([{ title: TITLE }]);
  }, 180_000);
});
