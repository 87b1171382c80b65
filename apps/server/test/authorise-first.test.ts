import { connect } from 'node:net';
import {
  AUTH_MESSAGES,
  PLAN_MESSAGES,
  PROJECT_MESSAGES,
  TRACKER_MESSAGES,
  createBackupEndpoint,
  installBackupEndpoint,
  type BudgetPlan,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, getPlan, saveBody } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

/**
 * The caller is checked before the body is read (plugins/auth.ts, `onRequest`): who signed in,
 * the role the route needs and the row the URL names answer with the route's own 401, 403 or 404
 * whatever the body, and the answers to whole bodies stay as they were.
 */

const BROKEN = '{"version": 1, "lines": [';
const BOUNDARY = 'authorise-first';

/** Sends the head and the first part of a body far larger than that, and waits for the answer. */
function answerBeforeBody(port: number, head: string, start: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(start);
    });
    socket.setEncoding('utf8');
    socket.once('data', (text: string) => {
      socket.destroy();
      resolve(text);
    });
    socket.on('error', reject);
  });
}

describe.each(DIALECTS)('authorising before the body is read on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let admin: Session;
  let official: Session;
  let otherChair: Session;
  let otherOfficial: Session;
  let draft: BudgetPlan;
  const ids = { item: 0, checkpoint: 0, disbursement: 0, evidence: 0, project: 0 };

  const send = (
    method: 'POST' | 'PUT',
    url: string,
    session: Session | null,
    payload: string,
    type = 'application/json',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(session?.headers ?? {}), 'content-type': type },
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    admin = await loginAs(t.app, 'MA', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    otherChair = await loginAs(t.app, 'SKC', 'NN');
    otherOfficial = await loginAs(t.app, 'SKO', 'NN');
    const db = t.app.services.db;
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    const firstOf = async (
      table:
        | 'tracker_items'
        | 'tracker_checkpoints'
        | 'tracker_disbursements'
        | 'tracker_evidence'
        | 'projects'
        | 'budget_plans',
      status?: string,
    ) =>
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('barangay_id', '=', sb.id)
          .$if(status !== undefined, (q) => q.where('status' as never, '=', status as never))
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.item = await firstOf('tracker_items');
    ids.checkpoint = await firstOf('tracker_checkpoints');
    ids.disbursement = await firstOf('tracker_disbursements');
    ids.evidence = await firstOf('tracker_evidence');
    ids.project = await firstOf('projects');
    draft = await getPlan(t.app, official, await firstOf('budget_plans', 'draft'));
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers a refused caller as it answers a whole body, before any 400', async () => {
    const planUrl = `/api/budget-plans/${String(draft.id)}`;
    const whole = await call(t.app, 'PUT', planUrl, admin, saveBody(draft));
    const broken = await send('PUT', planUrl, admin, BROKEN);
    const forbidden = { code: 'PLAN_FORBIDDEN', message: PLAN_MESSAGES.forbidden };
    expect([whole.statusCode, broken.statusCode]).toEqual([403, 403]);
    expect(whole.json()).toMatchObject(forbidden);
    expect(broken.json()).toMatchObject(forbidden);

    const cases: [string, 'POST' | 'PUT', string, Session | null, number, object][] = [
      ['unsigned', 'PUT', planUrl, null, 401, { message: AUTH_MESSAGES.authRequired }],
      ['create, administrator', 'POST', '/api/budget-plans', admin, 403, forbidden],
      [
        'approve, official',
        'POST',
        `${planUrl}/approve`,
        official,
        403,
        { code: 'PLAN_CHAIR_ONLY', message: PLAN_MESSAGES.chairOnly },
      ],
      [
        'save, another barangay',
        'PUT',
        planUrl,
        otherOfficial,
        404,
        { code: 'PLAN_NOT_FOUND', message: PLAN_MESSAGES.notFound },
      ],
      [
        'revise, another barangay',
        'POST',
        `${planUrl}/revise`,
        otherChair,
        404,
        { code: 'PLAN_NOT_FOUND' },
      ],
      [
        'tracker item, administrator',
        'PUT',
        `/api/tracker/items/${String(ids.item)}`,
        admin,
        403,
        { code: 'TRACKER_FORBIDDEN', message: TRACKER_MESSAGES.forbidden },
      ],
      [
        'tracker item, another barangay',
        'PUT',
        `/api/tracker/items/${String(ids.item)}`,
        otherOfficial,
        404,
        { code: 'TRACKER_ITEM_NOT_FOUND', message: TRACKER_MESSAGES.itemNotFound },
      ],
      [
        'checkpoint, another barangay',
        'PUT',
        `/api/tracker/checkpoints/${String(ids.checkpoint)}`,
        otherOfficial,
        404,
        { code: 'TRACKER_CHECKPOINT_NOT_FOUND' },
      ],
      [
        'disbursement, another barangay',
        'PUT',
        `/api/tracker/disbursements/${String(ids.disbursement)}`,
        otherChair,
        404,
        { code: 'TRACKER_DISBURSEMENT_NOT_FOUND' },
      ],
      [
        'evidence, another barangay',
        'PUT',
        `/api/tracker/evidence/${String(ids.evidence)}`,
        otherChair,
        404,
        { code: 'TRACKER_EVIDENCE_NOT_FOUND' },
      ],
      [
        'project review, another barangay',
        'PUT',
        `/api/projectreview/status/${String(ids.project)}`,
        otherChair,
        404,
        { message: PROJECT_MESSAGES.notFound },
      ],
      [
        'project review, official',
        'PUT',
        `/api/projectreview/status/${String(ids.project)}`,
        official,
        403,
        { message: AUTH_MESSAGES.forbidden },
      ],
    ];
    for (const [name, method, url, session, status, body] of cases) {
      const response = await send(method, url, session, BROKEN);
      expect(response.statusCode, name).toBe(status);
      expect(response.json(), name).toMatchObject({ success: false, ...body });
    }
    // Backups hold every barangay: another barangay's administrator is refused before the body.
    const otherAdmin = await loginAs(t.app, 'SA', 'NN');
    for (const url of [installBackupEndpoint.path, createBackupEndpoint.path]) {
      const response = await send('POST', url, otherAdmin, BROKEN);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({ code: 'NOT_INSTALL_ADMIN' });
    }
    // An id no row can have is not a resource: the caller passes, validation answers.
    const badId = await send('PUT', '/api/budget-plans/abc', official, BROKEN);
    expect(badId.statusCode).toBe(400);
    // The caller's own row, with a broken body: now the body is read, and refused.
    const own = await send('PUT', planUrl, official, BROKEN);
    expect(own.statusCode).toBe(400);
  });

  it("answers another barangay's row in the URL before reading a body a route does not take", async () => {
    const otherAdmin = await loginAs(t.app, 'SA', 'NN');
    const sbOfficial = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'sb.official')
      .executeTakeFirstOrThrow();
    const cases: [string, 'POST' | 'DELETE', string, Session, string][] = [
      [
        'post a plan',
        'POST',
        `/api/budget-plans/${String(draft.id)}/post`,
        otherChair,
        'PLAN_NOT_FOUND',
      ],
      [
        'delete a checkpoint',
        'DELETE',
        `/api/tracker/checkpoints/${String(ids.checkpoint)}`,
        otherOfficial,
        'TRACKER_CHECKPOINT_NOT_FOUND',
      ],
      [
        'archive an account',
        'POST',
        `/api/admin/archive/accounts/${String(sbOfficial.id)}`,
        otherAdmin,
        'USER_NOT_FOUND',
      ],
      [
        'restore an account',
        'POST',
        `/api/admin/archive/accounts/restore/${String(sbOfficial.id)}`,
        otherAdmin,
        'USER_NOT_FOUND',
      ],
      [
        'archive a project',
        'POST',
        `/api/admin/proj-archive/${String(ids.project)}`,
        otherAdmin,
        'PROJECT_NOT_FOUND',
      ],
      [
        'restore a project',
        'POST',
        `/api/admin/proj-archive/restore/${String(ids.project)}`,
        otherAdmin,
        'PROJECT_NOT_FOUND',
      ],
    ];
    for (const [name, method, url, session, code] of cases) {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...session.headers, 'content-type': 'application/json' },
        payload: BROKEN,
      });
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toMatchObject({ success: false, code });
    }
  });

  it('refuses an upload before its stream is read', async () => {
    const start =
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      `content-type: application/pdf\r\n\r\n%PDF-1.4\n${'x'.repeat(4096)}`;
    const head = (url: string, session: Session | null) =>
      [
        `POST ${url} HTTP/1.1`,
        'Host: localhost',
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        // Far more than is ever sent: an answer proves the server did not wait for it.
        `Content-Length: ${String(64 * 1024 * 1024)}`,
        ...(session ? [`Authorization: ${session.headers.authorization ?? ''}`] : []),
        ...(session ? [`Cookie: ${session.cookie}`] : []),
        '',
        '',
      ].join('\r\n');
    const evidence = `/api/tracker/items/${String(ids.item)}/evidence`;
    const resubmit = `/api/projects/${String(ids.project)}/resubmit`;
    for (const [url, session, status] of [
      [evidence, null, 401],
      ['/api/projects/submit', null, 401],
      ['/api/rawdata/upload', null, 401],
      [evidence, admin, 403],
      [evidence, otherOfficial, 404],
      [resubmit, otherOfficial, 404],
      [`/api/budget-plans/${String(draft.id)}/approve`, official, 403],
    ] as const) {
      const answer = await answerBeforeBody(port, head(url, session), start);
      expect(answer, `${url} ${String(status)}`).toMatch(
        new RegExp(`^HTTP/1\\.1 ${String(status)} `),
      );
    }
  });
});
