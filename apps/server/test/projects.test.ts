import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROJECT_MESSAGES,
  PROJECT_STATUSES,
  fileNameOfLocation,
  type Project,
} from '@sk-tanaw/contract';
import { minutes } from '../src/lib/clock.ts';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import {
  DIALECTS,
  createTestApp,
  loginAs,
  startSmtpCapture,
  type Session,
  type SmtpCapture,
  type TestApp,
} from './helpers.ts';
import { docBytes, docxBytes, loginAsNewUser, multipart, zip } from './projects-helpers.ts';

const pdf = (text = 'Proposal') => buildSimplePdf(text, `${text} body text.`);

describe.each(DIALECTS)('project proposals and review on %s', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let sko: Session;
  let skc: Session;
  let ma: Session;
  let nnSko: Session;
  let nnSkc: Session;
  let nnSa: Session;
  let noRole: Session;
  let otherSko: Session;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, { env: { SMTP_URL: smtp.url } });
    [sko, skc, ma, nnSko, nnSkc, nnSa] = await Promise.all([
      loginAs(t.app, 'SKO', 'SB'),
      loginAs(t.app, 'SKC', 'SB'),
      loginAs(t.app, 'MA', 'SB'),
      loginAs(t.app, 'SKO', 'NN'),
      loginAs(t.app, 'SKC', 'NN'),
      loginAs(t.app, 'SA', 'NN'),
    ]);
    // The chair records the city's LGU decisions only where the city has no youth development
    // officer account (city-lgu.test.ts): here the demo city's is archived.
    await t.app.services.db
      .updateTable('users')
      .set({ is_archived: 1 })
      .where('username_key', '=', 'qc.ydo')
      .execute();
    noRole = await loginAsNewUser(t.app, null, 'SB');
    otherSko = await loginAsNewUser(t.app, 'SKO', 'SB');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const uploads = () => join(t.dataDir, 'uploads');
  const storedFiles = () => readdirSync(uploads());
  const headersOf = (s: Session | null) => s?.headers ?? {};

  async function submit(
    as: Session | null,
    fields: Record<string, string>,
    file?: { fileName: string; content: Buffer },
  ) {
    const body = multipart(fields, file ? { name: 'projectFile', ...file } : undefined);
    return t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: body.payload,
      headers: { ...headersOf(as), ...body.headers },
    });
  }

  async function propose(as: Session, title: string, file = true): Promise<Project> {
    const response = await submit(
      as,
      { title, description: `${title} description`, userId: String(as.userId) },
      file ? { fileName: `${title}.pdf`, content: pdf(title) } : undefined,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ project: Project }>().project;
  }

  const get = (url: string, as: Session | null) =>
    t.app.inject({ method: 'GET', url, headers: headersOf(as) });
  const setStatus = (id: number, as: Session | null, status: string, remarks?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/projectreview/status/${id}`,
      headers: headersOf(as),
      payload: { status, remarks, reviewerName: 'Someone Else' },
    });
  async function resubmit(
    as: Session,
    id: number,
    notes: string,
    file?: { fileName: string; content: Buffer },
  ) {
    const body = multipart({ notes }, file ? { name: 'projectFile', ...file } : undefined);
    return t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/resubmit`,
      payload: body.payload,
      headers: { ...sko.headers, ...headersOf(as), ...body.headers },
    });
  }

  describe('submission', () => {
    it('stores a proposal as Pending Review with a readable reference and the document', async () => {
      const response = await submit(
        sko,
        {
          title: '  Youth Film Festival ',
          description: 'Short films by the youth',
          userId: String(sko.userId),
        },
        { fileName: 'Festival Plan.PDF', content: pdf('Festival') },
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ success: boolean; project: Project; message: string }>();
      expect(body.success).toBe(true);
      expect(body.message).toBe('Project submitted successfully!');
      const year = new Date().getUTCFullYear();
      expect(body.project).toMatchObject({
        title: 'Youth Film Festival',
        description: 'Short films by the youth',
        status: 'Pending Review',
        reviewedBy: null,
        remarks: null,
        fileName: 'Festival Plan.PDF',
        fileType: 'pdf',
        documentVersion: 1,
      });
      expect(body.project.referenceNumber).toMatch(new RegExp(`^SB-(${year}|${year + 1})-\\d{4}$`));
      expect(body.project.fileUrl).toMatch(/^uploads\/[a-f0-9]{32}\.pdf$/);
      expect(storedFiles()).toContain(fileNameOfLocation(body.project.fileUrl ?? ''));
      expect(body.project).not.toHaveProperty('proposerName');

      const doc = await t.app.services.db
        .selectFrom('project_documents')
        .selectAll()
        .where('project_id', '=', body.project.id)
        .executeTakeFirstOrThrow();
      expect(doc.sha256).toMatch(/^[a-f0-9]{64}$/);
      expect(doc.size_bytes).toBe(pdf('Festival').length);
    });

    it('accepts a proposal without a file', async () => {
      const project = await propose(sko, 'No File Project', false);
      expect(project).toMatchObject({ fileUrl: null, fileName: null, documentVersion: null });
    });

    it('numbers references per barangay without gaps or duplicates, even concurrently', async () => {
      // 24 at once: more than any retry budget could absorb if writers raced for a number.
      const made = await Promise.all(
        Array.from({ length: 24 }, (_, i) => propose(sko, `Concurrent ${String(i)}`, i % 2 === 0)),
      );
      const nn = await propose(nnSko, 'Nayon project', false);
      const refs = made.map((p) => p.referenceNumber);
      expect(new Set(refs).size).toBe(24);
      const seqs = refs.map((r) => Number(r.slice(-4))).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => (seqs[0] ?? 0) + i));
      expect(nn.referenceNumber).toMatch(/^NN-\d{4}-\d{4}$/);
    });

    it('requires title and description', async () => {
      const response = await submit(sko, {
        title: ' ',
        description: 'x',
        userId: String(sko.userId),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: expect.any(String),
        message: 'Title is required',
      });
      const noDescription = await submit(sko, { title: 'x', userId: String(sko.userId) });
      expect(noDescription.json().message).toBe('Description is required');
    });

    it('lets an official submit only as themself', async () => {
      const before = storedFiles().length;
      const response = await submit(
        sko,
        { title: 'Spoof', description: 'd', userId: String(nnSko.userId) },
        { fileName: 'a.pdf', content: pdf() },
      );
      expect(response.statusCode).toBe(403);
      expect(storedFiles().length).toBe(before);
    });
  });

  describe('document checks', () => {
    const attempt = (fileName: string, content: Buffer) =>
      submit(
        sko,
        { title: `File ${fileName}`, description: 'd', userId: String(sko.userId) },
        { fileName, content },
      );

    it('accepts real PDF, DOCX and DOC files', async () => {
      for (const [fileName, content, type] of [
        ['plan.pdf', pdf(), 'pdf'],
        ['plan.docx', docxBytes(), 'docx'],
        ['plan.doc', docBytes(), 'doc'],
      ] as const) {
        const response = await attempt(fileName, content);
        expect(response.statusCode, `${fileName}: ${response.body}`).toBe(200);
        expect(response.json().project.fileType).toBe(type);
      }
    });

    it('refuses a renamed HTML file, a mislabelled type and other extensions, storing nothing', async () => {
      const before = storedFiles();
      const projectsBefore = await countProjects();
      const cases: [string, Buffer, string][] = [
        [
          'evil.pdf',
          Buffer.from('<html><script>alert(1)</script></html>'),
          PROJECT_MESSAGES.contentMismatch,
        ],
        ['plan.docx', pdf(), PROJECT_MESSAGES.contentMismatch],
        ['plan.pdf', docxBytes(), PROJECT_MESSAGES.contentMismatch],
        [
          'archive.docx',
          zip({ 'readme.txt': 'not a word file' }),
          PROJECT_MESSAGES.contentMismatch,
        ],
        [
          'sheet.doc',
          Buffer.concat([docBytes().subarray(0, 8), Buffer.alloc(1024)]),
          PROJECT_MESSAGES.contentMismatch,
        ],
        ['notes.txt', Buffer.from('plain text'), PROJECT_MESSAGES.invalidFileType],
        ['page.html', Buffer.from('<html></html>'), PROJECT_MESSAGES.invalidFileType],
      ];
      for (const [fileName, content, message] of cases) {
        const response = await attempt(fileName, content);
        expect(response.statusCode, fileName).toBe(400);
        expect(response.json()).toEqual({ success: false, code: expect.any(String), message });
      }
      expect(storedFiles()).toEqual(before);
      expect(await countProjects()).toBe(projectsBefore);
    });
  });

  async function countProjects(): Promise<number> {
    const row = await t.app.services.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  describe('permission matrix', () => {
    it('GET /api/projects/user/{userId}: the official, for themself only', async () => {
      const own = await get(`/api/projects/user/${sko.userId}`, sko);
      expect(own.statusCode).toBe(200);
      const projects = own.json<{ success: boolean; projects: Project[] }>().projects;
      expect(projects.length).toBeGreaterThan(0);
      const ids = await t.app.services.db
        .selectFrom('projects')
        .select('id')
        .where('proposer_id', '=', sko.userId)
        .execute();
      expect(projects.map((p) => p.id).sort()).toEqual(ids.map((r) => r.id).sort());

      expect((await get(`/api/projects/user/${nnSko.userId}`, sko)).statusCode).toBe(403);
      expect((await get(`/api/projects/user/${otherSko.userId}`, sko)).statusCode).toBe(403);
      for (const s of [skc, ma, nnSa, noRole]) {
        expect((await get(`/api/projects/user/${s.userId}`, s)).statusCode).toBe(403);
      }
      expect((await get(`/api/projects/user/${sko.userId}`, null)).statusCode).toBe(401);
      const fresh = await get(`/api/projects/user/${otherSko.userId}`, otherSko);
      expect(fresh.json()).toEqual({ success: true, projects: [] });
    });

    it('POST /api/projects/submit: officials only', async () => {
      for (const s of [skc, ma, nnSa, noRole]) {
        const response = await submit(s, {
          title: 't',
          description: 'd',
          userId: String(s.userId),
        });
        expect(response.statusCode).toBe(403);
      }
      expect((await submit(null, { title: 't', description: 'd', userId: '1' })).statusCode).toBe(
        401,
      );
    });

    it('GET /api/projectreview/all: the chair, their barangay only, with proposer names', async () => {
      const response = await get('/api/projectreview/all', skc);
      expect(response.statusCode).toBe(200);
      const projects = response.json<{ projects: Project[] }>().projects;
      expect(projects.length).toBeGreaterThan(0);
      expect(projects.every((p) => p.referenceNumber.startsWith('SB-'))).toBe(true);
      expect(projects.some((p) => p.proposerName === 'Bea Dela Cruz')).toBe(true);
      expect(projects.every((p) => typeof p.proposerName === 'string')).toBe(true);
      const nn = (await get('/api/projectreview/all', nnSkc)).json<{ projects: Project[] }>();
      expect(nn.projects.every((p) => p.referenceNumber.startsWith('NN-'))).toBe(true);
      for (const s of [sko, ma, nnSa, noRole]) {
        expect((await get('/api/projectreview/all', s)).statusCode).toBe(403);
      }
      expect((await get('/api/projectreview/all', null)).statusCode).toBe(401);
    });

    it('PUT /api/projectreview/status/{id}: the chair of the project barangay only', async () => {
      const project = await propose(sko, 'Matrix review');
      for (const s of [sko, ma, nnSa, noRole]) {
        expect((await setStatus(project.id, s, 'Proposal Accepted')).statusCode).toBe(403);
      }
      expect((await setStatus(project.id, nnSkc, 'Proposal Accepted')).statusCode).toBe(404);
      expect((await setStatus(project.id, null, 'Proposal Accepted')).statusCode).toBe(401);
      expect((await setStatus(999_999, skc, 'Proposal Accepted')).statusCode).toBe(404);
      const bad = await setStatus(project.id, skc, 'Approved-ish');
      expect(bad.statusCode).toBe(400);
      const ok = await setStatus(project.id, skc, 'Proposal Accepted');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: 'Project status updated successfully!' });
    });

    it('GET /api/projects/download/{fileName}: proposer, their chair and their admins', async () => {
      const sb = await propose(sko, 'Matrix download');
      const sbName = fileNameOfLocation(sb.fileUrl ?? '');
      for (const s of [sko, skc, ma]) {
        const response = await get(`/api/projects/download/${sbName}`, s);
        expect(response.statusCode).toBe(200);
        expect(response.json().url).toMatch(/^\/api\/files\/[a-f0-9]{32}\.pdf\?exp=\d+&sig=/);
      }
      for (const s of [otherSko, noRole, nnSkc, nnSa, nnSko]) {
        expect((await get(`/api/projects/download/${sbName}`, s)).statusCode).toBe(404);
      }
      expect((await get(`/api/projects/download/${sbName}`, null)).statusCode).toBe(401);
      const nn = await propose(nnSko, 'Nayon download');
      const nnName = fileNameOfLocation(nn.fileUrl ?? '');
      for (const s of [nnSko, nnSkc, nnSa]) {
        expect((await get(`/api/projects/download/${nnName}`, s)).statusCode).toBe(200);
      }
      expect((await get(`/api/projects/download/${nnName}`, ma)).statusCode).toBe(404);
      expect((await get('/api/projects/download/..%2F..%2Ftanaw.db', sko)).statusCode).toBe(404);
    });

    it('history and resubmission: proposer and their chair only', async () => {
      const project = await propose(sko, 'Matrix history');
      expect((await get(`/api/projects/${project.id}/history`, sko)).statusCode).toBe(200);
      expect((await get(`/api/projects/${project.id}/history`, skc)).statusCode).toBe(200);
      for (const s of [otherSko, ma, nnSa, nnSkc, nnSko, noRole]) {
        expect((await get(`/api/projects/${project.id}/history`, s)).statusCode).toBe(404);
      }
      await setStatus(project.id, skc, 'Revision Requested', 'More detail');
      expect((await resubmit(otherSko, project.id, 'mine now')).statusCode).toBe(404);
      for (const s of [skc, ma, nnSa, noRole]) {
        expect((await resubmit(s, project.id, 'x')).statusCode).toBe(403);
      }
    });

    it('refuses an account that still has its default password', async () => {
      const { login } = await import('./helpers.ts');
      const fresh = await login(t.app, 'sb.new');
      expect((await get(`/api/projects/user/${fresh.userId}`, fresh)).statusCode).toBe(403);
      expect(
        (await submit(fresh, { title: 't', description: 'd', userId: String(fresh.userId) }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('review', () => {
    it('offers all ten statuses from any status and records history, audit and an e-mail', async () => {
      const project = await propose(sko, 'Lifecycle');
      let previous = 'Pending Review';
      for (const status of [...PROJECT_STATUSES].reverse()) {
        const response = await setStatus(project.id, skc, status);
        expect(response.statusCode, status).toBe(200);
        previous = status;
      }
      expect(previous).toBe('Pending Review');

      const remarks = 'Please add the <b>budget</b> & timeline.';
      const response = await setStatus(project.id, skc, 'Revision Requested', `  ${remarks}  `);
      expect(response.statusCode).toBe(200);

      const list = (await get(`/api/projects/user/${sko.userId}`, sko)).json<{
        projects: Project[];
      }>();
      const seen = list.projects.find((p) => p.id === project.id);
      expect(seen).toMatchObject({
        status: 'Revision Requested',
        remarks,
        reviewedBy: 'Miguel Santos',
      });

      const history = await t.app.services.db
        .selectFrom('project_status_history')
        .selectAll()
        .where('project_id', '=', project.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(history).toMatchObject({
        from_status: 'Pending Review',
        to_status: 'Revision Requested',
        remarks,
        changed_by: skc.userId,
        changed_by_name: 'Miguel Santos',
      });
      const audit = await t.app.services.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'PROJECT_STATUS_CHANGED')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.user_id).toBe(skc.userId);
      expect(audit.description).toContain(project.referenceNumber);
      expect(JSON.parse(audit.new_value ?? '{}')).toMatchObject({
        status: 'Revision Requested',
        remarks,
      });

      const mail = await smtp.waitFor(
        (m) => m.subject.includes(project.referenceNumber) && m.text.includes('budget'),
      );
      expect(mail.to).toEqual(['sb.official.demo@gmail.com']);
      expect(mail.text).toContain('Revision Requested');
      expect(mail.text).toContain(remarks);
      expect(mail.html).toContain('&lt;b&gt;budget&lt;/b&gt; &amp; timeline.');
      expect(mail.html).not.toContain('<b>budget</b>');
    });

    it('says "No remarks provided." in the e-mail when the chair gives none and clears old remarks', async () => {
      const project = await propose(sko, 'Quiet review');
      await setStatus(project.id, skc, 'Revision Requested', 'First remark');
      await setStatus(project.id, skc, 'Proposal Accepted');
      const mail = await smtp.waitFor(
        (m) =>
          m.subject.includes(project.referenceNumber) && m.subject.includes('Proposal Accepted'),
      );
      expect(mail.text).toContain('Remarks: No remarks provided.');
      const row = await t.app.services.db
        .selectFrom('projects')
        .select(['remarks', 'status'])
        .where('id', '=', project.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ remarks: null, status: 'Proposal Accepted' });
    });

    it("writes the status e-mail in the proposer's language, status words as the web shows them", async () => {
      const project = await propose(sko, 'Liga ng kabataan');
      const setLanguage = (language: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/account/language',
          headers: sko.headers,
          payload: { language },
        });
      expect((await setLanguage('fil')).statusCode).toBe(200);
      try {
        await setStatus(project.id, skc, 'Revision Requested', 'Idagdag ang <b>badyet</b>.');
        const mail = await smtp.waitFor(
          (m) => m.subject.includes(project.referenceNumber) && m.text.includes('Idagdag'),
        );
        expect(mail.to).toEqual(['sb.official.demo@gmail.com']);
        expect(mail.subject).toBe(
          `Bagong status ng proyekto ${project.referenceNumber}: "Humiling ng Rebisyon"`,
        );
        expect(mail.text).toContain(
          `May bagong status ang inyong panukalang proyekto na "Liga ng kabataan" (${project.referenceNumber}): Humiling ng Rebisyon.`,
        );
        expect(mail.text).toContain('Puna: Idagdag ang <b>badyet</b>.');
        expect(mail.text).toContain('Sinuri ni: Miguel Santos');
        expect(mail.text).toContain('mag-upload ng binagong dokumento');
        expect(mail.text).not.toMatch(/Hello|Remarks|Reviewed by/);
        expect(mail.html).toContain('<html lang="fil">');
        expect(mail.html).toContain('Idagdag ang &lt;b&gt;badyet&lt;/b&gt;.');

        await setStatus(project.id, skc, 'Proposal Accepted');
        const quiet = await smtp.waitFor(
          (m) =>
            m.subject.includes(project.referenceNumber) &&
            m.subject.includes('Tinanggap ang Panukala'),
        );
        expect(quiet.text).toContain('Puna: Walang ibinigay na puna.');
      } finally {
        expect((await setLanguage('en')).statusCode).toBe(200);
      }
      // Back in English, the mail is the English one, word for word.
      await setStatus(project.id, skc, 'Proposal Rejected');
      const english = await smtp.waitFor(
        (m) => m.subject === `Project ${project.referenceNumber} is now "Proposal Rejected"`,
      );
      expect(english.text).toContain(
        `Your project proposal "Liga ng kabataan" (${project.referenceNumber}) has a new status: Proposal Rejected.`,
      );
    });
  });

  describe('resubmission after a revision request', () => {
    it('adds a document version, returns to Pending Review and keeps earlier versions', async () => {
      const project = await propose(sko, 'Revisable');
      const early = await resubmit(sko, project.id, 'too early');
      expect(early.statusCode).toBe(409);

      await setStatus(project.id, skc, 'LGU Revision Requested', 'Update the quotation');
      expect((await resubmit(sko, project.id, '')).statusCode).toBe(400);
      const bad = await resubmit(sko, project.id, 'notes', {
        fileName: 'v2.pdf',
        content: Buffer.from('<html>'),
      });
      expect(bad.statusCode).toBe(400);

      const response = await resubmit(sko, project.id, 'Updated quotation attached', {
        fileName: 'Revisable v2.docx',
        content: docxBytes(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<{ project: Project }>().project;
      expect(updated).toMatchObject({
        status: 'Pending Review',
        documentVersion: 2,
        fileType: 'docx',
        fileName: 'Revisable v2.docx',
      });

      const history = await get(`/api/projects/${project.id}/history`, skc);
      expect(history.statusCode).toBe(200);
      const body = history.json<{
        history: {
          fromStatus: string | null;
          toStatus: string;
          remarks: string | null;
          changedBy: string;
        }[];
        documents: { version: number; fileUrl: string; notes: string | null }[];
        project: Project;
      }>();
      expect(body.project.proposerName).toBe('Bea Dela Cruz');
      expect(body.history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
        [null, 'Pending Review', 'Bea Dela Cruz'],
        ['Pending Review', 'LGU Revision Requested', 'Miguel Santos'],
        ['LGU Revision Requested', 'Pending Review', 'Bea Dela Cruz'],
      ]);
      expect(body.history[2]?.remarks).toBe('Updated quotation attached');
      expect(body.documents.map((d) => d.version)).toEqual([2, 1]);
      expect(body.documents[0]?.notes).toBe('Updated quotation attached');
      for (const d of body.documents) {
        const link = await get(`/api/projects/download/${fileNameOfLocation(d.fileUrl)}`, sko);
        expect(link.statusCode).toBe(200);
        const file = await t.app.inject({ method: 'GET', url: link.json().url });
        expect(file.statusCode).toBe(200);
      }
    });

    it('accepts notes alone, without a new document', async () => {
      const project = await propose(sko, 'Notes only');
      await setStatus(project.id, skc, 'Revision Requested');
      const response = await resubmit(sko, project.id, 'Answered by e-mail');
      expect(response.statusCode).toBe(200);
      expect(response.json().project).toMatchObject({
        status: 'Pending Review',
        documentVersion: 1,
      });
    });
  });

  describe('signed file links', () => {
    async function linkFor(project: Project, as: Session = sko): Promise<string> {
      const response = await get(
        `/api/projects/download/${fileNameOfLocation(project.fileUrl ?? '')}`,
        as,
      );
      expect(response.statusCode).toBe(200);
      return response.json<{ url: string }>().url;
    }

    it('serves a PDF inline with its type, nosniff and no caching, without a session', async () => {
      const project = await propose(sko, 'Inline PDF');
      const file = await t.app.inject({ method: 'GET', url: await linkFor(project) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `inline; filename="Inline PDF.pdf"; filename*=UTF-8''Inline%20PDF.pdf`,
      );
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.equals(pdf('Inline PDF'))).toBe(true);
    });

    it('serves Word documents as attachments with an RFC 5987 name', async () => {
      const response = await submit(
        sko,
        { title: 'Word', description: 'd', userId: String(sko.userId) },
        { fileName: 'Plano ñg Kabataan (2026).docx', content: docxBytes() },
      );
      const project = response.json<{ project: Project }>().project;
      const file = await t.app.inject({ method: 'GET', url: await linkFor(project, skc) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="Plano _g Kabataan (2026).docx"; filename*=UTF-8''Plano%20%C3%B1g%20Kabataan%20%282026%29.docx`,
      );
    });

    it('expires, and cannot be reused for another file or tampered with', async () => {
      const a = await propose(sko, 'Link A');
      const b = await propose(sko, 'Link B');
      const url = await linkFor(a);
      const nameB = fileNameOfLocation(b.fileUrl ?? '');
      const query = url.split('?')[1];
      const other = await t.app.inject({ method: 'GET', url: `/api/files/${nameB}?${query}` });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({
        success: false,
        code: expect.any(String),
        message: PROJECT_MESSAGES.linkInvalid,
      });
      const exp = Number(/exp=(\d+)/.exec(url)?.[1]);
      const stretched = url.replace(`exp=${exp}`, `exp=${exp + 3600}`);
      expect((await t.app.inject({ method: 'GET', url: stretched })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: url.replace(/\?.*$/, '') })).statusCode,
      ).toBe(403);

      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      t.clock.advance(minutes(4));
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      t.clock.advance(minutes(2));
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    });
  });

  it('has seeded demo proposals with documents in both barangays', async () => {
    const sb = (await get('/api/projectreview/all', skc)).json<{ projects: Project[] }>().projects;
    const seeded = sb.find((p) => p.title === 'Inter-Purok Youth Basketball League');
    expect(seeded).toMatchObject({
      status: 'Proposal Accepted',
      documentVersion: 2,
      reviewedBy: 'Miguel Santos',
    });
    const file = await t.app.inject({
      method: 'GET',
      url: await (async () => {
        const r = await get(
          `/api/projects/download/${fileNameOfLocation(seeded?.fileUrl ?? '')}`,
          skc,
        );
        return r.json<{ url: string }>().url;
      })(),
    });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const nn = (await get('/api/projectreview/all', nnSkc)).json<{ projects: Project[] }>()
      .projects;
    expect(nn.some((p) => p.status === 'LGU Approval')).toBe(true);
  });
});
