import { existsSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { KkImportResult, KkProfile, KkStats } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { allRows, backupBytes, createBackup, installJson } from './backup-helpers.ts';
import { DIALECTS, createTestApp, login, loginAs, type Session, type TestApp } from './helpers.ts';
import { ANNEX4_HEADERS, annexRow, csvOf, importFile, xlsxOf, youth } from './kk-helpers.ts';

/**
 * The KK youth registry. Personal fields encrypted at rest (not in the
 * database file, a backup or the log), personal data for the chairperson and the designated
 * secretary only (403 for other roles, 404 across barangays), every read and export audited with
 * its reason, the Annex 4 import (each bad row named, duplicates, all or nothing unless
 * skipBadRows) and export, statistics, and the public form's consent rules and limits.
 */

const TODAY = '2026-03-01';
const SECRET_NAME = 'Quenneville';
const SECRET_FIRST = 'Zyxandra';
const SECRET_NUMBER = '09451237890';
const PUBLIC_NAME = 'Xochilbanua';
const PUBLIC_NUMBER = '09187776655';

describe.each(DIALECTS)('the KK youth registry on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let admin: Session;
  let nnChair: Session;
  const logLines: string[] = [];
  /** The backup made by the first test, with the id of the profile it holds. */
  let saved: { name: string; id: number } | null = null;

  const api = (
    session: Session | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method,
      url,
      // Reads carry their reason in the header API clients may use (no access grant needed).
      headers: { ...(session?.headers ?? {}), ...(method === 'GET' ? WHY : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const WHY = { 'x-access-reason': 'Verification of the 2026 profiling' };
  const why = { reason: 'Verification of the 2026 profiling' };
  const exportBody = { format: 'xlsx', ...why };
  const list = async (session = chair) => {
    const r = await api(session, 'GET', '/api/kk/profiles');
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ profiles: KkProfile[] }>().profiles;
  };
  const countRows = async () =>
    Number(
      (
        await t.app.services.db
          .selectFrom('kk_profiles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(dialect, {
      clock: manualClock(new Date(`${TODAY}T04:00:00.000Z`)),
      env: { LOG_LEVEL: 'trace', KK_PUBLIC_PER_ADDRESS_HOUR: '3' },
      logStream,
    });
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
    nnChair = await loginAs(t.app, 'SKC', 'NN');
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('keeps names and numbers out of the database file, a backup and the log', async () => {
    const added = await api(chair, 'POST', '/api/kk/profiles', {
      ...youth(TODAY, 20, {
        lastName: SECRET_NAME,
        firstName: SECRET_FIRST,
        contactNumber: SECRET_NUMBER,
      }),
      reason: 'Encoding of the paper forms',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ profile: KkProfile }>().profile.id;
    const submitted = await api(null, 'POST', '/api/public/kk/SB/profiles', {
      ...youth(TODAY, 22, { lastName: PUBLIC_NAME, contactNumber: PUBLIC_NUMBER }),
      consent: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.body).not.toContain(PUBLIC_NAME);
    // A refused value is not echoed in the error either.
    const refused = await api(chair, 'POST', '/api/kk/profiles', {
      ...youth(TODAY, 20, { lastName: SECRET_NAME, email: `${SECRET_NAME}@@bad` }),
      reason: 'Encoding of the paper forms',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain(SECRET_NAME);

    // Readable through the API by the chairperson.
    const read = await api(chair, 'GET', `/api/kk/profiles/${String(id)}`);
    expect(read.json<{ profile: KkProfile }>().profile).toMatchObject({
      lastName: SECRET_NAME,
      contactNumber: SECRET_NUMBER,
    });

    const secrets = [SECRET_NAME, SECRET_FIRST, SECRET_NUMBER, PUBLIC_NAME, PUBLIC_NUMBER];
    const database = t.app.services.database;
    if (database.dialect === 'sqlite') {
      const file = database.file ?? '';
      const bytes = Buffer.concat(
        [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
      );
      for (const s of secrets) {
        expect(bytes.includes(Buffer.from(s)), s).toBe(false);
      }
    }
    const rows = JSON.stringify(await allRows(database));
    expect(rows).toContain('kk_profiles');
    for (const s of secrets) {
      expect(rows.includes(s), s).toBe(false);
    }

    const backup = await createBackup(t.app, admin);
    expect(backup.statusCode, backup.body).toBe(200);
    const name = backup.json<{ backup: { name: string } }>().backup.name;
    const plain = gunzipSync(backupBytes(t.dataDir, name));
    expect(plain.includes(Buffer.from('personal_ct'))).toBe(true);
    for (const s of secrets) {
      expect(plain.includes(Buffer.from(s)), s).toBe(false);
    }
    saved = { name, id };

    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const s of secrets) {
      expect(log.includes(s), s).toBe(false);
    }

    // Nor in what the city or the public read: the city's views, the board, the directory.
    const budget = await login(t.app, 'qc.budget');
    const year = TODAY.slice(0, 4);
    const reads: [Session | null, string][] = [
      [budget, `/api/city/dashboard?year=${year}`],
      [budget, '/api/city/barangays'],
      [budget, `/api/city/plan-reviews?year=${year}`],
      [null, '/api/public/disclosure/SB'],
      [null, '/api/public/directory'],
      [null, '/api/public/kk/SB'],
    ];
    const views = await Promise.all(
      reads.map(async ([as, url]) => {
        const response = await api(as, 'GET', url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.body;
      }),
    );
    for (const s of secrets) {
      expect(views.join('\n').includes(s), s).toBe(false);
    }
  });

  it('lets only the chairperson and the designated secretary near personal data', async () => {
    const [first] = await list();
    const id = String(first?.id);
    for (const who of [official, admin]) {
      for (const [method, url, body] of [
        ['GET', '/api/kk/profiles', undefined],
        ['GET', `/api/kk/profiles/${id}`, undefined],
        ['POST', '/api/kk/access', why],
        ['GET', '/api/kk/audit', undefined],
        ['POST', '/api/kk/export', exportBody],
        ['DELETE', `/api/kk/profiles/${id}`, why],
      ] as const) {
        const r = await api(who, method, url, body);
        expect(r.statusCode, `${method} ${url}`).toBe(403);
        expect(r.json<{ code: string }>().code).toBe('KK_NOT_SECRETARY');
      }
      expect((await importFile(t.app, who, 'a.csv', Buffer.from('x'))).statusCode).toBe(403);
    }
    // Another barangay's profile: 404, as if it did not exist.
    const other = await api(nnChair, 'GET', `/api/kk/profiles/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ code: string }>().code).toBe('KK_NOT_FOUND');
    expect((await api(nnChair, 'DELETE', `/api/kk/profiles/${id}`, why)).statusCode).toBe(404);
    // No reason, no data: neither an access grant nor the header.
    const noReason = await t.app.inject({
      method: 'GET',
      url: '/api/kk/profiles',
      headers: chair.headers,
    });
    expect(noReason.statusCode).toBe(403);
    expect(noReason.json<{ code: string }>().code).toBe('KK_ACCESS_REQUIRED');
    expect((await api(null, 'GET', '/api/kk/stats')).statusCode).toBe(401);
    // Statistics (no personal data) for every role of the barangay.
    for (const who of [official, admin]) {
      expect((await api(who, 'GET', '/api/kk/stats')).statusCode).toBe(200);
    }

    // The chairperson designates the official; only the chairperson may.
    const officialId = official.userId;
    const refused = await api(official, 'PUT', '/api/kk/secretary', { userId: officialId });
    expect(refused.json<{ code: string }>().code).toBe('KK_DESIGNATE_FORBIDDEN');
    const bad = await api(chair, 'PUT', '/api/kk/secretary', { userId: admin.userId });
    expect(bad.json<{ code: string }>().code).toBe('KK_SECRETARY_INVALID');
    const ok = await api(chair, 'PUT', '/api/kk/secretary', { userId: officialId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await list(official)).length).toBeGreaterThan(0);
    const info = await api(official, 'GET', '/api/kk/secretary');
    expect(info.json()).toMatchObject({ canReadPersonal: true, canDesignate: false });
    // Still 404 across barangays, still 403 for the administrator.
    expect((await api(admin, 'GET', '/api/kk/profiles')).statusCode).toBe(403);
  });

  it('audits every listing, read and export with who and why, never the data', async () => {
    const [first] = await list(official);
    const id = first?.id ?? 0;
    await api(official, 'GET', `/api/kk/profiles/${String(id)}`);
    const exported = await api(chair, 'POST', '/api/kk/export', exportBody);
    expect(exported.statusCode).toBe(200);
    const entries = await t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('module', '=', 'KK Registry')
      .orderBy('id', 'desc')
      .execute();
    const actions = entries.map((e) => `${e.action}:${e.username ?? ''}`);
    expect(actions).toContain('KK_LIST:sb.official');
    expect(actions).toContain('KK_READ:sb.official');
    expect(actions).toContain('KK_EXPORT:sb.chair');
    const read = entries.find((e) => e.action === 'KK_READ' && e.username === 'sb.official');
    // The reason is kept apart from the entry, encrypted; the chairperson's view reads it.
    expect(read?.description).not.toContain('Verification of the 2026 profiling');
    const trail = await api(chair, 'GET', '/api/kk/audit');
    expect(trail.statusCode, trail.body).toBe(200);
    const shown = trail
      .json<{ entries: { id: number; reason: string | null }[] }>()
      .entries.find((e) => e.id === read?.id);
    expect(shown?.reason).toBe('Verification of the 2026 profiling');
    expect(read?.created_at).toBe(`${TODAY}T04:00:00.000Z`);
    const all = JSON.stringify(entries);
    expect(all).not.toContain(first?.lastName ?? '?');
    expect(all).not.toContain(SECRET_NAME);
  });

  it('exports the verified registry as the Annex 4 workbook', async () => {
    const profiles = (await list()).filter((p) => p.status === 'verified');
    const r = await api(chair, 'POST', '/api/kk/export', exportBody);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(ANNEX4_HEADERS);
    expect(sheet?.actualRowCount).toBe(profiles.length + 1);
  });

  it('imports a whole Annex 4 file (CSV and .xlsx) in one go', async () => {
    const before = await countRows();
    const csv = csvOf(ANNEX4_HEADERS, [
      annexRow(youth(TODAY, 16, { lastName: 'Imported', firstName: 'Uno' })),
      annexRow(youth(TODAY, 19, { lastName: 'Imported', firstName: 'Dos', sexAtBirth: 'Male' })),
    ]);
    const r = await importFile(t.app, chair, 'annex4.csv', csv);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<KkImportResult>()).toMatchObject({ success: true, rows: 2, saved: 2 });
    // An .xlsx whose birthday cells are dates, as a spreadsheet program saves them.
    const row = annexRow(youth(TODAY, 27, { lastName: 'Imported', firstName: 'Tres' }));
    const birthdayAt = ANNEX4_HEADERS.indexOf('Birthday (YYYY-MM-DD)');
    const withDate: (string | number | Date)[] = [...row];
    withDate[birthdayAt] = new Date(`${String(row[birthdayAt])}T00:00:00.000Z`);
    const x = await importFile(
      t.app,
      chair,
      'annex4.xlsx',
      await xlsxOf(ANNEX4_HEADERS, [withDate]),
    );
    expect(x.statusCode, x.body).toBe(200);
    expect(await countRows()).toBe(before + 3);
    const tres = (await list()).find((p) => p.firstName === 'Tres');
    expect(tres).toMatchObject({ age: 27, ageGroup: '25-30', source: 'import' });
  });

  it('names each bad row with its reason, shows duplicates, and saves nothing unless asked', async () => {
    const before = await countRows();
    const good = youth(TODAY, 21, { lastName: 'Mabuti', firstName: 'Ana' });
    const rows = [
      annexRow(good),
      annexRow(youth(TODAY, 21, { lastName: '' })),
      annexRow(youth(TODAY, 21, { lastName: 'Sexless', sexAtBirth: 'X' as 'Male' })),
      annexRow(youth(TODAY, 21, { lastName: 'Baddate', birthday: '2001-02-30' })),
      annexRow(youth(TODAY, 35, { lastName: 'Tooold' })),
      annexRow(youth(TODAY, 21, { lastName: 'Bademail', email: 'not-an-address' })),
      annexRow(good),
      annexRow(youth(TODAY, 20, { lastName: SECRET_NAME, firstName: SECRET_FIRST })),
    ];
    const yesNoBad = annexRow(youth(TODAY, 22, { lastName: 'Maybe' }));
    yesNoBad[ANNEX4_HEADERS.indexOf('Registered SK Voter')] = 'Perhaps';
    rows.push(yesNoBad);
    const file = csvOf(ANNEX4_HEADERS, rows);
    const r = await importFile(t.app, chair, 'bad.csv', file);
    expect(r.statusCode).toBe(422);
    const body = r.json<KkImportResult>();
    expect(body).toMatchObject({ success: false, code: 'KK_IMPORT_BAD_ROWS', saved: 0 });
    const byRow = new Map(body.problems.map((p) => [p.row, p]));
    expect(byRow.get(3)?.reason).toMatch(/Last name is required/);
    expect(byRow.get(4)?.reason).toMatch(/Sex assigned at birth/);
    expect(byRow.get(5)?.reason).toMatch(/real calendar date/);
    expect(byRow.get(6)?.reason).toMatch(/15 to 30/);
    expect(byRow.get(7)?.reason).toMatch(/E-mail/);
    expect(byRow.get(8)).toMatchObject({ duplicate: true });
    expect(byRow.get(9)).toMatchObject({ duplicate: true });
    expect(byRow.get(10)?.reason).toMatch(/Registered SK voter/);
    expect(byRow.has(2)).toBe(false);
    // Each problem says what it is, for a screen to put in its own language.
    expect(
      [3, 4, 5, 6, 7, 8, 9, 10].map((row) => [byRow.get(row)?.code, byRow.get(row)?.column]),
    ).toEqual([
      ['INVALID_VALUE', 'Last Name'],
      ['INVALID_VALUE', 'Sex Assigned at Birth'],
      ['INVALID_VALUE', 'Birthday (YYYY-MM-DD)'],
      ['AGE_OUTSIDE', null],
      ['INVALID_VALUE', 'E-mail Address'],
      ['DUPLICATE_IN_FILE', null],
      ['DUPLICATE_IN_REGISTRY', null],
      ['INVALID_VALUE', 'Registered SK Voter'],
    ]);
    expect(JSON.stringify(body)).not.toContain(SECRET_NAME);
    expect(await countRows()).toBe(before);

    const skipped = await importFile(t.app, chair, 'bad.csv', file, true);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json<KkImportResult>()).toMatchObject({ success: true, saved: 1 });
    expect(await countRows()).toBe(before + 1);

    const headers = await importFile(
      t.app,
      chair,
      'h.csv',
      csvOf(['Last Name', 'First Name'], [['A', 'B']]),
    );
    expect(headers.json<{ code: string; message: string }>()).toMatchObject({
      code: 'KK_IMPORT_HEADERS',
    });
    expect(headers.json<{ message: string }>().message).toContain('Birthday');
    const format = await importFile(t.app, chair, 'annex4.pdf', Buffer.from('%PDF'));
    expect(format.json<{ code: string }>().code).toBe('KK_IMPORT_FORMAT');
    const empty = await importFile(t.app, chair, 'e.csv', csvOf(ANNEX4_HEADERS, []));
    expect(empty.json<{ code: string }>().code).toBe('KK_IMPORT_EMPTY');
  });

  it('counts the verified registry, matching the profiles', async () => {
    const profiles = (await list()).filter((p) => p.status === 'verified' && p.ageGroup !== null);
    const r = await api(official, 'GET', '/api/kk/stats');
    const stats = r.json<KkStats>();
    expect(stats.total).toBe(profiles.length);
    expect(stats.suppressed).toBe(false);
    for (const group of ['15-17', '18-24', '25-30'] as const) {
      expect(stats.byAgeGroup[group]).toBe(profiles.filter((p) => p.ageGroup === group).length);
    }
    expect(stats.bySex.Female).toBe(profiles.filter((p) => p.sexAtBirth === 'Female').length);
    expect(stats.byClassification.WY).toBe(
      profiles.filter((p) => p.youthClassification === 'WY').length,
    );
    expect(stats.bySkVoter.Yes).toBe(profiles.filter((p) => p.skVoter).length);
    const all = await list();
    expect(stats.pending).toBe(all.filter((p) => p.status === 'pending').length);
    expect(stats.pastThirty).toBe(
      all.filter((p) => p.status === 'verified' && p.pastThirty).length,
    );
    expect(stats.pastThirty).toBeGreaterThan(0);
  });

  it('takes public submissions with consent, a guardian for minors, and limits', async () => {
    const ip = '203.0.113.9';
    const post = (body: unknown, code = 'SB') =>
      api(null, 'POST', `/api/public/kk/${code}/profiles`, body, ip);
    const noConsent = await post({ ...youth(TODAY, 20, { lastName: 'Walang' }) });
    expect(noConsent.statusCode).toBe(400);
    const minor = youth(TODAY, 16, { lastName: 'Bata', firstName: 'Minor' });
    const noGuardian = await post({ ...minor, consent: true });
    expect(noGuardian.json<{ code: string }>().code).toBe('KK_GUARDIAN_CONSENT');
    const withGuardian = await post({
      ...minor,
      consent: true,
      guardianConsent: true,
      guardianName: 'Magulang Bata',
    });
    expect(withGuardian.statusCode, withGuardian.body).toBe(200);
    const before = await countRows();
    const trap = await post({
      ...youth(TODAY, 20, { lastName: 'Robot' }),
      consent: true,
      website: 'http://spam',
    });
    expect(trap.statusCode).toBe(200);
    expect(await countRows()).toBe(before);
    // Refused submissions (no guardian, the trap) use up none of the allowance (3 here): two
    // more are taken, the fourth taken in the hour is refused and stored nowhere.
    for (const lastName of ['Ikalawa', 'Ikatlo']) {
      const taken = await post({ ...youth(TODAY, 20, { lastName }), consent: true });
      expect(taken.statusCode, taken.body).toBe(200);
    }
    const stored = await countRows();
    const limited = await post({ ...youth(TODAY, 20, { lastName: 'Ikaapat' }), consent: true });
    expect(limited.statusCode).toBe(429);
    expect(await countRows()).toBe(stored);
    expect((await post({ ...minor, consent: true }, 'ZZZZ')).statusCode).toBe(404);

    const pending = (await list()).find((p) => p.lastName === 'Bata');
    expect(pending).toMatchObject({ status: 'pending', source: 'public', guardianConsent: true });
    const verified = await api(chair, 'POST', `/api/kk/profiles/${String(pending?.id)}/verify`, {
      reason: 'Checked against the barangay census',
    });
    expect(verified.json<{ profile: KkProfile }>().profile.status).toBe('verified');
  });

  it('corrects and removes a record on the person’s request, audited', async () => {
    const target = (await list()).find((p) => p.lastName === 'Mabuti');
    expect(target).toBeDefined();
    const {
      id,
      age: _a,
      ageGroup: _g,
      status: _s,
      source: _o,
      guardianConsent: _c,
      pastThirty: _p,
      duplicate: _d,
      updatedAt: _u,
      ...fields
    } = target as KkProfile;
    const corrected = await api(chair, 'PUT', `/api/kk/profiles/${String(id)}`, {
      ...fields,
      homeAddress: 'Purok Bagong Pag-asa',
      reason: 'Correction asked by the person',
    });
    expect(corrected.json<{ profile: KkProfile }>().profile.homeAddress).toBe(
      'Purok Bagong Pag-asa',
    );
    const removed = await api(chair, 'DELETE', `/api/kk/profiles/${String(id)}`, {
      reason: 'Removal asked by the person',
    });
    expect(removed.statusCode).toBe(200);
    expect((await api(chair, 'GET', `/api/kk/profiles/${String(id)}`)).statusCode).toBe(404);
    const actions = (
      await t.app.services.db
        .selectFrom('audit_log')
        .select('action')
        .where('module', '=', 'KK Registry')
        .execute()
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'KK_UPDATE',
        'KK_REMOVE',
        'KK_VERIFY',
        'KK_IMPORT',
        'KK_PUBLIC_SUBMIT',
      ]),
    );
  });

  // Last: a restore ends every session.
  it('restores a backup whose profiles read back with the key kept outside it', async () => {
    expect(saved).not.toBeNull();
    const restored = await installJson(t.app, admin, backupBytes(t.dataDir, saved?.name ?? ''));
    expect(restored.statusCode, restored.body).toBe(200);
    chair = await loginAs(t.app, 'SKC', 'SB');
    const read = await api(chair, 'GET', `/api/kk/profiles/${String(saved?.id)}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ profile: KkProfile }>().profile.lastName).toBe(SECRET_NAME);
  });
});
