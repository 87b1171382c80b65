import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  TRACKER_MESSAGES,
  formatPlanPeso,
  type DisclosureTracker,
  type TrackerItem,
} from '@sk-tanaw/contract';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhoto } from '../src/features/tracker/evidence/index.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { manualClock } from '../src/lib/clock.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import {
  api,
  disbursement,
  itemNamed,
  itemOf,
  itemUrl,
  overview,
  postedPlan,
  refusal,
} from './tracker-helpers.ts';

/** The plan year of these tests (the demo posts 2026 and drafts 2027). */
const YEAR = 2028;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

describe.each(DIALECTS)('tracker evidence, reports and public board on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let health: number;
  /** A phone photo: camera and GPS in its EXIF. */
  let photo: Buffer;

  const storedNames = async () => (await t.app.services.storage.list()).map((d) => d.key).sort();
  const staging = () =>
    readdirSync(join(t.dataDir, 'uploads')).filter((name) => name.startsWith('.staging-'));

  function upload(
    session: Session,
    itemId: number,
    file: { fileName: string; content: Buffer } | null,
    fields: Record<string, string> = {},
  ) {
    const body = multipart(fields, file ? { name: 'file', ...file } : undefined);
    return t.app.inject({
      method: 'POST',
      url: itemUrl(itemId, '/evidence'),
      headers: { ...session.headers, ...body.headers },
      payload: body.payload,
    });
  }

  /** Moves the clock to noon of a Manila date and signs the chairperson in again. */
  async function on(date: string): Promise<void> {
    t.clock.set(new Date(`${date}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    chair = await loginAs(t.app, 'SKC', 'SB');
    await postedPlan(t.app, chair, YEAR);
    health = itemNamed(await overview(t.app, chair, YEAR), 'Health caravan').id;
    photo = await demoPhoto({
      width: 800,
      height: 600,
      seed: 7,
      gps: { lat: 14.7089, lon: 121.0336 },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  /** Intents of writes and deletions (common/pending-uploads.ts) still open: none once answered. */
  const openIntents = async () =>
    (await t.app.services.db.selectFrom('pending_uploads').select('stored_name').execute()).map(
      (row) => row.stored_name,
    );

  it('stores a photo without its EXIF data, with a thumbnail, and never keeps the upload', async () => {
    expect(await exifr.gps(photo)).toMatchObject({
      latitude: expect.closeTo(14.7089, 3) as number,
    });
    const before = await storedNames();
    const item = itemOf(
      await upload(
        chair,
        health,
        { fileName: 'venue.jpeg', content: photo },
        {
          caption: 'Venue set up',
          public: 'true',
        },
      ),
    );
    expect(item.evidenceList).toEqual([
      expect.objectContaining({
        kind: 'photo',
        fileName: 'venue.jpg',
        caption: 'Venue set up',
        public: true,
      }),
    ]);
    const row = await t.app.services.db
      .selectFrom('tracker_evidence')
      .selectAll()
      .where('item_id', '=', health)
      .executeTakeFirstOrThrow();
    expect((await storedNames()).filter((n) => !before.includes(n)).sort()).toEqual(
      [row.stored_name, row.thumbnail_name].sort(),
    );
    expect(staging()).toEqual([]);
    // Its intents were settled with the rows.
    expect(await openIntents()).toEqual([]);
    // Read back from the storage: no GPS, no camera.
    const stored = await bytesOf(await t.app.services.storage.open(row.stored_name));
    expect(await exifr.gps(stored)).toBeUndefined();
    expect(await exifr.parse(stored, { tiff: true, gps: true, exif: true })).toBeUndefined();
    expect(row.size_bytes).toBe(stored.length);
    const file = await api(t.app, 'GET', `/api/tracker/evidence/${String(row.id)}/file`, chair);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
    });
    expect(file.headers['content-disposition']).toContain('filename="venue.jpg"');
    expect(file.rawPayload.equals(stored)).toBe(true);
    const thumbnail = await api(
      t.app,
      'GET',
      `/api/tracker/evidence/${String(row.id)}/thumbnail`,
      chair,
    );
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const size = await sharp(thumbnail.rawPayload).metadata();
    expect(Math.max(size.width, size.height)).toBe(320);
    expect(await exifr.gps(thumbnail.rawPayload)).toBeUndefined();
    const [added] = await t.app.services.db
      .selectFrom('audit_log')
      .select(['new_value'])
      .where('action', '=', 'TRACKER_ADD_EVIDENCE')
      .execute();
    expect(JSON.parse(added?.new_value ?? '{}')).toMatchObject({
      fileName: 'venue.jpg',
      public: true,
    });
  });

  it('refuses a text file renamed .jpg with 400 and stores nothing', async () => {
    const before = await storedNames();
    const rows = await t.app.services.db.selectFrom('tracker_evidence').select('id').execute();
    const answer = await upload(chair, health, {
      fileName: 'receipt.jpg',
      content: Buffer.from('just some text, not a photo\n'.repeat(50)),
    });
    expect(answer.statusCode).toBe(400);
    expect(refusal(answer)).toMatchObject({ message: TRACKER_MESSAGES.evidenceType });
    expect(await storedNames()).toEqual(before);
    expect(await t.app.services.db.selectFrom('tracker_evidence').select('id').execute()).toEqual(
      rows,
    );
    expect(staging()).toEqual([]);
    const none = await upload(chair, health, null, { caption: 'x' });
    expect(refusal(none)).toMatchObject({ code: 'TRACKER_NO_FILE' });
  });

  it('keeps PDFs as given, without a thumbnail, and refuses uploads by administrators and other barangays', async () => {
    const pdf = buildSimplePdf('Official receipt', 'OR 12345');
    const item = itemOf(await upload(chair, health, { fileName: 'or.pdf', content: pdf }));
    const entry = item.evidenceList.find((e) => e.kind === 'pdf');
    expect(entry).toMatchObject({ fileName: 'or.pdf', public: false, size: pdf.length });
    const id = String(entry?.id ?? 0);
    const file = await api(t.app, 'GET', `/api/tracker/evidence/${id}/file`, chair);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(
      (await api(t.app, 'GET', `/api/tracker/evidence/${id}/thumbnail`, chair)).statusCode,
    ).toBe(404);
    const before = await storedNames();
    const admin = await loginAs(t.app, 'MA', 'SB');
    const asAdmin = await upload(admin, health, { fileName: 'a.jpg', content: photo });
    expect(asAdmin.statusCode).toBe(403);
    const other = await loginAs(t.app, 'SKC', 'NN');
    expect((await upload(other, health, { fileName: 'a.jpg', content: photo })).statusCode).toBe(
      404,
    );
    expect((await api(t.app, 'GET', `/api/tracker/evidence/${id}/file`, other)).statusCode).toBe(
      404,
    );
    expect(await storedNames()).toEqual(before);
    expect(staging()).toEqual([]);
  });

  it('serves only photos marked public on the public routes', async () => {
    const item = itemOf(await api(t.app, 'GET', itemUrl(health), chair));
    const [publicPhoto, pdf] = item.evidenceList;
    const privatePhoto = itemOf(
      await upload(chair, health, { fileName: 'crowd.jpg', content: photo }, { public: 'false' }),
    ).evidenceList.find((e) => e.fileName === 'crowd.jpg');
    // A PDF marked public is still not a photo.
    itemOf(
      await api(t.app, 'PUT', `/api/tracker/evidence/${String(pdf?.id ?? 0)}`, chair, {
        caption: 'Receipt',
        public: true,
      }),
    );
    const url = (code: string, id: number | undefined, rest = '') =>
      `/api/public/disclosure/${code}/photos/${String(id ?? 0)}${rest}`;
    const shown = await api(t.app, 'GET', url('sb', publicPhoto?.id), null);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(
      (await api(t.app, 'GET', url('SB', publicPhoto?.id, '/thumbnail'), null)).statusCode,
    ).toBe(200);
    for (const refused of [
      url('SB', privatePhoto?.id),
      url('SB', privatePhoto?.id, '/thumbnail'),
      url('SB', pdf?.id),
      url('NN', publicPhoto?.id),
      url('SB', 999_999),
    ]) {
      expect((await api(t.app, 'GET', refused, null)).statusCode, refused).toBe(404);
    }
    // Unmarked, the photo leaves the board.
    itemOf(
      await api(t.app, 'PUT', `/api/tracker/evidence/${String(publicPhoto?.id ?? 0)}`, chair, {
        caption: 'Venue set up',
        public: false,
      }),
    );
    expect((await api(t.app, 'GET', url('SB', publicPhoto?.id), null)).statusCode).toBe(404);
    itemOf(
      await api(t.app, 'PUT', `/api/tracker/evidence/${String(publicPhoto?.id ?? 0)}`, chair, {
        caption: 'Venue set up',
        public: true,
      }),
    );
  });

  it('deletes evidence with its stored files', async () => {
    const item = itemOf(await api(t.app, 'GET', itemUrl(health), chair));
    const crowd = item.evidenceList.find((e) => e.fileName === 'crowd.jpg');
    const row = await t.app.services.db
      .selectFrom('tracker_evidence')
      .selectAll()
      .where('id', '=', crowd?.id ?? 0)
      .executeTakeFirstOrThrow();
    const after = itemOf(
      await api(t.app, 'DELETE', `/api/tracker/evidence/${String(row.id)}`, chair),
    );
    expect(after.evidenceList.map((e) => e.id)).not.toContain(row.id);
    const names = await storedNames();
    expect(names).not.toContain(row.stored_name);
    expect(names).not.toContain(row.thumbnail_name);
    // The removal intents recorded with the deletion went with the files.
    expect(await openIntents()).toEqual([]);
  });

  it('writes the accomplishment report as a workbook and a PDF that hold the totals', async () => {
    // "To date" runs to the period's end or today, whichever comes first. Today is the day of the
    // May payment (none is recorded before it is made).
    await on('2028-05-10');
    const url = (rest: string) => itemUrl(health, rest);
    itemOf(
      await api(t.app, 'POST', url('/disbursements'), chair, disbursement(12_345.67, '2028-02-10')),
    );
    itemOf(
      await api(t.app, 'POST', url('/disbursements'), chair, disbursement(2_500, '2028-05-10')),
    );
    const xlsx = await api(
      t.app,
      'GET',
      `/api/tracker/reports/q1?year=${String(YEAR)}&format=xlsx`,
      chair,
    );
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('SB-2028-Q1-accomplishment-report.xlsx');
    const sheet = await workbook(xlsx.rawPayload);
    const grand = rowWith(sheet, 2, 'GRAND TOTAL');
    // Appropriated (₱70,000 of lines and ₱24,000 of honoraria), disbursed in Q1, disbursed to the
    // end of Q1.
    expect([6, 7, 8].map((c) => formulaOf(grand.getCell(c)).result)).toEqual([
      94_000, 12_345.67, 12_345.67,
    ]);
    const pdf = await api(
      t.app,
      'GET',
      `/api/tracker/reports/year?year=${String(YEAR)}&format=pdf`,
      chair,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const expected of [
      'SK ACCOMPLISHMENT REPORT',
      'Health caravan',
      'GRAND TOTAL',
      'Honoraria of the SK Members (7)',
      formatPlanPeso(94_000),
      formatPlanPeso(14_845.67),
    ]) {
      expect(text).toContain(expected);
    }
    const admin = await loginAs(t.app, 'MA', 'SB');
    expect(
      (await api(t.app, 'GET', `/api/tracker/reports/q2?year=${String(YEAR)}&format=pdf`, admin))
        .statusCode,
    ).toBe(200);
    expect(
      (await api(t.app, 'GET', '/api/tracker/reports/q2?year=2031&format=pdf', chair)).statusCode,
    ).toBe(404);
    expect((await api(t.app, 'GET', '/api/tracker/reports/q5?format=pdf', chair)).statusCode).toBe(
      400,
    );
  });

  it('shows the year on the public board: status, utilisation, public photos and the reports of ended periods', async () => {
    await on('2028-05-01');
    const board = async () => {
      const response = await api(
        t.app,
        'GET',
        `/api/public/disclosure/sb/tracker/${String(YEAR)}`,
        null,
      );
      expect(response.statusCode).toBe(200);
      return response;
    };
    const answer = await board();
    const tracker = answer.json<{ tracker: DisclosureTracker }>().tracker;
    expect(tracker.reports).toEqual(['q1']);
    // The plan's whole total, honoraria included.
    expect(tracker.totals).toEqual({
      appropriated: 94_000,
      disbursed: 14_845.67,
      balance: 79_154.33,
      utilisation: 15.8,
    });
    const item = tracker.items.find((i) => i.ppa === 'Health caravan');
    const chairItem: TrackerItem = itemOf(await api(t.app, 'GET', itemUrl(health), chair));
    const publicPhoto = chairItem.evidenceList.find((e) => e.public && e.kind === 'photo');
    expect(item?.photos).toEqual([{ id: publicPhoto?.id, caption: 'Venue set up' }]);
    expect(tracker.signatories.secretary).toBe('Kristine Ramos');
    // Nothing private: no voucher numbers, no file names, no uploader.
    expect(answer.body).not.toContain('DV-0001');
    expect(answer.body).not.toContain('venue.jpg');
    const report = (period: string) =>
      api(
        t.app,
        'GET',
        `/api/public/disclosure/SB/reports/${String(YEAR)}/${period}?format=xlsx`,
        null,
      );
    expect((await report('q1')).statusCode).toBe(200);
    expect((await report('q2')).statusCode).toBe(404);
    expect((await report('year')).statusCode).toBe(404);
    expect(
      (await api(t.app, 'GET', '/api/public/disclosure/SB/tracker/2031', null)).json(),
    ).toEqual({
      success: true,
      tracker: null,
    });
    await on('2029-01-02');
    expect((await board()).json<{ tracker: DisclosureTracker }>().tracker.reports).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'year',
    ]);
    expect((await report('year')).statusCode).toBe(200);
  });

  it('seeds two photos per barangay without their EXIF, one of them public', async () => {
    const rows = await t.app.services.db
      .selectFrom('tracker_evidence as e')
      .innerJoin('tracker_items as i', 'i.id', 'e.item_id')
      .select(['e.stored_name', 'e.is_public', 'e.barangay_id'])
      .where('i.year', '=', 2026)
      .execute();
    // SB, NN and the eight District 5 barangays of the demo: two photos each.
    const barangays = new Set(rows.map((r) => r.barangay_id));
    expect(barangays.size).toBe(10);
    expect(rows).toHaveLength(2 * barangays.size);
    for (const barangay of barangays) {
      expect(
        rows
          .filter((r) => r.barangay_id === barangay)
          .map((r) => r.is_public)
          .sort(),
      ).toEqual([0, 1]);
    }
    for (const row of rows) {
      const stored = await bytesOf(await t.app.services.storage.open(row.stored_name));
      expect(await exifr.gps(stored)).toBeUndefined();
    }
  });
});
