import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setImmediate as tick } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKUP_MESSAGES, type BackupInfo } from '@sk-tanaw/contract';
import SQLite from 'better-sqlite3';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateKysely } from '../src/db/migrate.ts';
import { createBackupService } from '../src/features/backup/service.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { manualClock } from '../src/lib/clock.ts';
import { createLocalStorage } from '../src/lib/files/storage.ts';
import { backupCalls } from './backup-calls.ts';
import { DIALECTS, createTestApp, login, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  addRawData,
  allRows,
  backupBytes,
  createBackup,
  documentHashes,
  installJson,
  installMultipart,
  rawQuery,
  withoutRestoreEffects,
} from './backup-helpers.ts';
import { tamperSignature } from '../../../test-utils/tamper.ts';
import { seededInstalls } from './seeded-install.ts';

const HOUR = 3_600_000;
const PG_URL = process.env.TEST_DATABASE_URL;

const dashboard = (app: FastifyInstance, s: Session) =>
  app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: s.headers });

async function newBackup(app: FastifyInstance, s: Session): Promise<BackupInfo> {
  const response = await createBackup(app, s);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ backup: BackupInfo }>().backup;
}

const codeOf = (r: LightMyRequestResponse) => r.json<{ code?: string }>().code;

// A tiny independent reader/writer of the .bak frames, to craft damaged and foreign files.
interface RawFrame {
  type: string;
  payload: Buffer;
}
const MAGIC_LENGTH = 16;
function unpack(bak: Buffer): { magic: Buffer; frames: RawFrame[] } {
  const raw = gunzipSync(bak);
  const frames: RawFrame[] = [];
  let at = MAGIC_LENGTH;
  while (at < raw.length) {
    const length = raw.readUInt32BE(at + 1);
    frames.push({
      type: raw.toString('ascii', at, at + 1),
      payload: raw.subarray(at + 5, at + 5 + length),
    });
    at += 5 + length;
  }
  return { magic: raw.subarray(0, MAGIC_LENGTH), frames };
}
function pack(magic: Buffer, frames: RawFrame[]): Buffer {
  const parts = [magic];
  for (const f of frames) {
    const head = Buffer.alloc(5);
    head.write(f.type, 0, 'ascii');
    head.writeUInt32BE(f.payload.length, 1);
    parts.push(head, f.payload);
  }
  return gzipSync(Buffer.concat(parts));
}
function editJson(
  frames: RawFrame[],
  type: string,
  edit: (value: Record<string, unknown>) => void,
) {
  for (const f of frames.filter((x) => x.type === type)) {
    const value = JSON.parse(f.payload.toString('utf8')) as Record<string, unknown>;
    edit(value);
    f.payload = Buffer.from(JSON.stringify(value));
  }
}

/** Files and schemas a restore builds beside the live data: none may stay behind. */
async function leftovers(t: { dataDir: string; app: FastifyInstance }): Promise<string[]> {
  const found = readdirSync(t.dataDir).filter((n) => /restore|\.old-/.test(n));
  const backups = join(t.dataDir, 'backups');
  if (existsSync(backups)) {
    found.push(...readdirSync(backups).filter((n) => n.startsWith('.')));
  }
  const database = t.app.services.database;
  if (database.dialect === 'postgres') {
    const rows = await rawQuery(
      database,
      `select nspname as name from pg_namespace where nspname like '${database.schema ?? ''}\\_%'`,
    );
    found.push(...rows.map((r) => String(r.name)));
  }
  return found;
}

describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  let t: TestApp;
  let ma: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await addRawData(t.app.services.database, 50);
    ma = await loginAs(t.app, 'MA', 'SB');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('restores the rows and documents of the backup and ends every session', async () => {
    const backup = await newBackup(t.app, ma);
    expect(backup.name).toMatch(/^sk-tanaw-\d{8}-\d{9}-manual\.bak$/);
    expect(backup.size).toBe(statSync(join(t.dataDir, 'backups', backup.name)).size);
    const before = await allRows(t.app.services.database);
    const docsBefore = documentHashes(t.dataDir);
    expect(Object.keys(docsBefore).length).toBeGreaterThan(0);

    // Changes after the backup, which the restore must undo.
    await addRawData(t.app.services.database, 3);
    writeFileSync(join(t.dataDir, 'uploads', `${'ab'.repeat(16)}.pdf`), 'later document');
    expect(await allRows(t.app.services.database)).not.toEqual(before);

    const restored = await installJson(t.app, ma, backupBytes(t.dataDir, backup.name));
    expect(restored.statusCode, restored.body).toBe(200);
    const body = restored.json<{
      message: string;
      restored: { rows: number; documents: number; preRestoreBackup: string };
    }>();
    expect(body.message).toBe(BACKUP_MESSAGES.restored);
    expect(body.restored.documents).toBe(Object.keys(docsBefore).length);
    // Everything read before, but the audit entry of the backup itself (written after its snapshot).
    const total = Object.values(before).reduce((n, rows) => n + rows.length, 0);
    expect(body.restored.rows).toBe(total - 1);

    const after = await allRows(t.app.services.database);
    expect(withoutRestoreEffects(after)).toEqual(withoutRestoreEffects(before));
    expect(documentHashes(t.dataDir)).toEqual(docsBefore);
    // The audit entries of the backup are all back (not the later one recording the backup),
    // plus one recording the restore.
    const actions = (rows: string[] = []) =>
      rows.map((r) => (JSON.parse(r) as [string, unknown][]).find(([k]) => k === 'action')?.[1]);
    const expectedActions = actions(before.audit_log);
    expectedActions.splice(expectedActions.lastIndexOf('CREATE_BACKUP'), 1, 'RESTORE_BACKUP');
    expect(actions(after.audit_log).sort()).toEqual(expectedActions.sort());
    const entry = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'RESTORE_BACKUP')
      .executeTakeFirstOrThrow();
    expect(entry.username).toBe('sb.admin');
    expect(entry.description).toContain(backup.createdAt);
    // Every session ended: the restoring administrator's token no longer works.
    expect((await dashboard(t.app, ma)).statusCode).toBe(401);
    ma = await loginAs(t.app, 'MA', 'SB');
    expect((await dashboard(t.app, ma)).statusCode).toBe(200);
    // The data before the restore was kept in a pre-restore backup.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/backup/list',
      headers: ma.headers,
    });
    const names = list.json<{ backups: BackupInfo[] }>().backups.map((b) => b.name);
    expect(names).toContain(body.restored.preRestoreBackup);
    expect(body.restored.preRestoreBackup).toMatch(/-pre-restore\.bak$/);
    expect(await leftovers(t)).toEqual([]);
    if (dialect === 'sqlite') {
      // The installed database file is as private as the one it replaced.
      expect(statSync(join(t.dataDir, 'tanaw.db')).mode & 0o777).toBe(0o600);
      // The raw handle bulk writers use is the reopened connection, on the restored data.
      const handle = t.app.services.database.sqlite;
      expect(handle?.open).toBe(true);
      expect(handle?.prepare('select count(*) as n from raw_values').get()).toEqual({
        n: before.raw_values?.length,
      });
    }
  }, 180_000);

  it('installs a streamed multipart upload and keeps the append-only tables protected', async () => {
    await addRawData(t.app.services.database, 2);
    const backup = await newBackup(t.app, ma);
    const before = await allRows(t.app.services.database);
    await addRawData(t.app.services.database, 2);
    const forget = vi.spyOn(t.app.services.forecast, 'forgetCached');
    const restored = await installMultipart(t.app, ma, backupBytes(t.dataDir, backup.name));
    expect(restored.statusCode, restored.body).toBe(200);
    // Forecasts cached per raw-data version are dropped: the versions may name other data now.
    expect(forget).toHaveBeenCalledTimes(1);
    forget.mockRestore();
    expect(withoutRestoreEffects(await allRows(t.app.services.database))).toEqual(
      withoutRestoreEffects(before),
    );
    // The restored audit trail and status history still refuse changes.
    const db = t.app.services.db;
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(
      db.updateTable('project_status_history').set({ remarks: 'x' }).execute(),
    ).rejects.toThrow(/append-only/);
    // New rows get fresh ids after the restored ones (sequences were reset).
    ma = await loginAs(t.app, 'MA', 'SB');
    expect((await createBackup(t.app, ma)).statusCode).toBe(200);
  }, 180_000);

  it('answers a multipart install without a boundary or cut short with 400, and stays free for the next', async () => {
    ma = await loginAs(t.app, 'MA', 'SB');
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/backup/install',
      headers: { ...ma.headers, 'content-type': 'multipart/form-data' },
      payload: '--x\r\n',
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toMatchObject({ success: false, code: 'INVALID_MULTIPART' });
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/backup/install',
      headers: { ...ma.headers, 'content-type': 'multipart/form-data; boundary=zz' },
      payload:
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.bak"\r\n' +
        'Content-Type: application/octet-stream\r\n\r\nhalf a file',
    });
    expect(cut.statusCode, cut.body).toBe(400);
    // The restore lock was released: the next backup runs.
    expect((await createBackup(t.app, ma)).statusCode).toBe(200);
  });

  it('refuses corrupt, truncated, foreign, tampered and too-new files with nothing changed', async () => {
    ma = await loginAs(t.app, 'MA', 'SB');
    const good = backupBytes(t.dataDir, (await newBackup(t.app, ma)).name);
    const { magic, frames } = unpack(good);
    const rowsFrame = frames.findIndex((f) => f.type === 'R');

    const flipped = Buffer.from(good);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;

    const tampered = frames.map((f) => ({ ...f }));
    const target = tampered[rowsFrame];
    if (!target) {
      throw new Error('no rows in the backup');
    }
    target.payload = Buffer.from(
      target.payload.toString('utf8').replace(/\d/, (d) => String((Number(d) + 1) % 10)),
    );

    const extraTable = frames.map((f) => ({ ...f }));
    editJson(extraTable, 'H', (h) => {
      (h.tables as unknown[]).push({ name: 'intruder', columns: ['id'] });
    });

    const tooNew = frames.map((f) => ({ ...f }));
    for (const type of ['H', 'M']) {
      editJson(tooNew, type, (h) => {
        h.schemaVersion = '9999-from-the-future';
      });
    }
    const newerFormat = frames.map((f) => ({ ...f }));
    for (const type of ['H', 'M']) {
      editJson(newerFormat, type, (h) => {
        h.formatVersion = 99;
      });
    }
    const noManifest = frames.filter((f) => f.type !== 'M');

    const cases: [string, Buffer, number, string][] = [
      ['corrupt', flipped, 400, 'BACKUP_DAMAGED'],
      ['truncated', good.subarray(0, Math.floor(good.length * 0.6)), 400, 'BACKUP_DAMAGED'],
      ['pdf', buildSimplePdf('Not a backup', 'text'), 400, 'NOT_A_BACKUP'],
      [
        'other gzip',
        gzipSync(Buffer.from('hello, this is not a backup at all')),
        400,
        'NOT_A_BACKUP',
      ],
      ['tampered row', pack(magic, tampered), 400, 'BACKUP_DAMAGED'],
      ['unexpected table', pack(magic, extraTable), 400, 'BACKUP_DAMAGED'],
      ['no manifest', pack(magic, noManifest), 400, 'BACKUP_DAMAGED'],
      ['newer schema', pack(magic, tooNew), 409, 'BACKUP_TOO_NEW'],
      ['newer format', pack(magic, newerFormat), 409, 'BACKUP_TOO_NEW'],
    ];
    const before = await allRows(t.app.services.database);
    const docsBefore = documentHashes(t.dataDir);
    for (const [label, bytes, status, code] of cases) {
      const response = await installJson(t.app, ma, bytes);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(codeOf(response), label).toBe(code);
      expect(await allRows(t.app.services.database), label).toEqual(before);
      expect(documentHashes(t.dataDir), label).toEqual(docsBefore);
      expect(await leftovers(t), label).toEqual([]);
    }
    const tooNewAnswer = await installJson(t.app, ma, pack(magic, tooNew));
    expect(tooNewAnswer.json<{ message: string }>().message).toContain(BACKUP_MESSAGES.tooNew);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/backup/install',
      headers: ma.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    // The session survived every refusal.
    expect((await dashboard(t.app, ma)).statusCode).toBe(200);
  }, 120_000);

  it('runs one restore at a time and answers writes during a restore with 503', async () => {
    ma = await loginAs(t.app, 'MA', 'SB');
    const bytes = backupBytes(t.dataDir, (await newBackup(t.app, ma)).name);
    const sa = await login(t.app, 'sb.chair');
    const first = installJson(t.app, ma, bytes);
    const second = installJson(t.app, ma, bytes);
    const write = (async () => {
      while (!t.app.services.backup.isRestoring()) {
        await tick();
      }
      return t.app.inject({ method: 'POST', url: '/api/logout', headers: sa.headers });
    })();
    const [a, b, w] = await Promise.all([first, second, write]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(codeOf(a.statusCode === 409 ? a : b)).toBe('BACKUP_BUSY');
    expect(w.statusCode).toBe(503);
    expect(codeOf(w)).toBe('RESTORE_IN_PROGRESS');
    // The refusal is an API answer like any other: the security headers, and no copy kept.
    expect(w.headers['x-content-type-options']).toBe('nosniff');
    expect(w.headers['cache-control']).toBe('no-store');
    // Afterwards writes go through again.
    ma = await loginAs(t.app, 'MA', 'SB');
    expect((await createBackup(t.app, ma)).statusCode).toBe(200);
  }, 180_000);

  it('keeps backups private: 0700 folder, 0600 files, no JWT secret, signed downloads', async () => {
    ma = await loginAs(t.app, 'MA', 'SB');
    const backup = await newBackup(t.app, ma);
    const dir = join(t.dataDir, 'backups');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, backup.name)).mode & 0o777).toBe(0o600);
    const secret = t.app.services.appSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(gunzipSync(backupBytes(t.dataDir, backup.name)).includes(secret)).toBe(false);

    const link = await t.app.inject({
      method: 'GET',
      url: `/api/backup/file-url/${backup.name}`,
      headers: ma.headers,
    });
    expect(link.statusCode).toBe(200);
    const url = link.json<{ url: string }>().url;
    const logged = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'DOWNLOAD_BACKUP')
      .execute();
    expect(logged.map((e) => e.description)).toContain(`sb.admin downloaded backup ${backup.name}`);
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(backupBytes(t.dataDir, backup.name))).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: tamperSignature(url) })).statusCode).toBe(403);
    t.clock.advance(10 * 60_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    for (const name of ['..%2Ftanaw.db', 'sk-tanaw-x.bak', 'jwt-secret']) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/backup/file-url/${name}`,
        headers: ma.headers,
      });
      expect(r.statusCode, name).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/backups/${backup.name}` })).statusCode,
    ).not.toBe(200);
  }, 180_000);
});

