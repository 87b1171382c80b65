// Idempotent evidence uploads (common/upload-receipts.ts): a phone whose connection was cut
// after the server stored a photo sends it again with the same Idempotency-Key, and the server
// answers what the first attempt stored without storing it twice. Keys are per account; a key
// sent again with another file or for another item is refused with 409 IDEMPOTENCY_KEY_REUSED.
import { randomUUID } from 'node:crypto';
import { UPLOAD_MESSAGES, type TrackerItem } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhoto } from '../src/features/tracker/evidence/index.ts';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { itemNamed, itemUrl, overview, postedPlan, refusal } from './tracker-helpers.ts';

const YEAR = 2029;

describe.each(DIALECTS)('idempotent evidence uploads on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let health: number;
  let reading: number;
  let photo: Buffer;
  let otherPhoto: Buffer;

  function upload(
    session: Session,
    itemId: number,
    content: Buffer,
    key: string | null,
    caption = 'Venue',
  ) {
    const body = multipart(
      { caption, public: 'false' },
      { name: 'file', fileName: 'venue.jpg', content },
    );
    return t.app.inject({
      method: 'POST',
      url: itemUrl(itemId, '/evidence'),
      headers: {
        ...session.headers,
        ...body.headers,
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload: body.payload,
    });
  }

  const evidenceRows = (itemId: number) =>
    t.app.services.db
      .selectFrom('tracker_evidence')
      .select(['id', 'uploaded_by'])
      .where('item_id', '=', itemId)
      .orderBy('id')
      .execute();
  const storedCount = async () => (await t.app.services.storage.list()).length;
  const receipts = () =>
    t.app.services.db.selectFrom('upload_receipts').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    await postedPlan(t.app, chair, YEAR);
    const tracker = await overview(t.app, chair, YEAR);
    health = itemNamed(tracker, 'Health caravan').id;
    reading = itemNamed(tracker, 'Reading hub').id;
    photo = await demoPhoto({ width: 320, height: 240, seed: 11, gps: { lat: 14.7, lon: 121.03 } });
    otherPhoto = await demoPhoto({
      width: 320,
      height: 240,
      seed: 12,
      gps: { lat: 14.7, lon: 121.03 },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('stores a photo sent twice with one key once and answers the same both times', async () => {
    const key = randomUUID();
    const filesBefore = await storedCount();
    const first = await upload(chair, health, photo, key);
    expect(first.statusCode, first.body).toBe(200);
    const filesAfterFirst = await storedCount();
    // The photo and its thumbnail.
    expect(filesAfterFirst).toBe(filesBefore + 2);
    // The answer was lost on the way back (after the commit): the phone sends it again.
    const again = await upload(chair, health, photo, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await evidenceRows(health)).toHaveLength(1);
    expect(await storedCount()).toBe(filesAfterFirst);
    const item = again.json<{ item: TrackerItem }>().item;
    expect(item.evidenceList).toHaveLength(1);
    expect(await receipts()).toEqual([
      expect.objectContaining({
        idempotency_key: key,
        action: 'tracker.evidence',
        target_id: health,
        result_id: item.evidenceList[0]?.id,
      }),
    ]);
    // One audit entry: the repeated attempt changed nothing.
    const audits = await t.app.services.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'TRACKER_ADD_EVIDENCE')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('stores two attempts sent at once with one key once', async () => {
    const key = randomUUID();
    const before = (await evidenceRows(reading)).length;
    const answers = await Promise.all([
      upload(chair, reading, otherPhoto, key, 'At once'),
      upload(chair, reading, otherPhoto, key, 'At once'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await evidenceRows(reading)).toHaveLength(before + 1);
  });

  it("keeps one account's key apart from another's", async () => {
    const key = randomUUID();
    const before = (await evidenceRows(health)).length;
    expect((await upload(chair, health, otherPhoto, key)).statusCode).toBe(200);
    const theirs = await upload(official, health, otherPhoto, key);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const rows = await evidenceRows(health);
    expect(rows).toHaveLength(before + 2);
    expect(new Set(rows.slice(-2).map((row) => row.uploaded_by)).size).toBe(2);
  });

  it('refuses a key sent again with another file or for another item (409)', async () => {
    const key = randomUUID();
    expect((await upload(official, health, photo, key)).statusCode).toBe(200);
    const rows = (await evidenceRows(health)).length;
    const files = await storedCount();

    const otherFile = await upload(official, health, otherPhoto, key);
    expect(otherFile.statusCode).toBe(409);
    expect(refusal(otherFile)).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: UPLOAD_MESSAGES.keyReused,
    });
    const otherItem = await upload(official, reading, photo, key);
    expect(otherItem.statusCode).toBe(409);
    expect(refusal(otherItem).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await evidenceRows(health)).toHaveLength(rows);
    expect(await storedCount()).toBe(files);
  });

  it('refuses a malformed key with a clear message and stores nothing', async () => {
    const rows = (await evidenceRows(health)).length;
    const answer = await upload(chair, health, photo, 'not a key!');
    expect(answer.statusCode).toBe(400);
    expect(refusal(answer)).toMatchObject({
      code: 'IDEMPOTENCY_KEY_INVALID',
      message: UPLOAD_MESSAGES.keyInvalid,
    });
    expect(await evidenceRows(health)).toHaveLength(rows);
  });

  it('stores every upload sent without a key, as before', async () => {
    const rows = (await evidenceRows(reading)).length;
    expect((await upload(chair, reading, photo, null)).statusCode).toBe(200);
    expect((await upload(chair, reading, photo, null)).statusCode).toBe(200);
    expect(await evidenceRows(reading)).toHaveLength(rows + 2);
  });
});
