import ExcelJS from 'exceljs';
import type { KkImportResult, KkProfile } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { ANNEX4_HEADERS, annexRow, importFile, youth, zipEntry } from './kk-helpers.ts';

/**
 * An Annex 4 workbook in Excel's 1904 date system (what Excel for Mac long saved by default, and
 * still does for a workbook begun there): its date cells count days from 1 January 1904, 1,462
 * fewer than the 1900 system for the same day. Read as 1900 serials, every birthday would land
 * four years and a day early; the import must read the day the encoder typed.
 */
const TODAY = '2026-03-01';
const BIRTHDAYS = ['2008-03-15', '2001-12-09', '1996-02-29'] as const;
/** 2008-03-15 as a 1904-system serial (39,522 in the 1900 system). */
const SERIAL_1904 = 38_060;

async function workbook1904(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.properties.date1904 = true;
  const sheet = book.addWorksheet('Youth Database');
  sheet.addRow(ANNEX4_HEADERS);
  const birthdayColumn = ANNEX4_HEADERS.indexOf('Birthday (YYYY-MM-DD)') + 1;
  BIRTHDAYS.forEach((birthday, i) => {
    const cells: (string | number | Date)[] = annexRow(
      youth(TODAY, 20, { lastName: `Mac${String(i)}`, email: `mac${String(i)}@example.com` }),
    );
    cells[birthdayColumn - 1] = new Date(`${birthday}T00:00:00.000Z`);
    const row = sheet.addRow(cells);
    row.getCell(birthdayColumn).numFmt = 'mm/dd/yyyy';
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(DIALECTS)('an Annex 4 workbook in the 1904 date system on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let file: Buffer;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date(`${TODAY}T04:00:00.000Z`)) });
    chair = await loginAs(t.app, 'SKC', 'SB');
    file = await workbook1904();
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('is a 1904 workbook: the flag is set and the dates are 1904 serials', () => {
    expect(zipEntry(file, 'xl/workbook.xml')).toMatch(/<workbookPr[^>]*date1904="1"/);
    expect(zipEntry(file, 'xl/worksheets/sheet1.xml')).toContain(`<v>${String(SERIAL_1904)}</v>`);
  });

  it('imports every birthday as the day typed, not four years and a day early', async () => {
    const r = await importFile(t.app, chair, 'annex4-1904.xlsx', file);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<KkImportResult>()).toMatchObject({ success: true, rows: 3, saved: 3 });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/kk/profiles',
      headers: { ...chair.headers, 'x-access-reason': 'Checking the 1904 import' },
    });
    const byName = new Map(
      list.json<{ profiles: KkProfile[] }>().profiles.map((p) => [p.lastName, p.birthday]),
    );
    expect(BIRTHDAYS.map((_, i) => byName.get(`Mac${String(i)}`))).toEqual([...BIRTHDAYS]);
  });
});
