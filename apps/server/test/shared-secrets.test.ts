// The signing secret lives in the database when JWT_SECRET is unset, so every server process of
// a deployment agrees on it; JWT_SECRET still wins, and an install that kept its secret in
// DATA_DIR/jwt-secret keeps it (its sessions survive the upgrade).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  ensureInstallValue,
  restoreGeneration,
  SIGNING_SECRET,
} from '../src/common/install-state-repository.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { manualClock } from '../src/lib/clock.ts';
import { backupBytes, createBackup, installJson } from './backup-helpers.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  loginAs,
  newSchemaName,
  removeTestData,
  testEnv,
} from './helpers.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

const storedSecret = async (t: { app: Awaited<ReturnType<typeof buildApp>> }) =>
  (
    await t.app.services.db
      .selectFrom('install_state')
      .select('value')
      .where('name', '=', SIGNING_SECRET)
      .executeTakeFirst()
  )?.value;

describe.each(DIALECTS)('the signing secret on %s', (dialect) => {
  it('is generated once into the database, not into DATA_DIR', async () => {
    const t = await createTestApp(dialect);
    try {
      expect(existsSync(join(t.dataDir, 'jwt-secret'))).toBe(false);
      const stored = await storedSecret(t);
      expect(stored).toBe(t.app.services.appSecret);
      expect(stored?.length).toBeGreaterThanOrEqual(32);
    } finally {
      await t.close();
    }
  });

  it('is JWT_SECRET when set, and nothing is stored then', async () => {
    const secret = randomBytes(32).toString('base64url');
    const t = await createTestApp(dialect, { env: { JWT_SECRET: secret } });
    try {
      expect(t.app.services.appSecret).toBe(secret);
      expect(await storedSecret(t)).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('is created race-free: parallel first starts all read the one stored value', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-secret-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = createDatabase({
      dataDir,
      databaseUrl: dialect === 'postgres' ? PG_URL : undefined,
      databaseSchema: dialect === 'postgres' ? schema : undefined,
    });
    try {
      await migrateToLatest(database);
      const at = new Date().toISOString();
      const values = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          ensureInstallValue(database.db, SIGNING_SECRET, `candidate-${String(i)}`, at),
        ),
      );
      expect(new Set(values).size).toBe(1);
      expect(values[0]).toMatch(/^candidate-\d+$/);
      // A later start keeps it, whatever it would have generated.
      expect(await ensureInstallValue(database.db, SIGNING_SECRET, 'another', at)).toBe(values[0]);
    } finally {
      if (dialect === 'postgres') {
        await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
      }
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an install from before the secret moved into the database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-legacy-secret-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its DATA_DIR/jwt-secret: sessions signed before the upgrade stay valid', async () => {
    const legacy = randomBytes(48).toString('base64url');
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_ROOT: join(dataDir, 'no-web'),
    };
    const clock = manualClock(new Date());
    // What the old server did: sign with the secret it kept in the file.
    const before = await buildApp(loadConfig({ ...env, JWT_SECRET: legacy }), { clock });
    const session = await login(before, 'sb.chair');
    await before.close();
    writeFileSync(join(dataDir, 'jwt-secret'), legacy, { mode: 0o600 });

    const after = await buildApp(loadConfig(env), { clock });
    try {
      expect(after.services.appSecret).toBe(legacy);
      const me = await after.inject({
        method: 'GET',
        url: '/api/user-data',
        headers: session.headers,
      });
      expect(me.statusCode).toBe(200);
      const stored = await after.services.db
        .selectFrom('install_state')
        .select('value')
        .where('name', '=', SIGNING_SECRET)
        .executeTakeFirst();
      expect(stored?.value).toBe(legacy);
    } finally {
      await after.close();
    }
  });
});

describe.runIf(PG_URL)('two server processes on one PostgreSQL database', () => {
  it('agree on the generated secret: a token from one is accepted by the other', async () => {
    const schema = newSchemaName();
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'tanaw-two-')));
    const build = (dataDir: string) => buildApp(loadConfig(testEnv(dataDir, schema)));
    const [a, b] = await Promise.all(dirs.map(build));
    try {
      if (!a || !b) {
        throw new Error('apps did not start');
      }
      expect(a.services.appSecret).toBe(b.services.appSecret);
      const session = await login(a, 'sb.chair');
      const me = await b.inject({ method: 'GET', url: '/api/user-data', headers: session.headers });
      expect(me.statusCode).toBe(200);
    } finally {
      await Promise.all([a?.close(), b?.close()]);
      await removeTestData(schema, dirs);
    }
  });
});

describe.each(DIALECTS)('a restore on %s', (dialect) => {
  it('keeps the live secret, bumps the restore generation and moves raw-data versions on', async () => {
    const t = await createTestApp(dialect);
    try {
      const secret = t.app.services.appSecret;
      const ma = await loginAs(t.app, 'MA', 'SB');
      const made = await createBackup(t.app, ma);
      expect(made.statusCode, made.body).toBe(200);
      const name = made.json<{ backup: { name: string } }>().backup.name;
      const versions = () =>
        t.app.services.db
          .selectFrom('raw_data_versions')
          .select(['barangay_id', 'version'])
          .orderBy('barangay_id')
          .execute();
      const live = await versions();
      const newest = Math.max(0, ...live.map((v) => v.version));
      expect(newest).toBeGreaterThan(0);
      expect(await restoreGeneration(t.app.services.db)).toBe(0);

      const restored = await installJson(t.app, ma, backupBytes(t.dataDir, name));
      expect(restored.statusCode, restored.body).toBe(200);

      expect(await storedSecret(t)).toBe(secret);
      expect(await restoreGeneration(t.app.services.db)).toBe(1);
      const after = await versions();
      expect(after.map((v) => v.barangay_id)).toEqual(live.map((v) => v.barangay_id));
      for (const [i, row] of after.entries()) {
        expect(row.version).toBe((live[i]?.version ?? 0) + newest);
      }
    } finally {
      await t.close();
    }
  }, 180_000);
});
