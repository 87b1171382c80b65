import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_STATUSES, type Project } from '@sk-tanaw/contract';
import { apiClient, uploadWithProgress } from '../../../lib/api-client.ts';
import type { AuthContextValue } from '../../../lib/auth/auth-context.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { ProjectsPage } from './projects-page.tsx';

vi.mock('../../../lib/api-client.ts', () => ({
  apiClient: { get: vi.fn(), put: vi.fn() },
  uploadWithProgress: vi.fn(),
}));

const get = vi.mocked(apiClient.get);
const put = vi.mocked(apiClient.put);
const upload = vi.mocked(uploadWithProgress);

const project = (overrides: Partial<Project> = {}): Project => ({
  id: 1,
  referenceNumber: 'SB-2026-0001',
  title: 'Clean-up Drive',
  description: 'Creek clean-up',
  status: 'Pending Review',
  reviewedBy: null,
  remarks: null,
  fileUrl: null,
  fileName: null,
  fileType: null,
  documentVersion: null,
  proposerId: 7,
  submittedAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...overrides,
});

function renderPage(auth: Partial<AuthContextValue>) {
  renderRoutes(
    authValue(auth),
    [
      { path: '/projects', element: <ProjectsPage /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    '/projects',
  );
}

/** Pastes instead of typing key by key: same events for the form, much faster. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const answer = (projects: Project[]) => Promise.resolve({ data: { success: true, projects } });

describe('the Projects page', { timeout: 40_000 }, () => {
  beforeEach(() => {
    get.mockReset();
    put.mockReset();
    upload.mockReset();
  });

  it("shows 'Loading user data...' while the user loads", () => {
    renderPage({ isLoading: true });
    expect(screen.getByText('Loading user data...')).toBeInTheDocument();
  });

  it('sends a visitor without a user to /login', () => {
    renderPage({ user: null });
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('tells other positions they lack permission', () => {
    renderPage({ user: person('', '') });
    expect(
      screen.getByText('You do not have sufficient permissions to view this page.'),
    ).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it("shows the official's empty table and the remarks defaults", async () => {
    get.mockImplementationOnce(() => answer([]));
    renderPage({ user: person('SKO') });
    expect(
      screen.getByRole('heading', { name: 'Proposed Project Submissions' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No projects submitted yet.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/projects/user/7');
    expect(screen.queryByRole('columnheader', { name: 'Proposed By' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it("opens the remarks popup with 'No remarks provided.' and 'Reviewed By: N/A'", async () => {
    const user = userEvent.setup();
    get.mockImplementationOnce(() => answer([project()]));
    renderPage({ user: person('SKO') });
    const cell = await screen.findByRole('button', { name: 'Remarks for SB-2026-0001' });
    expect(cell).toHaveTextContent('No remarks');
    await user.click(cell);
    const popup = await screen.findByRole('dialog', { name: 'Remarks' });
    expect(within(popup).getByText('No remarks provided.')).toBeInTheDocument();
    expect(within(popup).getByText('Reviewed By: N/A')).toBeInTheDocument();
  });

  it('blocks a proposal with a file of another type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    get.mockImplementation(() => answer([]));
    renderPage({ user: person('SKO') });
    await user.click(await screen.findByRole('button', { name: 'Propose Project' }));
    const form = await screen.findByRole('dialog', { name: 'Propose a Project' });
    await fill(user, within(form).getByLabelText(/^Title/), 'Coding camp');
    await fill(user, within(form).getByLabelText(/^Description/), 'Saturdays');
    await user.upload(
      within(form).getByLabelText('Project File'),
      new File(['x'], 'plan.exe', { type: 'application/octet-stream' }),
    );
    expect(
      within(form).getByText('Invalid file type. Only PDF, DOC, and DOCX are allowed.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Submit Proposal' })).toBeDisabled();
    await user.upload(
      within(form).getByLabelText('Project File'),
      new File(['%PDF-'], 'Plan.PDF', { type: 'application/pdf' }),
    );
    expect(within(form).getByRole('button', { name: 'Submit Proposal' })).toBeEnabled();
  });

  it("says 'Submission Error: {message}' when the server refuses", async () => {
    const user = userEvent.setup();
    get.mockImplementation(() => answer([]));
    upload.mockRejectedValueOnce(
      Object.assign(new Error('Request failed'), {
        isAxiosError: true,
        response: { status: 413, data: { success: false, message: 'The file is too large.' } },
      }),
    );
    renderPage({ user: person('SKO') });
    await user.click(await screen.findByRole('button', { name: 'Propose Project' }));
    const form = await screen.findByRole('dialog', { name: 'Propose a Project' });
    await fill(user, within(form).getByLabelText(/^Title/), 'Coding camp');
    await fill(user, within(form).getByLabelText(/^Description/), 'Saturdays');
    await user.click(within(form).getByRole('button', { name: 'Submit Proposal' }));
    expect(await screen.findByText('Submission Error: The file is too large.')).toBeInTheDocument();
  });

  it('keeps the form and the file when the connection is cut and retries under the same key', async () => {
    const user = userEvent.setup();
    sessionStorage.clear();
    get.mockImplementation(() => answer([]));
    // No answer at all: what a cut connection gives axios.
    const cut = () =>
      Object.assign(new Error('Network Error'), { isAxiosError: true, request: {} });
    upload.mockRejectedValueOnce(cut());
    upload.mockRejectedValueOnce(cut());
    upload.mockResolvedValueOnce({
      data: { success: true, message: 'Project submitted successfully!', project: project() },
    } as never);
    renderPage({ user: person('SKO') });
    await user.click(await screen.findByRole('button', { name: 'Propose Project' }));
    const form = screen.getByRole('dialog', { name: 'Propose a Project' });
    await fill(user, within(form).getByLabelText(/^Title/), 'Court lights');
    await fill(user, within(form).getByLabelText(/^Description/), 'Six floodlights');
    const plan = new File(['%PDF-1.4'], 'lights.pdf', { type: 'application/pdf' });
    await user.upload(within(form).getByLabelText('Project File'), plan);
    await user.click(within(form).getByRole('button', { name: 'Submit Proposal' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The connection was cut before the server answered.',
    );
    // What was typed and the file are still there, and the draft keeps the key for a reload.
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Court lights');
    expect(within(form).getByLabelText(/^Description/)).toHaveValue('Six floodlights');
    expect(within(form).getByText(/lights\.pdf/)).toBeInTheDocument();
    const keyOf = (call: number) =>
      (upload.mock.calls[call]?.[2] as { headers?: Record<string, string> } | undefined)?.headers?.[
        'Idempotency-Key'
      ];
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem('sk-tanaw.propose-draft')).toContain(keyOf(0));

    // Retry: the same content under the same key.
    await user.click(within(form).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    expect(keyOf(1)).toBe(keyOf(0));
    // Changed words are another proposal: a new key.
    await fill(user, within(form).getByLabelText(/^Title/), ' at night');
    await user.click(within(form).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Project submitted successfully!')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(3);
    expect(keyOf(2)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(2)).not.toBe(keyOf(0));
    const sent = upload.mock.calls[2]?.[1] as FormData;
    expect(sent.get('title')).toBe('Court lights at night');
    expect((sent.get('projectFile') as File).name).toBe('lights.pdf');
    // Answered: the draft and its key are gone.
    expect(sessionStorage.getItem('sk-tanaw.propose-draft')).toBeNull();
  });

  it("gives the chair 'Project Review' with proposers and the ten statuses", async () => {
    const user = userEvent.setup();
    get.mockImplementation(() => answer([project({ proposerName: 'Bea Dela Cruz' })]));
    put.mockResolvedValueOnce({
      data: { success: true, message: 'Project status updated successfully!' },
    });
    renderPage({ user: { ...person('SKC'), fullName: 'Miguel Santos' } });
    expect(screen.getByRole('heading', { name: 'Project Review' })).toBeInTheDocument();
    expect(await screen.findByText('Bea Dela Cruz')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Status of SB-2026-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(PROJECT_STATUSES);
    await user.click(screen.getByRole('option', { name: 'Revision Requested' }));
    await fill(user, within(dialog).getByLabelText('Remarks (optional)'), 'Add the budget');
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(put).toHaveBeenCalledWith('/api/projectreview/status/1', {
      status: 'Revision Requested',
      remarks: 'Add the budget',
      reviewerName: 'Miguel Santos',
    });
    expect(await screen.findByText('Project status updated successfully!')).toBeInTheDocument();
  });

  it("says 'Error: {message}' when a status update fails", async () => {
    const user = userEvent.setup();
    get.mockImplementation(() => answer([project({ proposerName: 'Bea Dela Cruz' })]));
    put.mockRejectedValueOnce(
      Object.assign(new Error('Request failed'), {
        isAxiosError: true,
        response: { status: 404, data: { success: false, message: 'Project not found.' } },
      }),
    );
    renderPage({ user: person('SKC') });
    await user.click(await screen.findByRole('button', { name: 'Update Status of SB-2026-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Error: Project not found.')).toBeInTheDocument();
  });
});
