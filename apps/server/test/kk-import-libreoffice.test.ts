import { readFileSync } from 'node:fs';
import type { KkImportResult, KkProfile } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { importFile, zipEntry } from './kk-helpers.ts';

/**
 * The import of an Annex 4 spreadsheet saved by LibreOffice (fixtures/README.md says
 * how the file was made). LibreOffice keeps what the encoder typed as it understood it:
 * birthdays are date cells (one typed 2004-05-17, one typed 11/3/2009), ages and counts are
 * numbers, and mobile numbers typed 09171234567 are the number 9171234567. Six rows: four good,
 * one past 30 (row 6) and one repeating row 2 (row 7).
 */

const TODAY = '2026-03-01';

const FILE = readFileSync(new URL('./fixtures/kk-annex4-libreoffice.xlsx', import.meta.url));

describe.each(DIALECTS)('an Annex 4 file saved by LibreOffice on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date(`${TODAY}T04:00:00.000Z`)) });
    chair = await loginAs(t.app, 'SKC', 'SB');
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('was saved by LibreOffice', () => {
    expect(zipEntry(FILE, 'docProps/app.xml')).toMatch(
      /<Application>LibreOffice\/7\.4\.7\.2[^<]*<\/Application>/,
    );
  });

  it('names the bad row and the repeated one, then imports the good rows as typed', async () => {
    const strict = await importFile(t.app, chair, 'annex4-libreoffice.xlsx', FILE);
    expect(strict.statusCode, strict.body).toBe(422);
    const body = strict.json<KkImportResult>();
    expect(body).toMatchObject({ success: false, code: 'KK_IMPORT_BAD_ROWS', rows: 6, saved: 0 });
    expect(body.problems).toHaveLength(2);
    const byRow = new Map(body.problems.map((p) => [p.row, p]));
    expect(byRow.get(6)).toMatchObject({ duplicate: false });
    expect(byRow.get(6)?.reason).toMatch(/15 to 30/);
    expect(byRow.get(7)).toMatchObject({ duplicate: true });
    expect(byRow.get(7)?.reason).toMatch(/earlier row/);

    const skipped = await importFile(t.app, chair, 'annex4-libreoffice.xlsx', FILE, true);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json<KkImportResult>()).toMatchObject({ success: true, rows: 6, saved: 4 });

    const r = await t.app.inject({
      method: 'GET',
      url: '/api/kk/profiles',
      headers: { ...chair.headers, 'x-access-reason': 'Checking the LibreOffice import' },
    });
    const names = ['Dela Cruz', 'Manalo', 'Santiago', 'Villareal'];
    const imported = r
      .json<{ profiles: KkProfile[] }>()
      .profiles.filter((p) => names.includes(p.lastName));
    const byName = new Map(imported.map((p) => [p.lastName, p]));
    expect([...byName.keys()].sort()).toEqual(['Dela Cruz', 'Manalo', 'Santiago', 'Villareal']);
    expect(byName.get('Dela Cruz')).toMatchObject({
      firstName: 'Juan',
      birthday: '2004-05-17',
      age: 21,
      sexAtBirth: 'Male',
      email: 'juan.delacruz@example.com',
      contactNumber: '09171234567',
      skVoter: true,
      votedLastElection: false,
      assembliesAttended: 2,
    });
    expect(byName.get('Villareal')).toMatchObject({
      firstName: 'Maria Clara',
      birthday: '2009-11-03',
      age: 16,
      ageGroup: '15-17',
      contactNumber: '09281112233',
      workStatus: 'Not Interested Looking for a Job',
    });
    expect(byName.get('Santiago')).toMatchObject({
      suffix: 'Jr.',
      birthday: '1998-02-14',
      civilStatus: 'Married',
      youthClassification: 'WY',
      assembliesAttended: 4,
    });
    expect(byName.get('Manalo')).toMatchObject({
      birthday: '2001-08-30',
      youthClassification: 'YSN',
      specificNeeds: 'PWD',
      contactNumber: '',
    });
  });
});
