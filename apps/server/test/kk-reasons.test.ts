import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { KkAuditEntry, KkProfile } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { backupBytes, createBackup } from './backup-helpers.ts';
import { DIALECTS, createTestApp, login, loginAs, type Session, type TestApp } from './helpers.ts';
import { youth } from './kk-helpers.ts';

/**
 * The reasons officers give for opening the youth registry's personal data never travel in a
 * URL (so never in the access log), and the audit keeps them apart from the entries'
 * text: the chairperson and the designated secretary read them (GET /api/kk/audit); an
 * administrator's audit trail, dashboard and backups show that personal data were opened, by
 * whom, when and how much, never why. Reads run under a short-lived access grant of the session.
 */

const TODAY = '2026-03-01';
const MINUTE = 60_000;

describe.each(DIALECTS)('reasons of the youth registry on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let admin: Session;
  const logLines: string[] = [];
  const log = () => logLines.join('');

  const call = (
    session: Session | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(session?.headers ?? {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const openAccess = (session: Session, reason = 'Checking the registry for duplicates') =>
    call(session, 'POST', '/api/kk/access', { reason });
  const code = (r: { body: string }) => (JSON.parse(r.body) as { code?: string }).code;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(dialect, {
      clock: manualClock(new Date(`${TODAY}T04:00:00.000Z`)),
      env: { LOG_LEVEL: 'trace' },
      logStream,
    });
    chair = await loginAs(t.app, 'SKC', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('keeps a removal’s reason out of the log and every administrator’s answer, and shows it to the chairperson', async () => {
    const marker = `Marker${randomBytes(6).toString('hex')}`;
    const opened = await openAccess(chair);
    expect(opened.statusCode, opened.body).toBe(200);
    const added = await call(chair, 'POST', '/api/kk/profiles', {
      ...youth(TODAY, 21, { lastName: 'Dinaanan', firstName: 'Rosa' }),
      reason: 'Encoding of the paper forms',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ profile: KkProfile }>().profile.id;
    const listed = await call(chair, 'GET', '/api/kk/profiles');
    expect(listed.statusCode, listed.body).toBe(200);
    const removed = await call(chair, 'DELETE', `/api/kk/profiles/${String(id)}`, {
      reason: `Duplicate of Rosa Dinaanan ${marker}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Exported with a reason of its own, in the body.
    const exportMarker = `Export${randomBytes(6).toString('hex')}`;
    const exported = await call(chair, 'POST', '/api/kk/export', {
      format: 'xlsx',
      reason: `Annex 4 for the federation ${exportMarker}`,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const markers = [marker, exportMarker];

    // The chairperson's view of the audit has the reasons.
    const trail = await call(chair, 'GET', '/api/kk/audit');
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json<{ entries: KkAuditEntry[] }>().entries;
    const removal = entries.find((e) => e.action === 'KK_REMOVE');
    expect(removal).toMatchObject({
      username: 'sb.chair',
      reason: `Duplicate of Rosa Dinaanan ${marker}`,
    });
    expect(removal?.description).not.toContain(marker);
    expect(entries.find((e) => e.action === 'KK_EXPORT')?.reason).toContain(exportMarker);
    expect(entries.find((e) => e.action === 'KK_ACCESS')?.reason).toBe(
      'Checking the registry for duplicates',
    );
    expect(entries.find((e) => e.action === 'KK_LIST')?.reason).toBe(
      'Checking the registry for duplicates',
    );

    // Every answer an administrator can get: the audit trail (each filter and page), its
    // modules, the dashboard, and a backup of the installation.
    const reads = [
      '/api/audit',
      '/api/audit?module=KK%20Registry',
      '/api/audit?module=KK%20Registry&page=1&pageSize=50',
      '/api/audit?user=sb.chair',
      '/api/audit/modules',
      '/api/admin/dashboard',
    ];
    const answers: string[] = [];
    for (const url of reads) {
      const r = await call(admin, 'GET', url);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
      answers.push(r.body);
    }
    const trailForAdmin = JSON.parse(answers[1] ?? '[]') as {
      actions: string;
      username: string | null;
      descriptions: string;
      new_value: string | null;
    }[];
    // What the administrator sees: that personal data were opened and removed, by whom, when
    // and how many.
    const list = trailForAdmin.find((e) => e.actions === 'KK_LIST');
    expect(list?.username).toBe('sb.chair');
    expect(list?.descriptions).toMatch(/opened the youth registry \(\d+ profiles\)/);
    expect(JSON.parse(list?.new_value ?? '{}')).toHaveProperty('count');
    expect(trailForAdmin.map((e) => e.actions)).toEqual(
      expect.arrayContaining(['KK_ACCESS', 'KK_REMOVE', 'KK_EXPORT']),
    );
    const backup = await createBackup(t.app, admin);
    expect(backup.statusCode, backup.body).toBe(200);
    const name = backup.json<{ backup: { name: string } }>().backup.name;
    answers.push(gunzipSync(backupBytes(t.dataDir, name)).toString('latin1'));
    // Nor in any readable column of the audit table itself.
    answers.push(
      JSON.stringify(await t.app.services.db.selectFrom('audit_log').selectAll().execute()),
    );
    for (const m of markers) {
      for (const [i, answer] of answers.entries()) {
        expect(
          answer.includes(m),
          `${m} in ${reads[i] ?? (i === reads.length ? 'backup' : 'audit_log')}`,
        ).toBe(false);
      }
    }

    // The server's log: the requests are there, their reasons are not.
    expect(log()).toContain('/api/kk/profiles');
    for (const m of markers) {
      expect(log().includes(m), m).toBe(false);
    }
  });

  it('refuses a reason in the query string, saying where it goes, and logs no part of it', async () => {
    const marker = `Query${randomBytes(6).toString('hex')}`;
    const urls: ['GET' | 'POST' | 'DELETE', string][] = [
      ['GET', `/api/kk/profiles?reason=${marker}`],
      ['GET', `/api/kk/profiles/1?format=x&reason=${marker}`],
      ['DELETE', `/api/kk/profiles/1?reason=${marker}`],
      ['POST', `/api/kk/export?format=xlsx&reason=${marker}`],
      ['GET', `/api/kk/stats?reason=${marker}`],
      ['GET', `/api/kk/assemblies?reason=${marker}`],
      ['GET', `/api/city/kk/stats?reason=${marker}`],
    ];
    for (const [method, url] of urls) {
      const r = await call(chair, method, url, method === 'GET' ? undefined : {});
      expect(r.statusCode, `${method} ${url}`).toBe(400);
      expect(code(r)).toBe('KK_REASON_IN_URL');
      expect(r.json<{ message: string }>().message).toMatch(/POST \/api\/kk\/access/);
      expect(r.body).not.toContain(marker);
    }
    // Before anything else: the caller need not even be signed in to be told.
    const anonymous = await call(null, 'GET', `/api/kk/profiles?reason=${marker}`);
    expect(code(anonymous)).toBe('KK_REASON_IN_URL');
    expect(log()).toContain('/api/kk/profiles?[redacted]');
    expect(log().includes(marker)).toBe(false);
  });

  it('lets an access grant lapse after 30 minutes', async () => {
    const session = await loginAs(t.app, 'SKC', 'SB');
    expect((await call(session, 'GET', '/api/kk/profiles')).statusCode).toBe(403);
    const opened = await openAccess(session);
    expect(opened.json<{ expiresAt: string }>().expiresAt).toBe(
      new Date(t.clock.now().getTime() + 30 * MINUTE).toISOString(),
    );
    expect((await call(session, 'GET', '/api/kk/profiles')).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await call(session, 'GET', '/api/kk/audit')).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    const lapsed = await call(session, 'GET', '/api/kk/profiles');
    expect(lapsed.statusCode).toBe(403);
    expect(code(lapsed)).toBe('KK_ACCESS_REQUIRED');
    expect(code(await call(session, 'GET', '/api/kk/audit'))).toBe('KK_ACCESS_REQUIRED');
    // A new reason opens it again.
    expect((await openAccess(session, 'Second look after lunch')).statusCode).toBe(200);
    expect((await call(session, 'GET', '/api/kk/profiles')).statusCode).toBe(200);
  });

  it('ties a grant to the session that opened it', async () => {
    const first = await loginAs(t.app, 'SKC', 'SB');
    const second = await login(t.app, 'sb.chair');
    expect((await openAccess(first)).statusCode).toBe(200);
    expect((await call(first, 'GET', '/api/kk/profiles')).statusCode).toBe(200);
    const other = await call(second, 'GET', '/api/kk/profiles');
    expect(other.statusCode).toBe(403);
    expect(code(other)).toBe('KK_ACCESS_REQUIRED');
    // An administrator may not open one at all.
    const refused = await openAccess(admin);
    expect(refused.statusCode).toBe(403);
    expect(code(refused)).toBe('KK_NOT_SECRETARY');
    // Signed out, the session and its grant are gone.
    expect((await call(first, 'POST', '/api/logout')).statusCode).toBe(200);
    expect((await call(first, 'GET', '/api/kk/profiles')).statusCode).toBe(401);
  });

  it('takes the reason of one read in the X-Access-Reason header, checked like any reason', async () => {
    const session = await loginAs(t.app, 'SKC', 'SB');
    const short = await call(session, 'GET', '/api/kk/profiles', undefined, {
      'x-access-reason': 'abc',
    });
    expect(short.statusCode).toBe(400);
    const reason = 'Pagsusuri ng listahan — Peñafrancia';
    const ok = await call(session, 'GET', '/api/kk/profiles', undefined, {
      'x-access-reason': encodeURIComponent(reason),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const trail = await call(session, 'GET', '/api/kk/audit', undefined, {
      'x-access-reason': 'Reading the record of access',
    });
    const entries = trail.json<{ entries: KkAuditEntry[] }>().entries;
    expect(entries.find((e) => e.action === 'KK_LIST')?.reason).toBe(reason);
    expect(log().includes('Peñafrancia')).toBe(false);
  });
  it('keeps a name sent through the public form out of the database file, backups, the log and the city', async () => {
    const name = `Marker${randomBytes(6).toString('hex')}`;
    const sent = await call(
      null,
      'POST',
      '/api/public/kk/SB/profiles',
      { ...youth(TODAY, 20, { lastName: name, firstName: 'Ligaya' }), consent: true },
      {},
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.body).not.toContain(name);
    const seen: string[] = [log()];
    // The city's statistics, as every city role reads them.
    const ydo = await login(t.app, 'qc.ydo');
    const stats = await call(ydo, 'GET', '/api/city/kk/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    seen.push(stats.body);
    // Every stored row, as the database holds it.
    const rows = await t.app.services.db.selectFrom('kk_profiles').selectAll().execute();
    seen.push(JSON.stringify(rows));
    const backup = await createBackup(t.app, admin);
    expect(backup.statusCode, backup.body).toBe(200);
    const file = backup.json<{ backup: { name: string } }>().backup.name;
    seen.push(gunzipSync(backupBytes(t.dataDir, file)).toString('latin1'));
    if (dialect === 'sqlite') {
      // The database file and its write-ahead log, byte for byte.
      for (const entry of readdirSync(t.dataDir, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) {
          seen.push(readFileSync(join(entry.parentPath, entry.name)).toString('latin1'));
        }
      }
    }
    seen.push(log());
    for (const [i, text] of seen.entries()) {
      expect(text.includes(name), `the name in answer ${String(i)}`).toBe(false);
    }
  });
});
