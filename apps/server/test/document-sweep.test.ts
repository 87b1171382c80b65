// The document sweep (common/document-sweep.ts) against an S3-protocol bucket of more than one
// listing page: start-up lists nothing; once the app listens, the sweep follows the intents a
// crash left (another process's only past the grace, never a committed document) and the
// one-time reconciliation pages through the bucket from the key a previous run reached.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONE, RECONCILED_AFTER } from '../src/common/document-sweep.ts';
import { PROCESS_OWNER } from '../src/common/pending-uploads.ts';
import { createLocalStorage, type DocumentStorage } from '../src/lib/files/storage.ts';
import { RETRY_AFTER_MS } from '../src/upkeep.ts';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { waitUntil } from './server-process.ts';

const HOUR = 3_600_000;
const ORPHANS = 1_150;
const newName = () => `${randomBytes(16).toString('hex')}.pdf`;

describe.each(DIALECTS)('the document sweep over a large bucket on %s', (dialect) => {
  let s3: S3TestServer;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  const put = (name: string) => s3.putDocuments([name]);
  const stored = (name: string) => s3.hasDocument(name);

  it('starts without listing the bucket, then sweeps intents and pages through it after listen', async () => {
    // Documents of a process killed before its intents existed: more than a listing page.
    const orphans = Array.from({ length: ORPHANS }, newName).sort();
    await s3.putDocuments(orphans);

    t = await createTestApp(dialect, { env: { ...s3.env, LOG_LEVEL: 'warn' } });
    // Migrated, seeded and every route registered: no listing of the bucket.
    expect(await s3.listings('documents/')).toBe(0);
    const db = t.app.services.db;
    const demo = (await db.selectFrom('project_documents').select('stored_name').execute()).map(
      (row) => row.stored_name,
    );
    expect(demo.length).toBeGreaterThan(0);

    // Two hours on: what is in the bucket is older than the grace (an hour with a bucket).
    t.clock.advance(2 * HOUR);
    const now = t.clock.now();
    const intent = (stored_name: string, kind: 'upload' | 'removal', owner: string, at: Date) =>
      ({ stored_name, kind, owner, barangay_id: null, created_at: at.toISOString() }) as const;
    const [crashed, inFlight, removed] = [newName(), newName(), newName()];
    await Promise.all([crashed, inFlight, removed].map(put));
    await db
      .insertInto('pending_uploads')
      .values([
        // Another process's upload cut short two hours ago: swept.
        intent(crashed, 'upload', 'other:1:dead', new Date(now.getTime() - 2 * HOUR)),
        // Another process's upload a moment ago, still in flight: kept, and so is its object.
        intent(inFlight, 'upload', 'other:2:live', now),
        // An upload of this very process: never swept by it.
        intent(newName(), 'upload', PROCESS_OWNER, new Date(now.getTime() - 2 * HOUR)),
        // A deletion cut short after its commit: the object goes.
        intent(removed, 'removal', 'other:1:dead', now),
        // A stale intent naming a committed document: the document stays.
        intent(demo[0] ?? '', 'upload', 'other:1:dead', new Date(now.getTime() - 2 * HOUR)),
      ])
      .execute();
    // A reconciliation that stopped after the 100th orphan (a restart goes on from there).
    await db
      .insertInto('install_state')
      .values({ name: RECONCILED_AFTER, value: orphans[99] ?? '', updated_at: now.toISOString() })
      .execute();

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cursor = async () =>
      (
        await db
          .selectFrom('install_state')
          .select('value')
          .where('name', '=', RECONCILED_AFTER)
          .executeTakeFirst()
      )?.value;
    await waitUntil(async () => (await cursor()) === DONE, 'the reconciliation is done', 60_000);

    // Paged: more than one page of keys after the cursor.
    expect(await s3.listings('documents/')).toBeGreaterThanOrEqual(2);
    // 50 questions at a time, as they were stored: 1,150 at once overran the test server in CI.
    const left: boolean[] = [];
    for (let i = 0; i < orphans.length; i += 50) {
      left.push(...(await Promise.all(orphans.slice(i, i + 50).map(stored))));
    }
    expect(left.slice(0, 100).every(Boolean)).toBe(true);
    expect(left.slice(100).some(Boolean)).toBe(false);
    expect(await stored(crashed)).toBe(false);
    expect(await stored(removed)).toBe(false);
    expect(await stored(inFlight)).toBe(true);
    for (const name of demo) {
      expect(await stored(name), name).toBe(true);
    }
    const intents = await db
      .selectFrom('pending_uploads')
      .select(['stored_name', 'owner'])
      .orderBy('owner')
      .execute();
    expect(intents.map((row) => row.owner)).toEqual(['other:2:live', PROCESS_OWNER].sort());
  }, 180_000);
});

describe.each(DIALECTS)('a failing document sweep on %s', (dialect) => {
  it('never stops the start or the answers; logs without secrets and tries again later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tanaw-sweep-'));
    const local = createLocalStorage(dir);
    let failures = 1;
    const storage: DocumentStorage = {
      ...local,
      async remove(key) {
        if (failures > 0) {
          failures -= 1;
          throw Object.assign(new Error('storage unreachable'), { credentials: 'SECRET-KEY-123' });
        }
        return local.remove(key);
      },
    };
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await createTestApp(dialect, { env: { LOG_LEVEL: 'warn' }, storage, logStream });
    try {
      const crashed = newName();
      await local.write(crashed, Readable.from(['left by a crash']));
      await t.app.services.db
        .insertInto('pending_uploads')
        .values({
          stored_name: crashed,
          kind: 'upload',
          owner: 'other:1:dead',
          barangay_id: null,
          created_at: t.clock.now().toISOString(),
        })
        .execute();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await waitUntil(
        async () => lines.some((line) => line.includes('document sweep failed')),
        'the sweep has failed once',
      );
      // Serving all the while.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await waitUntil(
        async () => !(await local.exists(crashed)),
        'the retried sweep removes the document',
      );
      const failed = lines.filter((line) => line.includes('document sweep failed'));
      expect(failed).toHaveLength(1);
      expect(JSON.parse(failed[0] ?? '{}')).toMatchObject({
        error: { message: 'storage unreachable' },
        retryInMs: RETRY_AFTER_MS,
      });
      expect(lines.join('')).not.toContain('SECRET-KEY-123');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
