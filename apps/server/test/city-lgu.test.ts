import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CityProposalsResponse, Project, ProjectHistoryEntry } from '@sk-tanaw/contract';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import {
  DIALECTS,
  createTestApp,
  login,
  loginAs,
  startSmtpCapture,
  type Session,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { addCityAccounts } from './registry-helpers.ts';

// The LGU steps of proposals, decided by the city's youth development officer
// through the chair's own call, PUT /api/projectreview/status/:id.

describe.each(DIALECTS)('LGU steps of proposals on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let sko: Session;
  let skc: Session;
  let ydo: Session;
  let budget: Session;
  let makatiYdo: Session;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, {
      env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' },
    });
    [sko, skc, ydo, budget] = await Promise.all([
      loginAs(t.app, 'SKO', 'SB'),
      loginAs(t.app, 'SKC', 'SB'),
      login(t.app, 'qc.ydo'),
      login(t.app, 'qc.budget'),
    ]);
    const [name] = await addCityAccounts(t.app.services.db, 'City of Makati', 'MKT', 'mkt', [
      'CYDO',
    ]);
    makatiYdo = await login(t.app, name ?? '', DEMO_PASSWORD, 'City of Makati');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const setStatus = (id: number, as: Session, status: string, remarks?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/projectreview/status/${String(id)}`,
      headers: as.headers,
      payload: { status, remarks },
    });

  async function propose(title: string): Promise<Project> {
    const body = multipart(
      { title, description: `${title} description`, userId: String(sko.userId) },
      { name: 'projectFile', fileName: `${title}.pdf`, content: buildSimplePdf(title, 'Body.') },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: body.payload,
      headers: { ...sko.headers, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ project: Project }>().project;
  }

  /** A new proposal the chair has sent to the LGU. */
  async function atLgu(title: string): Promise<Project> {
    const project = await propose(title);
    expect((await setStatus(project.id, skc, 'Submitted to LGU')).statusCode).toBe(200);
    return project;
  }

  const queue = async (as: Session, status?: string) => {
    const url = `/api/city/proposals${status ? `?status=${encodeURIComponent(status)}` : ''}`;
    return t.app.inject({ method: 'GET', url, headers: as.headers });
  };

  it('lets the CYDO set each LGU decision, with history, audit and a mail to the proposer', async () => {
    for (const status of ['LGU Revision Requested', 'LGU Approval', 'LGU Rejected']) {
      const project = await atLgu(`Youth ${status}`);
      const waiting = (await queue(ydo, 'Submitted to LGU')).json<CityProposalsResponse>();
      expect(waiting.proposals.map((p) => p.id)).toContain(project.id);
      expect(waiting.proposals.find((p) => p.id === project.id)?.barangay.code).toBe('SB');

      const remarks = `City remarks for ${status}`;
      const response = await setStatus(project.id, ydo, status, remarks);
      expect(response.statusCode, response.body).toBe(200);

      // The proposer sees it as any status: list, history, mail.
      const mine = (
        await t.app.inject({
          method: 'GET',
          url: `/api/projects/user/${String(sko.userId)}`,
          headers: sko.headers,
        })
      ).json<{ projects: Project[] }>();
      expect(mine.projects.find((p) => p.id === project.id)).toMatchObject({
        status,
        remarks,
        reviewedBy: 'Enrique Lualhati',
      });
      const history = (
        await t.app.inject({
          method: 'GET',
          url: `/api/projects/${String(project.id)}/history`,
          headers: sko.headers,
        })
      ).json<{ history: ProjectHistoryEntry[] }>().history;
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'Submitted to LGU',
        toStatus: status,
        remarks,
      });
      const mail = await smtp.waitFor(
        (m) => m.subject.includes(project.referenceNumber) && m.text.includes(remarks),
      );
      expect(mail.to).toEqual(['sb.official.demo@gmail.com']);
      expect(mail.text).toContain(status);
      expect(mail.text).toContain('Enrique Lualhati');

      const audit = await t.app.services.db
        .selectFrom('audit_log as a')
        .innerJoin('barangays as b', 'b.id', 'a.barangay_id')
        .select(['a.user_id', 'a.username', 'a.description', 'a.new_value', 'b.code'])
        .where('a.action', '=', 'PROJECT_STATUS_CHANGED')
        .orderBy('a.id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ user_id: ydo.userId, username: 'qc.ydo', code: 'SB' });
      expect(audit.description).toContain(project.referenceNumber);
      expect(JSON.parse(audit.new_value ?? '{}')).toMatchObject({ status, remarks });

      const decided = (await queue(ydo, status)).json<CityProposalsResponse>();
      expect(decided.proposals.map((p) => p.id)).toContain(project.id);
      expect(
        (await queue(ydo, 'Submitted to LGU'))
          .json<CityProposalsResponse>()
          .proposals.map((p) => p.id),
      ).not.toContain(project.id);
    }
  });

  it('refuses the CYDO other statuses (403), and a proposal not at the LGU step', async () => {
    const project = await atLgu('Not a city status');
    for (const status of ['Proposal Accepted', 'Pending Review', 'Submitted to LGU']) {
      const response = await setStatus(project.id, ydo, status);
      expect(response.statusCode, status).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('LGU_DECISION_ONLY');
    }
    const early = await propose('Still pending');
    const response = await setStatus(early.id, ydo, 'LGU Approval');
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('LGU_DECISION_ONLY');
    // Other city roles may not decide at all, before the body is read.
    const refused = await setStatus(project.id, budget, 'LGU Approval');
    expect(refused.statusCode).toBe(403);
    const row = await t.app.services.db
      .selectFrom('projects')
      .select('status')
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Submitted to LGU');
  });

  it("holds the city's decision: the chair cannot undo or requeue it; the CYDO reopens it, audited", async () => {
    const { db } = t.app.services;
    const statusOf = async (id: number) =>
      (
        await db
          .selectFrom('projects')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    const rejected = await atLgu('Decided by the city');
    expect((await setStatus(rejected.id, ydo, 'LGU Rejected', 'Not in the PYDP')).statusCode).toBe(
      200,
    );
    // Neither a barangay step nor the LGU queue again, nor another decision.
    for (const status of [
      'Proposal Accepted',
      'Pending Review',
      'Submitted to LGU',
      'LGU Approval',
    ]) {
      const refused = await setStatus(rejected.id, skc, status);
      expect(refused.statusCode, status).toBe(403);
      expect(refused.json<{ code: string; message: string }>()).toMatchObject({
        code: 'LGU_DECIDED',
        message: expect.stringContaining('LGU Rejected'),
      });
    }
    expect(await statusOf(rejected.id)).toBe('LGU Rejected');

    // The city reopens it (only to the LGU queue), audited as a reopening, then decides again.
    expect((await setStatus(rejected.id, ydo, 'Proposal Accepted')).statusCode).toBe(403);
    const reopened = await setStatus(rejected.id, ydo, 'Submitted to LGU', 'Reopened on appeal');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await statusOf(rejected.id)).toBe('Submitted to LGU');
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'username', 'description'])
      .where('action', '=', 'PROJECT_LGU_REOPENED')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.username).toBe('qc.ydo');
    expect(audit.description).toContain(rejected.referenceNumber);
    expect(audit.description).toContain('LGU Rejected');
    expect((await setStatus(rejected.id, ydo, 'LGU Approval')).statusCode).toBe(200);
    expect((await setStatus(rejected.id, skc, 'In Compilation')).statusCode).toBe(403);

    // A revision request holds too: the proposer's revised document starts the review again.
    const revise = await atLgu('Revise for the city');
    expect((await setStatus(revise.id, ydo, 'LGU Revision Requested')).statusCode).toBe(200);
    expect((await setStatus(revise.id, skc, 'Submitted to LGU')).statusCode).toBe(403);
    const body = multipart(
      { title: 'Revise for the city', description: 'Revised', userId: String(sko.userId) },
      { name: 'projectFile', fileName: 'revised.pdf', content: buildSimplePdf('Revised', 'Body.') },
    );
    const resubmitted = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${String(revise.id)}/resubmit`,
      payload: body.payload,
      headers: { ...sko.headers, ...body.headers },
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(await statusOf(revise.id)).toBe('Pending Review');
    expect((await setStatus(revise.id, skc, 'Submitted to LGU')).statusCode).toBe(200);
  });

  it("answers 404 to another city's CYDO, and to a missing proposal", async () => {
    const project = await atLgu('Quezon City only');
    const response = await setStatus(project.id, makatiYdo, 'LGU Approval');
    expect(response.statusCode).toBe(404);
    expect((await setStatus(999_999, ydo, 'LGU Approval')).statusCode).toBe(404);
    const other = (await queue(makatiYdo)).json<CityProposalsResponse>();
    expect(other.proposals).toEqual([]);
    // Authorise before parsing: a refused caller never gets a 400 for a bad body.
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/projectreview/status/${String(project.id)}`,
      headers: makatiYdo.headers,
      payload: { status: 'Nonsense' },
    });
    expect(bad.statusCode).toBe(404);
  });

  it('refuses the chair the LGU decisions while the city has a CYDO, allows them without', async () => {
    const project = await atLgu('Chair and city');
    const refused = await setStatus(project.id, skc, 'LGU Approval');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: 'CITY_DECIDES_LGU',
      message: expect.stringContaining('youth development officer'),
    });
    // Other statuses stay the chair's.
    expect((await setStatus(project.id, skc, 'In Compilation')).statusCode).toBe(200);
    expect((await setStatus(project.id, skc, 'Submitted to LGU')).statusCode).toBe(200);

    const { db } = t.app.services;
    await db
      .updateTable('users')
      .set({ is_archived: 1 })
      .where('username_key', '=', 'qc.ydo')
      .execute();
    try {
      const allowed = await setStatus(project.id, skc, 'LGU Approval', 'Recorded by the chair');
      expect(allowed.statusCode, allowed.body).toBe(200);
    } finally {
      await db
        .updateTable('users')
        .set({ is_archived: 0 })
        .where('username_key', '=', 'qc.ydo')
        .execute();
    }
  });

  it('lets CYDO, CA and SKF read the queue, not the budget officer nor a council', async () => {
    for (const name of ['qc.admin', 'qc.federation']) {
      expect((await queue(await login(t.app, name))).statusCode).toBe(200);
    }
    expect((await queue(budget)).statusCode).toBe(403);
    expect((await queue(skc)).statusCode).toBe(403);
    expect((await queue(ydo, 'Pending Review')).statusCode).toBe(400);
  });
});
