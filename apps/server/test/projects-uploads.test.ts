import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES } from '@sk-tanaw/contract';
import { createProjectService } from '../src/features/projects/service.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { createLocalStorage, type DocumentStorage } from '../src/lib/files/storage.ts';
import { DIALECTS, createTestApp, loginAs, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

// A proposal's document and its rows: the upload limit, both-or-neither, and staging sweeps.

const pdf = (text = 'Proposal') => buildSimplePdf(text, `${text} body text.`);

describe.each(DIALECTS)('upload size limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { UPLOAD_MAX_MB: '0.05' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 413 above the limit and stores nothing', async () => {
    const sko = await loginAs(t.app, 'SKO', 'SB');
    const uploads = join(t.dataDir, 'uploads');
    const before = readdirSync(uploads).sort();
    const count = async () =>
      (await t.app.services.db.selectFrom('projects').select('id').execute()).length;
    const projectsBefore = await count();
    const big = Buffer.concat([pdf('Big'), Buffer.alloc(80 * 1024, 0x20)]);
    const body = multipart(
      { title: 'Too big', description: 'd', userId: String(sko.userId) },
      { name: 'projectFile', fileName: 'big.pdf', content: big },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: body.payload,
      headers: { ...sko.headers, ...body.headers },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: expect.any(String),
      message: PROJECT_MESSAGES.fileTooLarge(0.05),
    });
    expect(readdirSync(uploads).sort()).toEqual(before);
    expect(await count()).toBe(projectsBefore);

    const small = multipart(
      { title: 'Small', description: 'd', userId: String(sko.userId) },
      { name: 'projectFile', fileName: 'small.pdf', content: pdf('Small') },
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: small.payload,
      headers: { ...sko.headers, ...small.headers },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('document and rows succeed or fail together on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  async function setup(storage: DocumentStorage) {
    const s = t.app.services;
    const service = createProjectService({
      db: s.db,
      dialect: s.database.dialect,
      clock: t.clock,
      mailer: s.mailer,
      background: s.background,
      storage,
      appSecret: s.appSecret,
    });
    const session = await loginAs(t.app, 'SKO', 'SB');
    const user = await s.auth.authenticate(
      session.token,
      /tanaw_fp=(.*)$/.exec(session.cookie)?.[1],
    );
    const staged = await storage.stage(Readable.from([pdf('Atomic')]));
    return { service, user, file: { ...staged, originalName: 'atomic.pdf' } };
  }

  const projectCount = async () =>
    (await t.app.services.db.selectFrom('projects').select('id').execute()).length;
  const ctx = { ip: '127.0.0.1', userAgent: null };
  const fields = (userId: number) => ({ title: 'Atomic', description: 'd', userId });

  it('rolls the rows back when the file cannot be moved into place', async () => {
    const local = createLocalStorage(join(t.dataDir, 'uploads'));
    const failing: DocumentStorage = {
      ...local,
      commit: () => Promise.reject(new Error('disk full')),
    };
    const { service, user, file } = await setup(failing);
    const before = await projectCount();
    await expect(service.submit(user, fields(user.id), file, ctx)).rejects.toThrow('disk full');
    expect(await projectCount()).toBe(before);
  });

  it('leaves no document behind when the database refuses the rows', async () => {
    const local = createLocalStorage(join(t.dataDir, 'uploads'));
    const { service, user, file } = await setup(local);
    const before = readdirSync(join(t.dataDir, 'uploads')).filter((n) => !n.startsWith('.'));
    const broken = { ...user, barangayId: 987_654 };
    await expect(service.submit(broken, fields(user.id), file, ctx)).rejects.toThrow();
    const after = readdirSync(join(t.dataDir, 'uploads')).filter((n) => !n.startsWith('.'));
    expect(after.sort()).toEqual(before.sort());
    // Nor an intent: the failed upload removed what its intent named, then the intent.
    expect(await t.app.services.db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
  });
});

describe('upload staging', () => {
  it('sweeps staging files left by a crash, but not recent ones or documents', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tanaw-staging-'));
    try {
      const storage = createLocalStorage(dir);
      await storage.write('0123456789abcdef0123456789abcdef.pdf', Readable.from([pdf()]));
      writeFileSync(join(dir, '.staging-old'), 'x');
      writeFileSync(join(dir, '.staging-new'), 'x');
      const now = new Date();
      const twoHoursAgo = new Date(now.getTime() - 2 * 3_600_000);
      utimesSync(join(dir, '.staging-old'), twoHoursAgo, twoHoursAgo);
      expect(await storage.sweepStaging(3_600_000, now)).toBe(1);
      expect(readdirSync(dir).sort()).toEqual([
        '.staging-new',
        '0123456789abcdef0123456789abcdef.pdf',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
