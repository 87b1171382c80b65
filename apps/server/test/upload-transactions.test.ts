// Objects are written to storage before, never inside, the transaction of their rows: a
// slow bucket must not hold a pooled connection (PostgreSQL: 10, 5 s wait), SQLite's
// one connection, or the row lock of the item or plan, for the length of an upload.
import type { Readable } from 'node:stream';
import { PLAN_MESSAGES, type TrackerItem } from '@sk-tanaw/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import type { DocumentStorage, StagedFile } from '../src/lib/files/storage.ts';
import { approve, call, getPlan, passingPlan, saveBody } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { itemNamed, itemOf, itemUrl, overview, postedPlan } from './tracker-helpers.ts';

/** More uploads in flight than PostgreSQL's pool has connections. */
const IN_FLIGHT = 10;
/** What another request may take while those are in flight (the pool waits 5 s). */
const QUICK_MS = 2_000;

interface HeldStorage {
  /** Resolves once `count` writes are waiting; rejects after `ms`. */
  waiting(count: number, ms?: number): Promise<void>;
  /** Lets every write that waits (and every later one) go on. */
  release(): void;
}

/**
 * Makes the storage's first `holding` writes wait until released (a bucket that takes its time);
 * later ones go through.
 */
function holdWrites(storage: DocumentStorage, holding = Infinity): HeldStorage {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let arrived = 0;
  const hold = async () => {
    arrived += 1;
    if (arrived <= holding) {
      await gate;
    }
  };
  const write = storage.write.bind(storage);
  const commit = storage.commit.bind(storage);
  storage.write = async (key: string, source: Readable) => {
    await hold();
    return write(key, source);
  };
  storage.commit = async (staged: StagedFile, key: string) => {
    await hold();
    return commit(staged, key);
  };
  return {
    async waiting(count, ms = 5_000) {
      const until = Date.now() + ms;
      while (arrived < count) {
        if (Date.now() > until) {
          throw new Error(`${String(arrived)} of ${String(count)} writes reached the storage`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    release() {
      open();
      storage.write = write;
      storage.commit = commit;
    },
  };
}

/** The answer of `pending`, or 'timed out' when it takes longer than QUICK_MS. */
async function quickly<T>(pending: Promise<T>): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), QUICK_MS);
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}

const statusOf = (answer: LightMyRequestResponse | 'timed out') =>
  answer === 'timed out' ? answer : answer.statusCode;

describe.each(DIALECTS)('uploads outside database transactions on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;

  const openIntents = () => t.app.services.db.selectFrom('pending_uploads').select('id').execute();
  const stored = async () => (await t.app.services.storage.list()).map((d) => d.key);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    await postedPlan(t.app, chair, 2028);
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  function uploadEvidence(itemId: number, fileName: string) {
    const body = multipart(
      { caption: fileName },
      { name: 'file', fileName, content: buildSimplePdf(fileName, 'Evidence') },
    );
    return t.app.inject({
      method: 'POST',
      url: itemUrl(itemId, '/evidence'),
      headers: { ...chair.headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('keeps answering, and lets the item change, while evidence uploads wait on the storage', async () => {
    const health = itemNamed(await overview(t.app, chair, 2028), 'Health caravan').id;
    const first = itemOf(await uploadEvidence(health, 'first.pdf')).evidenceList[0];
    const held = holdWrites(t.app.services.storage);
    let uploads: Promise<LightMyRequestResponse>[] = [];
    let meanwhile: LightMyRequestResponse | 'timed out';
    try {
      uploads = Array.from({ length: IN_FLIGHT }, (_, i) =>
        uploadEvidence(health, `slow-${String(i)}.pdf`),
      );
      await held.waiting(IN_FLIGHT);
      // A change of the same item (its row locked) and a read, while every upload waits.
      meanwhile = await quickly(
        t.app.inject({
          method: 'PUT',
          url: `/api/tracker/evidence/${String(first?.id)}`,
          headers: chair.headers,
          payload: { caption: 'Changed meanwhile', public: false },
        }),
      );
      expect(statusOf(meanwhile)).toBe(200);
      expect(
        statusOf(await quickly(t.app.inject({ url: itemUrl(health), headers: chair.headers }))),
      ).toBe(200);
    } finally {
      held.release();
    }
    const answers = await Promise.all(uploads);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(IN_FLIGHT).fill(200));
    const item = (await t.app.inject({ url: itemUrl(health), headers: chair.headers })).json<{
      item: TrackerItem;
    }>().item;
    expect(item.evidenceList).toHaveLength(IN_FLIGHT + 1);
    expect(item.evidenceList.find((e) => e.id === first?.id)?.caption).toBe('Changed meanwhile');
    const names = await t.app.services.db
      .selectFrom('tracker_evidence')
      .select('stored_name')
      .where('item_id', '=', health)
      .execute();
    const keys = await stored();
    expect(names.every((row) => keys.includes(row.stored_name))).toBe(true);
    expect(await openIntents()).toEqual([]);
  }, 120_000);

  it('lets the plan change while its signed resolution is being stored; the approval that lost stores nothing', async () => {
    const plan = await passingPlan(t.app, chair, 2030);
    const before = await stored();
    const held = holdWrites(t.app.services.storage);
    const form = multipart(
      { resolutionNumber: 'SK Res. No. 9', approvedOn: '2026-10-20' },
      {
        name: 'file',
        fileName: 'Resolution 9.pdf',
        content: buildSimplePdf('Resolution', 'No. 9'),
      },
    );
    let withFile: Promise<LightMyRequestResponse> | undefined;
    try {
      withFile = t.app.inject({
        method: 'POST',
        url: `/api/budget-plans/${String(plan.id)}/approve`,
        headers: { ...chair.headers, ...form.headers },
        payload: form.payload,
      });
      await held.waiting(1);
      // The plan's row is written twice meanwhile: saved, then approved without a file.
      const saved = await quickly(
        call(t.app, 'PUT', `/api/budget-plans/${String(plan.id)}`, chair, saveBody(plan, {})),
      );
      expect(statusOf(saved)).toBe(200);
      expect(statusOf(await quickly(approve(t.app, chair, plan.id, 'SK Res. No. 10')))).toBe(200);
    } finally {
      held.release();
    }
    const refused = await withFile;
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_NOT_DRAFT',
      message: PLAN_MESSAGES.notDraft,
    });
    expect(await getPlan(t.app, chair, plan.id)).toMatchObject({
      status: 'approved',
      approval: { resolutionNumber: 'SK Res. No. 10', hasResolutionFile: false },
    });
    // The file stored before the transaction went again, with its intent.
    expect(await stored()).toEqual(before);
    expect(await openIntents()).toEqual([]);
  }, 120_000);

  it('numbers and stores another project while a submitted document is being stored', async () => {
    const official = await loginAs(t.app, 'SKO', 'SB');
    const submit = (title: string) => {
      const body = multipart(
        { title, description: `${title} description`, userId: String(official.userId) },
        { name: 'projectFile', fileName: `${title}.pdf`, content: buildSimplePdf(title, 'Plan') },
      );
      return t.app.inject({
        method: 'POST',
        url: '/api/projects/submit',
        headers: { ...official.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const held = holdWrites(t.app.services.storage, 1);
    let slow: Promise<LightMyRequestResponse> | undefined;
    try {
      slow = submit('Slow upload');
      await held.waiting(1);
      // Numbered under the same lock as the slow one, whose document is still on its way.
      expect(statusOf(await quickly(submit('Quick upload')))).toBe(200);
    } finally {
      held.release();
    }
    expect((await slow).statusCode).toBe(200);
    const rows = await t.app.services.db
      .selectFrom('project_documents')
      .select('stored_name')
      .execute();
    const keys = await stored();
    expect(rows.every((row) => keys.includes(row.stored_name))).toBe(true);
    expect(await openIntents()).toEqual([]);
  }, 120_000);

  it('refuses to commit an upload whose intent another process swept meanwhile', async () => {
    const reading = itemNamed(
      await overview(t.app, chair, 2028),
      'Mandatory training of SK officials',
    ).id;
    const before = await stored();
    const held = holdWrites(t.app.services.storage);
    let upload: Promise<LightMyRequestResponse> | undefined;
    try {
      upload = uploadEvidence(reading, 'swept.pdf');
      await held.waiting(1);
      // What the sweep of another process does with an intent older than its grace.
      await t.app.services.db.deleteFrom('pending_uploads').execute();
    } finally {
      held.release();
    }
    expect((await upload).statusCode).toBe(500);
    const rows = await t.app.services.db
      .selectFrom('tracker_evidence')
      .select('id')
      .where('item_id', '=', reading)
      .execute();
    expect(rows).toEqual([]);
    expect(await stored()).toEqual(before);
  }, 120_000);
});