describe.each(DIALECTS)('documents kept by the DocumentStorage on %s', (dialect) => {
  // The storage keeps its documents outside DATA_DIR (as object storage would): a backup must
  // read them through it, and a restore must write them back through it.
  let t: TestApp;
  let storageRoot = '';
  const key = `${'d0c5'.repeat(8)}.pdf`;
  const later = `${'1a7e'.repeat(8)}.pdf`;
  const content = buildSimplePdf('Kept elsewhere', 'A document the storage serves.');

  beforeAll(async () => {
    storageRoot = mkdtempSync(join(tmpdir(), 'tanaw-storage-'));
    t = await createTestApp(dialect, { storage: createLocalStorage(join(storageRoot, 'docs')) });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  it('backs up and restores documents the storage serves, not files under DATA_DIR', async () => {
    const storage = t.app.services.storage;
    await storage.write(key, Readable.from([content]));
    expect(existsSync(join(t.dataDir, 'uploads', key))).toBe(false);
    const stored = (await storage.list()).map((d) => d.key).sort();
    expect(stored).toContain(key);

    const ma = await loginAs(t.app, 'MA', 'SB');
    const backup = await newBackup(t.app, ma);
    const bytes = backupBytes(t.dataDir, backup.name);
    const { frames } = unpack(bytes);
    const documents = frames
      .filter((f) => f.type === 'F')
      .map((f) => (JSON.parse(f.payload.toString('utf8')) as { name: string }).name);
    expect(documents.sort()).toEqual(stored);
    const at = frames.findIndex((f) => f.type === 'F' && f.payload.toString('utf8').includes(key));
    const body = frames.slice(at + 1).findIndex((f) => f.type === 'E');
    const written = Buffer.concat(frames.slice(at + 1, at + 1 + body).map((f) => f.payload));
    expect(written.equals(content)).toBe(true);

    // After the backup: one document more, one gone. The restore brings back exactly the
    // backup's documents, in the storage.
    await storage.write(later, Readable.from([Buffer.from('added after the backup')]));
    await storage.remove(key);
    const restored = await installJson(t.app, ma, bytes);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await storage.list()).map((d) => d.key).sort()).toEqual(stored);
    expect((await buffer(await storage.open(key))).equals(content)).toBe(true);
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false);
    expect(readdirSync(storageRoot)).toEqual(['docs']);
  }, 180_000);
});

