// A full disk while storing an upload: the client gets a clear 507 STORAGE_FULL and nothing is
// half-stored (no project, no document row, no file, no staging file). The uploads folder is a
// tiny tmpfs, so the kernel itself answers ENOSPC; where mounting is not allowed, the staging
// file is written to /dev/full, which fails every write with the same real ENOSPC.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { createLocalStorage } from '../src/lib/files/storage.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

/** Mounts a 256 KiB tmpfs on `dir`; false where this process may not mount. */
function mountTinyDisk(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', dir], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

describe.each(DIALECTS)('a full disk while storing an upload on %s', (dialect) => {
  let t: TestApp;
  let sko: Session;
  let mounted = false;
  let uploads = '';

  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tanaw-full-'));
    uploads = join(dataDir, 'uploads');
    mkdirSync(uploads);
    // The tiny disk goes on after start-up: the demo seed's photos (ten barangays) would not fit
    // on it. A probe tells first whether this process may mount at all.
    const probe = join(dataDir, 'probe');
    mkdirSync(probe);
    const canMount = mountTinyDisk(probe);
    if (canMount) {
      execFileSync('umount', [probe]);
    }
    t = await createTestApp(dialect, {
      env: { DATA_DIR: dataDir },
      // Without a tmpfs: the same storage, its staging files written to an always-full device.
      ...(canMount
        ? {}
        : {
            storage: createLocalStorage(uploads, {
              openStagingFile: () => createWriteStream('/dev/full'),
            }),
          }),
    });
    mounted = canMount && mountTinyDisk(uploads);
    sko = await loginAs(t.app, 'SKO');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    if (mounted) {
      execFileSync('umount', [uploads]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 507 with a clear message and stores nothing', async () => {
    const { db } = t.app.services;
    const projectsBefore = await db.selectFrom('projects').select('id').execute();
    const documentsBefore = await db.selectFrom('project_documents').select('id').execute();
    const filesBefore = readdirSync(uploads).sort();
    // A real PDF padded to about 1 MB (trailing whitespace): more than the whole disk.
    const pdf = Buffer.concat([buildSimplePdf('Big plan', 'Budget'), Buffer.alloc(1 << 20, 0x20)]);
    const body = multipart(
      {
        title: 'Disk full proposal',
        description: 'Too big for the disk',
        userId: String(sko.userId),
      },
      { name: 'projectFile', fileName: 'plan.pdf', content: pdf },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: body.payload,
      headers: { ...sko.headers, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json()).toEqual({
      success: false,
      message:
        'The server has no room to store this file right now, so nothing was saved. Please try again later or tell your administrator.',
      code: 'STORAGE_FULL',
    });
    expect(await db.selectFrom('projects').select('id').execute()).toEqual(projectsBefore);
    expect(await db.selectFrom('project_documents').select('id').execute()).toEqual(
      documentsBefore,
    );
    expect(readdirSync(uploads).sort()).toEqual(filesBefore);

    // A file that fits still goes through once there is room: the disk was the only problem.
    if (mounted) {
      const small = multipart(
        { title: 'Small proposal', description: 'Fits', userId: String(sko.userId) },
        { name: 'projectFile', fileName: 'small.pdf', content: buildSimplePdf('Small', 'x') },
      );
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/projects/submit',
        payload: small.payload,
        headers: { ...sko.headers, ...small.headers },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(readdirSync(uploads)).toHaveLength(filesBefore.length + 1);
    }
  });
});
