// Documents in an S3-compatible bucket (s3rver on loopback): uploads are stored in the bucket,
// not under DATA_DIR, downloads stream back byte for byte through the signed link, backups hold
// them and a restore puts them back; /api/ready checks the bucket.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { createS3Storage } from '../src/lib/files/s3-storage.ts';
import { createBackup, installJson } from './backup-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

describe.each(DIALECTS)('documents and backups in an S3 bucket on %s', (dialect) => {
  let s3: S3TestServer;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect, { env: s3.env });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  /** A client of the test bucket (the caller destroys it). */
  const bucketClient = () => s3.newClient();

  const objects = async (prefix: string) => {
    const client = bucketClient();
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    client.destroy();
    return (page.Contents ?? []).map((o) => o.Key ?? '');
  };

  it('stores an upload in the bucket and serves it back byte for byte', async () => {
    const sko = await loginAs(t.app, 'SKO', 'SB');
    const pdf = buildSimplePdf('Bucket plan', 'Budget line. '.repeat(20_000));
    const body = multipart(
      { title: 'Bucket plan', description: 'Stored in S3', userId: String(sko.userId) },
      { name: 'projectFile', fileName: 'plan.pdf', content: pdf },
    );
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: body.payload,
      headers: { ...sko.headers, ...body.headers },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const stored = submitted.json<{ project: { fileUrl: string } }>().project.fileUrl.split('/')[1];
    expect(await objects(`documents/${stored ?? ''}`)).toEqual([`documents/${stored ?? ''}`]);
    const uploads = join(t.dataDir, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/projects/download/${stored ?? ''}`,
      headers: sko.headers,
    });
    const download = await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
      failed: [],
    });
  });

  it('backs documents up from the bucket and restores them into it', async () => {
    const ma = await loginAs(t.app, 'MA', 'SB');
    const before = (await t.app.services.storage.list()).map((d) => d.key).sort();
    expect(before.length).toBeGreaterThan(0);
    const made = await createBackup(t.app, ma);
    expect(made.statusCode, made.body).toBe(200);
    const name = made.json<{ backup: { name: string } }>().backup.name;
    // A document removed after the backup comes back; nothing else is left behind.
    const gone = before[0] ?? '';
    await t.app.services.storage.remove(gone);
    // The backup is in the bucket (not in DATA_DIR/backups) and downloads from there.
    expect(await objects(`backups/${name}`)).toEqual([`backups/${name}`]);
    expect(readdirSync(join(t.dataDir, 'backups')).filter((f) => f.endsWith('.bak'))).toEqual([]);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/backup/file-url/${name}`,
      headers: ma.headers,
    });
    const download = await t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    expect(download.statusCode).toBe(200);
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/backup/list',
      headers: ma.headers,
    });
    expect(listed.json<{ backups: { name: string }[] }>().backups.map((b) => b.name)).toContain(
      name,
    );
    const restored = await installJson(t.app, ma, download.rawPayload);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await t.app.services.storage.list()).map((d) => d.key).sort()).toEqual(before);
    expect(await objects('replacements/')).toEqual([]);
    // The pre-restore backup went to the bucket too.
    expect((await objects('backups/')).some((k) => k.endsWith('-pre-restore.bak'))).toBe(true);
  }, 180_000);

  it('finishes a replacement commit cut short, when run again', async () => {
    const client = bucketClient();
    const storage = createS3Storage(client, s3.bucket, join(t.dataDir, 'staging-test'));
    const key = `${'c'.repeat(32)}.pdf`;
    const replacement = storage.replacement('again');
    await replacement.write(key, Readable.from([Buffer.from('%PDF-1.4 new')]));
    await replacement.seal();
    await replacement.commit();
    await storage.replacement('again').commit();
    expect((await storage.list()).map((d) => d.key)).toEqual([key]);
    const text = await new Response(
      Readable.toWeb(await storage.open(key)) as ReadableStream,
    ).text();
    expect(text).toBe('%PDF-1.4 new');
    client.destroy();
  });
});
