// Idempotent proposal uploads (common/upload-receipts.ts, projects/submissions.ts): a phone whose
// connection was cut after the server stored a proposal sends it again with the same
// Idempotency-Key, and the server answers the proposal it stored without a second proposal or a
// second document. A key sent again with another file or other words, or for another proposal,
// is refused with 409 IDEMPOTENCY_KEY_REUSED and writes nothing.
import { randomUUID } from 'node:crypto';
import { UPLOAD_MESSAGES, type Project } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { docxBytes, loginAsNewUser, multipart } from './projects-helpers.ts';
import { refusal } from './tracker-helpers.ts';

const pdf = (text: string) => buildSimplePdf(text, `${text} body text.`);

interface Sent {
  title?: string;
  description?: string;
  file?: { fileName: string; content: Buffer } | null;
}

describe.each(DIALECTS)('idempotent proposal uploads on %s', (dialect) => {
  let t: TestApp;
  let sko: Session;
  let otherSko: Session;
  let skc: Session;

  const keyHeader = (key: string | null) => (key === null ? {} : { 'idempotency-key': key });

  function submit(session: Session, key: string | null, sent: Sent = {}) {
    const title = sent.title ?? 'Covered court lights';
    const file =
      sent.file === undefined ? { fileName: 'lights.pdf', content: pdf('Lights') } : sent.file;
    const body = multipart(
      {
        title,
        description: sent.description ?? `${title}: six LED floodlights`,
        userId: String(session.userId),
      },
      file ? { name: 'projectFile', ...file } : undefined,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      headers: { ...session.headers, ...body.headers, ...keyHeader(key) },
      payload: body.payload,
    });
  }

  function resubmit(
    session: Session,
    id: number,
    key: string | null,
    notes: string,
    file: { fileName: string; content: Buffer } | null,
  ) {
    const body = multipart({ notes }, file ? { name: 'projectFile', ...file } : undefined);
    return t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/resubmit`,
      headers: { ...session.headers, ...body.headers, ...keyHeader(key) },
      payload: body.payload,
    });
  }

  const db = () => t.app.services.db;
  const projectsTitled = (title: string) =>
    db().selectFrom('projects').select('id').where('title', '=', title).execute();
  const countOf = async (table: 'projects' | 'project_documents' | 'upload_receipts') =>
    (await db().selectFrom(table).select('id').execute()).length;
  const documentsOf = (projectId: number) =>
    db()
      .selectFrom('project_documents')
      .select(['version', 'stored_name'])
      .where('project_id', '=', projectId)
      .orderBy('version')
      .execute();
  const storedCount = async () => (await t.app.services.storage.list()).length;
  const audits = async (action: string) =>
    (await db().selectFrom('audit_log').select('id').where('action', '=', action).execute()).length;
  /** Rows and stored files together: what "nothing written" compares. */
  const snapshot = async () => ({
    projects: await countOf('projects'),
    documents: await countOf('project_documents'),
    receipts: await countOf('upload_receipts'),
    files: await storedCount(),
    audits: await audits('PROJECT_SUBMITTED'),
    resubmitted: await audits('PROJECT_RESUBMITTED'),
  });

  /** A proposal of `session` sent back for revision by the chair. */
  async function needingRevision(session: Session, title: string): Promise<Project> {
    const answer = await submit(session, null, { title });
    expect(answer.statusCode, answer.body).toBe(200);
    const project = answer.json<{ project: Project }>().project;
    const review = await t.app.inject({
      method: 'PUT',
      url: `/api/projectreview/status/${project.id}`,
      headers: skc.headers,
      payload: { status: 'Revision Requested', remarks: 'Add the quotation' },
    });
    expect(review.statusCode, review.body).toBe(200);
    return project;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [sko, otherSko, skc] = await Promise.all([
      loginAs(t.app, 'SKO', 'SB'),
      loginAsNewUser(t.app, 'SKO', 'SB'),
      loginAs(t.app, 'SKC', 'SB'),
    ]);
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  it('creates one proposal with one stored document for a submission sent twice with one key', async () => {
    const key = randomUUID();
    const before = await snapshot();
    const first = await submit(sko, key, { title: 'Retried proposal' });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await snapshot();
    expect(afterFirst).toEqual({
      projects: before.projects + 1,
      documents: before.documents + 1,
      receipts: before.receipts + 1,
      files: before.files + 1,
      audits: before.audits + 1,
      resubmitted: before.resubmitted,
    });
    // The answer was lost on the way back (after the commit): the phone sends it again.
    const again = await submit(sko, key, { title: 'Retried proposal' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await snapshot()).toEqual(afterFirst);
    const project = first.json<{ project: Project }>().project;
    expect(await projectsTitled('Retried proposal')).toEqual([{ id: project.id }]);
    expect(await documentsOf(project.id)).toHaveLength(1);
    const receipt = await db()
      .selectFrom('upload_receipts')
      .selectAll()
      .where('idempotency_key', '=', key)
      .execute();
    expect(receipt).toEqual([
      expect.objectContaining({
        user_id: sko.userId,
        action: 'projects.submit',
        target_id: null,
        result_id: project.id,
      }),
    ]);
  });

  it('creates one proposal for two attempts sent at once with one key', async () => {
    const key = randomUUID();
    const before = await snapshot();
    const answers = await Promise.all([
      submit(sko, key, { title: 'At once' }),
      submit(sko, key, { title: 'At once' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1].json()).toEqual(answers[0].json());
    expect(await projectsTitled('At once')).toHaveLength(1);
    const after = await snapshot();
    expect(after.documents).toBe(before.documents + 1);
    expect(after.files).toBe(before.files + 1);
  });

  it('answers a repeated submission without a file once too', async () => {
    const key = randomUUID();
    const sent = { title: 'Words only', file: null };
    expect((await submit(sko, key, sent)).statusCode).toBe(200);
    expect((await submit(sko, key, sent)).statusCode).toBe(200);
    expect(await projectsTitled('Words only')).toHaveLength(1);
  });

  it('refuses a key sent again with another file or other words (409) and writes nothing', async () => {
    const key = randomUUID();
    expect((await submit(sko, key, { title: 'Keyed once' })).statusCode).toBe(200);
    const before = await snapshot();

    const otherFile = await submit(sko, key, {
      title: 'Keyed once',
      file: { fileName: 'lights.pdf', content: pdf('Another document') },
    });
    expect(otherFile.statusCode).toBe(409);
    expect(refusal(otherFile)).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: UPLOAD_MESSAGES.keyReused,
    });
    const otherTitle = await submit(sko, key, { title: 'Keyed twice' });
    expect(otherTitle.statusCode).toBe(409);
    expect(refusal(otherTitle).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const noFile = await submit(sko, key, { title: 'Keyed once', file: null });
    expect(noFile.statusCode).toBe(409);

    expect(await snapshot()).toEqual(before);
    expect(await projectsTitled('Keyed twice')).toHaveLength(0);
  });

  it('refuses a malformed key with a clear message and writes nothing', async () => {
    const before = await snapshot();
    for (const bad of ['not a key!', 'short', 'x'.repeat(101)]) {
      const answer = await submit(sko, bad, { title: 'Bad key' });
      expect(answer.statusCode, bad).toBe(400);
      expect(refusal(answer)).toMatchObject({
        code: 'IDEMPOTENCY_KEY_INVALID',
        message: UPLOAD_MESSAGES.keyInvalid,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('creates a proposal for every submission sent without a key, as before', async () => {
    const before = await snapshot();
    expect((await submit(sko, null, { title: 'Unkeyed' })).statusCode).toBe(200);
    expect((await submit(sko, null, { title: 'Unkeyed' })).statusCode).toBe(200);
    expect(await projectsTitled('Unkeyed')).toHaveLength(2);
    const after = await snapshot();
    expect(after.files).toBe(before.files + 2);
    expect(after.receipts).toBe(before.receipts);
  });

  it("keeps one account's key apart from another's", async () => {
    const key = randomUUID();
    expect((await submit(sko, key, { title: 'Shared key' })).statusCode).toBe(200);
    const theirs = await submit(otherSko, key, { title: 'Shared key' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(otherSko.userId).not.toBe(sko.userId);
    expect(await projectsTitled('Shared key')).toHaveLength(2);
  });

  it('stores a revised document once for a resubmission sent twice with one key', async () => {
    const project = await needingRevision(sko, 'Revised once');
    const key = randomUUID();
    const revised = { fileName: 'Revised v2.docx', content: docxBytes() };
    const before = await snapshot();
    const first = await resubmit(sko, project.id, key, 'Quotation attached', revised);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ project: Project }>().project).toMatchObject({
      status: 'Pending Review',
      documentVersion: 2,
    });
    // The first attempt returned the proposal to review; the repeat is answered all the same.
    const again = await resubmit(sko, project.id, key, 'Quotation attached', revised);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await documentsOf(project.id)).map((d) => d.version)).toEqual([1, 2]);
    expect(await snapshot()).toEqual({
      ...before,
      documents: before.documents + 1,
      receipts: before.receipts + 1,
      files: before.files + 1,
      resubmitted: before.resubmitted + 1,
    });
    const history = await db()
      .selectFrom('project_status_history')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    // Submitted, revision requested, resubmitted once.
    expect(history).toHaveLength(3);
  });

  it('refuses a resubmission key reused with another file, other notes or another proposal', async () => {
    const project = await needingRevision(sko, 'Revised with care');
    const other = await needingRevision(sko, 'Another revision');
    const key = randomUUID();
    const revised = { fileName: 'v2.pdf', content: pdf('Version two') };
    expect((await resubmit(sko, project.id, key, 'v2', revised)).statusCode).toBe(200);
    const submitKey = randomUUID();
    expect((await submit(sko, submitKey, { title: 'Key for a new one' })).statusCode).toBe(200);
    const before = { ...(await snapshot()), versions: (await documentsOf(project.id)).length };

    const otherFile = await resubmit(sko, project.id, key, 'v2', {
      fileName: 'v2.pdf',
      content: pdf('Version three'),
    });
    expect(otherFile.statusCode).toBe(409);
    expect(refusal(otherFile).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await resubmit(sko, project.id, key, 'v3', revised)).statusCode).toBe(409);
    const otherProject = await resubmit(sko, other.id, key, 'v2', revised);
    expect(otherProject.statusCode).toBe(409);
    // A submission's key is not a resubmission's either.
    const crossed = await resubmit(sko, other.id, submitKey, 'v2', revised);
    expect(crossed.statusCode).toBe(409);

    expect({ ...(await snapshot()), versions: (await documentsOf(project.id)).length }).toEqual(
      before,
    );
    expect(await documentsOf(other.id)).toHaveLength(1);
    const otherNow = await db()
      .selectFrom('projects')
      .select('status')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(otherNow.status).toBe('Revision Requested');
  });

  it('refuses a malformed key on a resubmission before reading it', async () => {
    const project = await needingRevision(sko, 'Bad key revision');
    const answer = await resubmit(sko, project.id, 'bad key', 'notes', null);
    expect(answer.statusCode).toBe(400);
    expect(refusal(answer).code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await documentsOf(project.id)).toHaveLength(1);
  });
});
