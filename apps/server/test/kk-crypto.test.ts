import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KK_SMALL_CELL, suppressSmallCells, type KkProfile } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCipher, identityText, keyId } from '../src/features/kk/crypto.ts';
import { rotateKeys } from '../src/features/kk/rotate.ts';
import { sealReasons } from '../src/features/kk/audit-reasons-repository.ts';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { youth } from './kk-helpers.ts';

describe('small-cell suppression (statistics outside the barangay)', () => {
  it('hides counts from 1 to 4, keeps zeros and larger counts', () => {
    expect(KK_SMALL_CELL).toBe(5);
    expect(suppressSmallCells({ a: 0, b: 3, c: 4, d: 5, e: 40 })).toEqual({
      a: 0,
      b: null,
      c: null,
      d: 5,
      e: 40,
    });
  });
  it('hides the next smallest cell when only one would be hidden (no working back from a total)', () => {
    expect(suppressSmallCells({ a: 2, b: 9, c: 30 })).toEqual({ a: null, b: null, c: 30 });
    expect(suppressSmallCells({ a: 6, b: 9 })).toEqual({ a: 6, b: 9 });
  });
});

describe('the youth registry key', () => {
  it('encrypts with a fresh nonce, names the key and refuses a wrong one', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    const cipher = createCipher([a]);
    const one = cipher.encrypt('Juan Dela Cruz');
    expect(one).not.toBe(cipher.encrypt('Juan Dela Cruz'));
    expect(cipher.decrypt(keyId(a), one)).toBe('Juan Dela Cruz');
    expect(() => createCipher([b]).decrypt(keyId(a), one)).toThrow(/cannot be read/);
    // A tampered value fails its authentication tag.
    const raw = Buffer.from(one, 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(keyId(a), raw.toString('base64'))).toThrow(/cannot be read/);
    expect(() => createCipher(null).encrypt('x')).toThrow(/not configured/);
  });
});

describe.each(DIALECTS)('key rotation on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-03-01T04:00:00.000Z')),
      env: { KK_DATA_KEY: oldKey.toString('base64'), SEED_DEMO: 'false' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('re-encrypts every row under the new key and keeps duplicates found', async () => {
    // No demo accounts here: a chairperson is made the way the seed makes them.
    const { seedDemoAccounts, seedDemoBarangays } = await import('../src/db/seed.ts');
    await seedDemoBarangays(t.app.services.db, t.clock.now());
    await seedDemoAccounts(t.app.services.db, t.app.services.hasher, t.clock.now());
    chair = await loginAs(t.app, 'SKC', 'SB');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/kk/profiles',
      headers: chair.headers,
      payload: { ...youth('2026-03-01', 20), reason: 'Encoding of the paper forms' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ profile: KkProfile }>().profile.id;

    const rotated = createCipher([newKey, oldKey]);
    const changed = await rotateKeys(t.app.services.db, rotated, (personal, birthday) =>
      rotated.blindIndex(
        identityText({
          ...(JSON.parse(personal) as { lastName: string; firstName: string }),
          birthday,
        }),
      ),
    );
    expect(changed).toBe(1);
    const row = await t.app.services.db
      .selectFrom('kk_profiles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.key_id).toBe(keyId(newKey));
    const onlyNew = createCipher([newKey]);
    expect(JSON.parse(onlyNew.decrypt(row.key_id, row.personal_ct))).toMatchObject({
      lastName: 'Dimaculangan',
    });
    expect(row.dup_index).toBe(onlyNew.blindIndex(identityText(youth('2026-03-01', 20))));
    // A second run has nothing left to do.
    expect(await rotateKeys(t.app.services.db, rotated, () => row.dup_index)).toBe(0);
    // The audit's reasons (the encoding's) move to the new key too.
    expect(await sealReasons(t.app.services.db, rotated)).toBe(1);
    const reason = await t.app.services.db
      .selectFrom('audit_reasons')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(reason.key_id).toBe(keyId(newKey));
    expect(onlyNew.decrypt(reason.key_id, reason.reason)).toBe('Encoding of the paper forms');
    expect(await sealReasons(t.app.services.db, rotated)).toBe(0);
  });
});

describe('npm run kk:rotate', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  it('uses the key file the app made, owner-only, and rotates an empty install', async () => {
    const t = await createTestApp('sqlite', { env: { SEED_DEMO: 'false' } });
    // The app made DATA_DIR/kk-data.key (owner-only), outside the database.
    const file = join(t.dataDir, 'kk-data.key');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    await t.app.close();
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/scripts/kk-rotate.ts'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^0 youth profiles and 0 audit reasons re-encrypted under key [0-9a-f]{16}\.\n$/,
    );
    await t.close().catch(() => undefined);
  }, 180_000);
});