describe.each(DIALECTS)('a backup of an older version restored on %s', (dialect) => {
  it('installs it and runs the newer migrations on the restored data', async () => {
    const t = await createTestApp(dialect);
    // An install of an older SK Tanaw: migrated only to 0003-projects (no raw data tables, no
    // device column on sessions), with an account and a session of its own.
    const oldDir = mkdtempSync(join(tmpdir(), 'tanaw-old-'));
    const old = createDatabase({
      databaseUrl: undefined,
      databaseSchema: undefined,
      dataDir: oldDir,
    });
    try {
      await migrateKysely(old.db, '0003-projects');
      const conn = new SQLite(old.file ?? '');
      const stamp = '2025-01-01T00:00:00.000Z';
      conn.exec(`insert into barangays (id, code, name, created_at) values (1, 'SB', 'San Bartolome', '${stamp}');
        insert into roles (code, name, description) values ('MA', 'Main Administrator', 'd');
        insert into users (id, barangay_id, username, username_key, password_hash, full_name, position,
          email, phone, is_archived, is_default_password, created_at, updated_at)
          values (1, 1, 'old.admin', 'old.admin', 'x', 'Old Admin', 'MA', 'old@gmail.com', '0917', 0, 0, '${stamp}', '${stamp}');
        insert into sessions (id, user_id, barangay_id, username_key, outcome, created_at, expires_at)
          values ('old-session', 1, 1, 'old.admin', 'success', '${stamp}', '2099-01-01T00:00:00.000Z');`);
      conn.close();
      const clock = manualClock(new Date());
      const service = createBackupService({
        config: { ...t.config, dataDir: oldDir, backup: { ...t.config.backup, intervalHours: 1 } },
        database: old,
        storage: createLocalStorage(join(oldDir, 'uploads')),
        clock,
        logger: t.app.log,
      });
      clock.advance(2 * HOUR);
      const made = await service.runScheduledIfDue();
      expect(made?.kind).toBe('auto');
      const bytes = backupBytes(oldDir, made?.name ?? '');
      expect(JSON.parse(unpack(bytes).frames[0]?.payload.toString('utf8') ?? '{}')).toMatchObject({
        schemaVersion: '0003-projects',
      });

      const ma = await loginAs(t.app, 'MA', 'SB');
      const restored = await installJson(t.app, ma, bytes);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<{ restored: { schemaVersion: string } }>().restored.schemaVersion).toBe(
        '0003-projects',
      );
      const database = t.app.services.database;
      const applied = await rawQuery(database, 'select name from kysely_migration');
      expect(applied.map((r) => r.name)).toContain('0005-sign-in-devices');
      expect(await rawQuery(database, 'select * from raw_ppas')).toEqual([]);
      expect(await rawQuery(database, 'select username from users')).toEqual([
        { username: 'old.admin' },
      ]);
      const sessions = await rawQuery(
        database,
        "select device_id, end_reason from sessions where id = 'old-session'",
      );
      expect(sessions).toEqual([{ device_id: null, end_reason: 'restore' }]);
      await addRawData(database, 2);
    } finally {
      await old.destroy();
      rmSync(oldDir, { recursive: true, force: true });
      await t.close();
    }
  }, 180_000);
});

