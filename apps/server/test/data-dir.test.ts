import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, login } from './helpers.ts';

/** Every folder and file below `root`, with its permission bits. */
function modes(root: string): { path: string; dir: boolean; mode: number }[] {
  const found: { path: string; dir: boolean; mode: number }[] = [];
  const walk = (path: string) => {
    const info = statSync(path);
    found.push({ path, dir: info.isDirectory(), mode: info.mode & 0o777 });
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) {
        walk(join(path, name));
      }
    }
  };
  walk(root);
  return found;
}

describe('the data folder', () => {
  it('is created for the server user only: folders 0700, every file 0600', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'tanaw-perm-'));
    const dataDir = join(parent, 'data');
    const t = await createTestApp('sqlite', { env: { DATA_DIR: dataDir } });
    try {
      // A sign-in writes through the WAL; a recovery request writes an e-mail to the outbox.
      await login(t.app, 'sb.chair');
      await t.app.inject({
        method: 'POST',
        url: '/api/forgotpassword/request',
        payload: { username: 'sb.official' },
      });
      await t.app.services.passwordRecovery.drain();
      const entries = modes(dataDir);
      const names = entries.map((e) => e.path.slice(dataDir.length));
      expect(names).toEqual(
        expect.arrayContaining([
          '',
          '/tanaw.db',
          '/tanaw.db-wal',
          '/tanaw.db-shm',
          '/uploads',
          '/outbox',
        ]),
      );
      // The generated signing secret is in the database, shared by every server process.
      expect(names).not.toContain('/jwt-secret');
      expect(names.some((n) => n.startsWith('/outbox/'))).toBe(true);
      expect(names.some((n) => n.startsWith('/uploads/'))).toBe(true);
      for (const entry of entries) {
        expect(entry.mode.toString(8), entry.path).toBe(entry.dir ? '700' : '600');
      }
    } finally {
      await t.close();
    }
  });
});
