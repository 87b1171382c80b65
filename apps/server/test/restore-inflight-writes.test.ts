// The restore's write guard is asked when a request arrives, its commit comes
// later. A slow upload let through before the restore held writes must not commit after the
// pre-restore backup and be lost with the swap: it is answered 200 only if the pre-restore
// backup holds it (the restore waits for it), or refused.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { BackupInfo, RestoredSummary } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { backupBytes, createBackup, installJson, rawQuery } from './backup-helpers.ts';
import { DIALECTS, createTestApp, loginAs } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { waitUntil } from './server-process.ts';

const TITLE = 'Submitted while a restore starts';

describe.each(DIALECTS)('a write in flight when a restore starts on %s', (dialect) => {
  it('is answered 200 only when the pre-restore backup holds it', async () => {
    const t = await createTestApp(dialect);
    try {
      const ma = await loginAs(t.app, 'MA', 'SB');
      const sko = await loginAs(t.app, 'SKO', 'SB');
      const made = await createBackup(t.app, ma);
      expect(made.statusCode, made.body).toBe(200);
      const backup = made.json<{ backup: BackupInfo }>().backup;

      // A submission whose last bytes wait: the guard let it in, it commits once they arrive.
      const body = multipart(
        { title: TITLE, description: `${TITLE}, slowly`, userId: String(sko.userId) },
        {
          name: 'projectFile',
          fileName: 'slow.pdf',
          content: buildSimplePdf(TITLE, 'Budget line. '.repeat(4_000)),
        },
      );
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const cut = body.payload.length - 64;
      const upload = t.app.inject({
        method: 'POST',
        url: '/api/projects/submit',
        headers: {
          ...sko.headers,
          ...body.headers,
          'content-length': String(body.payload.length),
        },
        payload: Readable.from(
          (async function* () {
            yield body.payload.subarray(0, cut);
            await released;
            yield body.payload.subarray(cut);
          })(),
        ),
      });
      const uploads = join(t.dataDir, 'uploads');
      await waitUntil(
        async () => readdirSync(uploads).some((name) => name.startsWith('.staging-')),
        'the submission is being staged',
      );

      const install = installJson(t.app, ma, backupBytes(t.dataDir, backup.name));
      // The last bytes arrive once the pre-restore backup is written, or after the restore has
      // held writes for 3 s (a restore that waits for the submission writes none before).
      let heldSince = 0;
      await waitUntil(async () => {
        if ((await t.app.services.backup.list()).some((b) => b.kind === 'pre-restore')) {
          return true;
        }
        if (!t.app.services.backup.isRestoring()) {
          return false;
        }
        heldSince ||= Date.now();
        return Date.now() - heldSince > 3_000;
      }, 'the restore holds writes');
      release();
      const [submitted, installed] = await Promise.all([upload, install]);
      expect(installed.statusCode, installed.body).toBe(200);
      const { preRestoreBackup } = installed.json<{ restored: RestoredSummary }>().restored;

      if (submitted.statusCode !== 200) {
        expect(submitted.statusCode, submitted.body).toBe(503);
        return;
      }
      // Answered 200: installing the pre-restore backup brings the submission back.
      const admin = await loginAs(t.app, 'MA', 'SB');
      const back = await installJson(t.app, admin, backupBytes(t.dataDir, preRestoreBackup));
      expect(back.statusCode, back.body).toBe(200);
      const rows = await rawQuery(
        t.app.services.database,
        `select title from projects where title = '${TITLE}'`,
      );
      expect(rows).toEqual([{ title: TITLE }]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