describe.each(DIALECTS)('who may back up and restore on %s', (dialect) => {
  let t: TestApp;
  let restrict: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    restrict = await createTestApp(dialect, { env: { BACKUP_ADMINS: 'nn.admin' } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await restrict.close();
  });

  it('refuses SK officials and chairpersons (403)', async () => {
    for (const role of ['SKO', 'SKC'] as const) {
      const s = await loginAs(t.app, role, 'SB');
      for (const call of backupCalls(s)) {
        expect((await t.app.inject(call)).statusCode, `${role} ${call.url}`).toBe(403);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/backup/list' })).statusCode).toBe(401);
  });

  it('by default allows only the administrators of the first barangay', async () => {
    const nn = await loginAs(t.app, 'SA', 'NN');
    for (const call of backupCalls(nn)) {
      const r = await t.app.inject(call);
      expect(r.statusCode, call.url).toBe(403);
      expect(codeOf(r)).toBe('NOT_INSTALL_ADMIN');
    }
    const sb = await loginAs(t.app, 'MA', 'SB');
    expect((await t.app.inject(backupCalls(sb)[1] ?? {})).statusCode).toBe(200);
  });

  it('with BACKUP_ADMINS allows exactly the listed accounts', async () => {
    const sb = await loginAs(restrict.app, 'MA', 'SB');
    const r = await restrict.app.inject({
      method: 'POST',
      url: '/api/backup',
      headers: sb.headers,
    });
    expect(r.statusCode).toBe(403);
    expect(codeOf(r)).toBe('NOT_INSTALL_ADMIN');
    const nn = await loginAs(restrict.app, 'SA', 'NN');
    expect(
      (await restrict.app.inject({ method: 'POST', url: '/api/backup', headers: nn.headers }))
        .statusCode,
    ).toBe(200);
  });
});

describe('automatic backups on a schedule', () => {
  it('backs up when the interval has passed and keeps the newest BACKUP_RETENTION', async () => {
    const t = await createTestApp('sqlite', {
      env: { BACKUP_INTERVAL_HOURS: '6', BACKUP_RETENTION: '2' },
    });
    try {
      const backup = t.app.services.backup;
      const ma = await loginAs(t.app, 'MA', 'SB');
      await newBackup(t.app, ma);
      expect(await backup.runScheduledIfDue()).toBeNull();
      t.clock.advance(5 * HOUR);
      expect(await backup.runScheduledIfDue()).toBeNull();
      const made: string[] = [];
      for (let i = 0; i < 3; i++) {
        t.clock.advance(6 * HOUR + 1000);
        const auto = await backup.runScheduledIfDue();
        expect(auto?.kind).toBe('auto');
        made.push(auto?.name ?? '');
        expect(await backup.runScheduledIfDue()).toBeNull();
      }
      // (A session's token is long expired 18 hours later: read the service directly.)
      const backups = await backup.list();
      const autos = backups.filter((b) => b.kind === 'auto').map((b) => b.name);
      expect(autos).toEqual([made[2], made[1]]);
      expect(backups.filter((b) => b.kind === 'manual')).toHaveLength(1);
      const newest = backups.find((b) => b.name === made[2]);
      expect((await backup.nextDue())?.getTime()).toBe(
        new Date(newest?.createdAt ?? 0).getTime() + 6 * HOUR,
      );
      const audit = await t.app.services.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'AUTO_BACKUP')
        .execute();
      expect(audit).toHaveLength(3);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('is off with BACKUP_INTERVAL_HOURS=0', async () => {
    const t = await createTestApp('sqlite', { env: { BACKUP_INTERVAL_HOURS: '0' } });
    try {
      t.clock.advance(1000 * HOUR);
      expect(await t.app.services.backup.runScheduledIfDue()).toBeNull();
      expect(await t.app.services.backup.nextDue()).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe.runIf(PG_URL)('restore between SQLite and PostgreSQL', () => {
  it.each([
    ['sqlite', 'postgres'],
    ['postgres', 'sqlite'],
  ] as const)(
    'a backup made on %s restores whole on %s',
    async (from, to) => {
      const source = await createTestApp(from);
      const target = await createTestApp(to);
      try {
        await addRawData(source.app.services.database, 40);
        const ma = await loginAs(source.app, 'MA', 'SB');
        const backup = await newBackup(source.app, ma);
        const before = await allRows(source.app.services.database);
        const docs = documentHashes(source.dataDir);
        const admin = await loginAs(target.app, 'MA', 'SB');
        const restored = await installMultipart(
          target.app,
          admin,
          backupBytes(source.dataDir, backup.name),
        );
        expect(restored.statusCode, restored.body).toBe(200);
        expect(
          restored.json<{ restored: { sourceDialect: string } }>().restored.sourceDialect,
        ).toBe(from);
        expect(withoutRestoreEffects(await allRows(target.app.services.database))).toEqual(
          withoutRestoreEffects(before),
        );
        expect(documentHashes(target.dataDir)).toEqual(docs);
        // The restored install works: sign in, and write new rows (ids continue after the old).
        const again = await loginAs(target.app, 'SKO', 'SB');
        expect(again.token).toBeTruthy();
        await addRawData(target.app.services.database, 1);
      } finally {
        await source.close();
        await target.close();
      }
    },
    120_000,
  );
});

/** A server on a data folder (and schema) of our own, so a second process can share them. */
function killEnv(dialect: 'sqlite' | 'postgres', dataDir: string, schema: string) {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_ROOT: join(dataDir, 'no-web'),
    BACKUP_INTERVAL_HOURS: '0',
    ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL ?? '', DATABASE_SCHEMA: schema } : {}),
  };
}

function runChild(env: Record<string, string>, file: string) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
    (resolve) => {
      // node itself (tsx as a loader), so the SIGKILL hits the process running the restore.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'fixtures/restore-child.ts'), file],
        { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('exit', (code, signal) => resolve({ code, signal, output }));
    },
  );
}

const KILL_POINTS: Record<'sqlite' | 'postgres', [string, 'old' | 'new'][]> = {
  sqlite: [
    ['loaded', 'old'],
    ['sealed', 'old'],
    ['sqlite-closed', 'old'],
    ['db-swapped', 'new'],
    ['docs-half-swapped', 'new'],
    ['swapped', 'new'],
  ],
  postgres: [
    ['loaded', 'old'],
    ['sealed', 'old'],
    ['db-swapped', 'new'],
    ['docs-half-swapped', 'new'],
  ],
};

describe.each(DIALECTS)('a restore killed (SIGKILL) at any step on %s', (dialect) => {
  // Each case on a copy of one demo-seeded installation (its own folder and database).
  const installs = seededInstalls(dialect, (dir, schema) => killEnv(dialect, dir, schema ?? ''));
  afterAll(() => installs.dispose());

  it.each(KILL_POINTS[dialect])(
    'killed at "%s" leaves the %s data whole',
    async (point, expected) => {
      const install = await installs.copy();
      const { dataDir, env } = install;
      try {
        const clock = manualClock(new Date());
        let app = await buildApp(loadConfig(env), { clock });
        await addRawData(app.services.database, 20);
        const ma = await loginAs(app, 'MA', 'SB');
        const backup = await newBackup(app, ma);
        const fresh = withoutRestoreEffects(await allRows(app.services.database));
        const freshDocs = documentHashes(dataDir);
        await addRawData(app.services.database, 5);
        // A stored document changes after the backup (a new file with no document row would be
        // an orphan, which start-up rightly sweeps away).
        const changed = readdirSync(join(dataDir, 'uploads')).find((name) => name.endsWith('.pdf'));
        if (!changed) {
          throw new Error('the demo data has no stored document');
        }
        writeFileSync(join(dataDir, 'uploads', changed), 'document changed after backup');
        const old = withoutRestoreEffects(await allRows(app.services.database));
        const oldDocs = documentHashes(dataDir);
        await app.close();

        const child = await runChild(
          { ...env, SEED_DEMO: 'false', TANAW_TEST_CRASH_AT: point },
          join(dataDir, 'backups', backup.name),
        );
        expect(child.signal, child.output).toBe('SIGKILL');

        // The killed process left its row of the write-drain handshake (PostgreSQL): the restore
        // below waits until it is stale; 1 s instead of 30, as no other process runs here.
        app = await buildApp(loadConfig({ ...env, SEED_DEMO: 'false' }), {
          clock,
          staleProcessMs: 1_000,
        });
        try {
          const rows = withoutRestoreEffects(await allRows(app.services.database));
          expect(rows).toEqual(expected === 'old' ? old : fresh);
          expect(documentHashes(dataDir)).toEqual(expected === 'old' ? oldDocs : freshDocs);
          expect(await leftovers({ dataDir, app })).toEqual([]);
          // The install works after the crash: sign in and restore again.
          const admin = await loginAs(app, 'MA', 'SB');
          const again = await installJson(app, admin, backupBytes(dataDir, backup.name));
          expect(again.statusCode, again.body).toBe(200);
        } finally {
          await app.close();
        }
      } finally {
        await install.remove();
      }
    },
    120_000,
  );
});
