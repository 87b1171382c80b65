// Each upload route cuts its file at its own limit while the body streams: the
// server's UPLOAD_MAX_MB is only the ceiling of routes without a smaller limit of their own.
import { readdirSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import {
  EVIDENCE_MAX_BYTES,
  PLAN_MESSAGES,
  PLAN_RESOLUTION_MAX_BYTES,
  TRACKER_MESSAGES,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { itemNamed, itemUrl, overview, postedPlan } from './tracker-helpers.ts';

const BOUNDARY = '----tanawSizeTest';

interface Answer {
  status: number;
  body: { code?: string; message?: string };
  /** Whether the client still had the end of the body to send when the answer came. */
  beforeBodyEnd: boolean;
}

/**
 * Posts a multipart body whose file part holds `fileBytes` bytes, then waits (up to `waitMs`)
 * for an answer before it sends the part's closing boundary: a server that reads the whole
 * file before refusing it answers only after the end, one that cuts it at the limit before.
 */
function postHoldingTheEnd(
  port: number,
  url: string,
  session: Session,
  fields: Record<string, string>,
  fileField: string,
  fileBytes: number,
  waitMs = 5_000,
): Promise<Answer> {
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const file = Buffer.alloc(fileBytes, 0x41);
  return new Promise((resolve, reject) => {
    let endSent = false;
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: url,
      headers: {
        ...session.headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + file.length + tail.length),
      },
    });
    const timer = setTimeout(() => {
      endSent = true;
      req.end(tail);
    }, waitMs);
    req.on('response', (response: IncomingMessage) => {
      const beforeBodyEnd = !endSent;
      clearTimeout(timer);
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        req.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), beforeBodyEnd });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.write(head);
    req.write(file);
  });
}

describe.each(DIALECTS)('upload size limits on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let port: number;

  const staging = () =>
    readdirSync(join(t.dataDir, 'uploads')).filter((name) => name.startsWith('.staging-'));
  const stored = async () => (await t.app.services.storage.list()).map((d) => d.key);
  const openIntents = () => t.app.services.db.selectFrom('pending_uploads').select('id').execute();

  beforeAll(async () => {
    // The server-wide ceiling is twice the evidence limit.
    t = await createTestApp(dialect, { env: { UPLOAD_MAX_MB: '20' } });
    chair = await loginAs(t.app, 'SKC', 'SB');
    await postedPlan(t.app, chair, 2028);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('cuts evidence at 10 MB while it streams, with the evidence message, storing nothing', async () => {
    expect(t.config.uploadMaxBytes).toBe(20 * 1024 * 1024);
    const item = itemNamed(await overview(t.app, chair, 2028), 'Health caravan').id;
    const before = await stored();
    const answer = await postHoldingTheEnd(
      port,
      itemUrl(item, '/evidence'),
      chair,
      { caption: 'Too big' },
      'file',
      EVIDENCE_MAX_BYTES + 1,
    );
    expect(answer).toEqual({
      status: 413,
      body: expect.objectContaining({
        code: 'TRACKER_EVIDENCE_TOO_LARGE',
        message: TRACKER_MESSAGES.evidenceTooLarge(10),
      }) as unknown,
      // Refused once the limit was passed, not after the whole body came.
      beforeBodyEnd: true,
    });
    expect(staging()).toEqual([]);
    expect(await stored()).toEqual(before);
    expect(await openIntents()).toEqual([]);
    const rows = await t.app.services.db
      .selectFrom('tracker_evidence')
      .select('id')
      .where('item_id', '=', item)
      .execute();
    expect(rows).toEqual([]);
  }, 120_000);

  it('cuts a signed resolution at its own 10 MB, with the resolution message', async () => {
    const plan = await createPlan(t.app, chair, 2029);
    const before = await stored();
    const answer = await postHoldingTheEnd(
      port,
      `/api/budget-plans/${String(plan.id)}/approve`,
      chair,
      { resolutionNumber: 'SK-2029-01', approvedOn: '2028-12-01' },
      'file',
      PLAN_RESOLUTION_MAX_BYTES + 1,
    );
    expect(answer).toEqual({
      status: 413,
      body: expect.objectContaining({
        code: 'PLAN_RESOLUTION_TOO_LARGE',
        message: PLAN_MESSAGES.resolutionTooLarge(10),
      }) as unknown,
      beforeBodyEnd: true,
    });
    expect(staging()).toEqual([]);
    expect(await stored()).toEqual(before);
    expect(await openIntents()).toEqual([]);
  }, 120_000);
});
