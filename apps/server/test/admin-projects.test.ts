import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  fileNameOfLocation,
  type AdminProject,
  type ArchivedProject,
  type Project,
} from '@sk-tanaw/contract';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import { DIALECTS, type Session } from './helpers.ts';
import { adminSuite, lastAudit } from './admin-helpers.ts';
import { multipart } from './projects-helpers.ts';

describe.each(DIALECTS)('admin project list and project archive on %s', (dialect) => {
  const s = adminSuite(dialect);

  const call = (method: 'GET' | 'POST', url: string, as: Session | null) =>
    s.t.app.inject({ method, url, headers: as?.headers ?? {} });

  async function propose(title: string, withFile = true): Promise<Project> {
    const body = multipart(
      { title, description: `${title} description`, userId: String(s.sko.userId) },
      withFile
        ? { name: 'projectFile', fileName: `${title}.pdf`, content: buildSimplePdf(title, 'Body') }
        : undefined,
    );
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/projects/submit',
      payload: body.payload,
      headers: { ...s.sko.headers, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ project: Project }>().project;
  }

  const adminList = async (as: Session) =>
    (await call('GET', '/api/admin/projects', as)).json<{ projects: AdminProject[] }>().projects;
  const archivedList = async (as: Session) =>
    (await call('GET', '/api/admin/proj-archive', as)).json<{ data: ArchivedProject[] }>().data;

  it('refuses anonymous, SKO, SKC and default-password callers on every call', async () => {
    const project = await propose('Permission Matrix Project');
    const calls: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/projects'],
      ['GET', `/api/admin/projects/file-url/${project.id}`],
      ['POST', `/api/admin/proj-archive/${project.id}`],
      ['GET', '/api/admin/proj-archive'],
      ['GET', `/api/admin/proj-archive/file-url/${project.id}`],
      ['POST', `/api/admin/proj-archive/restore/${project.id}`],
    ];
    for (const [method, url] of calls) {
      expect((await call(method, url, null)).statusCode, `anonymous ${url}`).toBe(401);
      expect((await call(method, url, s.sko)).statusCode, `SKO ${url}`).toBe(403);
      expect((await call(method, url, s.skc)).statusCode, `SKC ${url}`).toBe(403);
      const defaults = await call(method, url, s.defaultAdmin);
      expect(defaults.statusCode, `default ${url}`).toBe(403);
      expect(defaults.json().code).toBe('DEFAULT_PASSWORD');
    }
    expect((await adminList(s.ma)).some((p) => p.projectID === project.id)).toBe(true);
  });

  it("answers 404 for another barangay's project ids and changes nothing", async () => {
    const project = await propose('Other Barangay Project');
    for (const [method, url] of [
      ['GET', `/api/admin/projects/file-url/${project.id}`],
      ['POST', `/api/admin/proj-archive/${project.id}`],
      ['GET', `/api/admin/proj-archive/file-url/${project.id}`],
      ['POST', `/api/admin/proj-archive/restore/${project.id}`],
    ] as const) {
      const response = await call(method, url, s.sa);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await adminList(s.sa)).some((p) => p.projectID === project.id)).toBe(false);
    expect((await adminList(s.ma)).some((p) => p.projectID === project.id)).toBe(true);
  });

  it('lists the barangay’s projects with the spec fields and a signed file link', async () => {
    const project = await propose('Admin List Project');
    const listed = (await adminList(s.ma)).find((p) => p.projectID === project.id);
    expect(listed).toEqual({
      projectID: project.id,
      referenceNumber: project.referenceNumber,
      proposerName: 'Bea Dela Cruz',
      title: 'Admin List Project',
      status: 'Pending Review',
      submittedDate: project.submittedAt,
      reviewedBy: null,
      remarks: null,
      fileName: 'Admin List Project.pdf',
      fileType: 'pdf',
    });
    const link = await call('GET', `/api/admin/projects/file-url/${project.id}`, s.ma);
    expect(link.statusCode).toBe(200);
    const { url } = link.json<{ success: boolean; url: string }>();
    const file = await s.t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const noFile = await propose('Project Without File', false);
    const missing = await call('GET', `/api/admin/projects/file-url/${noFile.id}`, s.ma);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.noFile);
  });

  it('archives a project out of every list and link, and restores it with history and documents', async () => {
    const project = await propose('Archive Me Project');
    await s.t.app.inject({
      method: 'PUT',
      url: `/api/projectreview/status/${project.id}`,
      headers: s.skc.headers,
      payload: { status: 'Revision Requested', remarks: 'Add a budget' },
    });
    const storedName = fileNameOfLocation(project.fileUrl ?? '');
    const oldLink = (await call('GET', `/api/admin/projects/file-url/${project.id}`, s.ma)).json<{
      url: string;
    }>().url;

    const archived = await call('POST', `/api/admin/proj-archive/${project.id}`, s.ma);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ success: true, message: ADMIN_MESSAGES.projectArchived });

    // Gone from every list: admin, chair, proposer.
    expect((await adminList(s.ma)).some((p) => p.projectID === project.id)).toBe(false);
    const review = (await call('GET', '/api/projectreview/all', s.skc)).json<{
      projects: Project[];
    }>();
    expect(review.projects.some((p) => p.id === project.id)).toBe(false);
    const own = (await call('GET', `/api/projects/user/${s.sko.userId}`, s.sko)).json<{
      projects: Project[];
    }>();
    expect(own.projects.some((p) => p.id === project.id)).toBe(false);
    // ... and from every link, even one signed before the archive.
    expect((await s.t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/download/${storedName}`, s.sko)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/projects/file-url/${project.id}`, s.ma)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/projects/${project.id}/history`, s.sko)).statusCode).toBe(404);
    // Archiving twice finds nothing to archive.
    expect((await call('POST', `/api/admin/proj-archive/${project.id}`, s.ma)).statusCode).toBe(
      404,
    );

    const entry = (await archivedList(s.ma)).find((p) => p.projectID === project.id);
    expect(entry).toMatchObject({
      reference_number: project.referenceNumber,
      submittedBy: 'Bea Dela Cruz',
      title: 'Archive Me Project',
      statusName: 'Revision Requested',
      submittedDate: project.submittedAt,
      reviewedBy: 'Miguel Santos',
      remarks: 'Add a budget',
      file_name: 'Archive Me Project.pdf',
      archivedBy: 'Andrea Villanueva',
    });
    expect((await archivedList(s.sa)).some((p) => p.projectID === project.id)).toBe(false);

    // The archive's own link opens the document for administrators; it is no project link.
    const archiveLink = await call('GET', `/api/admin/proj-archive/file-url/${project.id}`, s.ma);
    expect(archiveLink.statusCode).toBe(200);
    const { url } = archiveLink.json<{ url: string }>();
    expect(url.startsWith('/api/admin/proj-archive/files/')).toBe(true);
    const opened = await s.t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = url.replace('/api/admin/proj-archive/files/', '/api/files/');
    expect((await s.t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const tampered = url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await s.t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);

    const audit = await lastAudit(s.t.app, 'PROJECT_ARCHIVED');
    expect(JSON.parse(audit.old_value ?? '{}')).toMatchObject({
      archived: 'No',
      title: 'Archive Me Project',
    });
    expect(JSON.parse(audit.new_value ?? '{}')).toMatchObject({
      archived: 'Yes',
      archivedBy: 'Andrea Villanueva',
    });

    const restored = await call('POST', `/api/admin/proj-archive/restore/${project.id}`, s.ma);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ success: true, message: ADMIN_MESSAGES.projectRestored });
    expect((await archivedList(s.ma)).some((p) => p.projectID === project.id)).toBe(false);
    expect((await s.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const back = (await adminList(s.ma)).find((p) => p.projectID === project.id);
    expect(back).toMatchObject({ status: 'Revision Requested', remarks: 'Add a budget' });
    const history = await call('GET', `/api/projects/${project.id}/history`, s.sko);
    expect(history.statusCode).toBe(200);
    const body = history.json<{ history: { toStatus: string }[]; documents: unknown[] }>();
    expect(body.history.map((h) => h.toStatus)).toEqual(['Pending Review', 'Revision Requested']);
    expect(body.documents).toHaveLength(1);
    const fresh = (await call('GET', `/api/projects/download/${storedName}`, s.sko)).json<{
      url: string;
    }>();
    expect((await s.t.app.inject({ method: 'GET', url: fresh.url })).statusCode).toBe(200);
    const restoreAudit = await lastAudit(s.t.app, 'PROJECT_RESTORED');
    expect(JSON.parse(restoreAudit.old_value ?? '{}')).toMatchObject({
      archived: 'Yes',
      archivedBy: 'Andrea Villanueva',
    });
    expect(JSON.parse(restoreAudit.new_value ?? '{}')).toMatchObject({ archived: 'No' });
    expect(
      (await call('POST', `/api/admin/proj-archive/restore/${project.id}`, s.ma)).statusCode,
    ).toBe(404);
  });

  it('refuses status changes on an archived project', async () => {
    const project = await propose('Frozen Project');
    await call('POST', `/api/admin/proj-archive/${project.id}`, s.ma);
    const change = await s.t.app.inject({
      method: 'PUT',
      url: `/api/projectreview/status/${project.id}`,
      headers: s.skc.headers,
      payload: { status: 'Proposal Accepted' },
    });
    expect(change.statusCode).toBe(404);
  });
});
