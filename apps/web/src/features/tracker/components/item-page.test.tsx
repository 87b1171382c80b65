import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TRACKER_MESSAGES,
  addDisbursementEndpoint,
  deleteCheckpointEndpoint,
  getTrackerItemEndpoint,
  updateCheckpointEndpoint,
  updateTrackerItemEndpoint,
  type CheckpointInput,
  type DisbursementInput,
  type Endpoint,
  type TrackerItem,
  type UpdateTrackerItemRequest,
} from '@sk-tanaw/contract';
import { apiClient, uploadWithProgress } from '../../../lib/api-client.ts';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { trackerItem } from '../lib/test-fixtures.ts';
import { httpError } from '../../../../test/render-signed-in.tsx';
import { renderTracker } from '../lib/test-render.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({
  apiClient: { get: vi.fn() },
  uploadWithProgress: vi.fn(),
}));
const call = vi.mocked(callEndpoint);
const upload = vi.mocked(uploadWithProgress);
const get = vi.mocked(apiClient.get);

let served: TrackerItem;
let onUpdate: (body: UpdateTrackerItemRequest) => Promise<unknown>;
let onDisburse: (body: DisbursementInput) => Promise<unknown>;
let onCheckpoint: (id: number, body: CheckpointInput) => Promise<unknown>;

const answer = (item: TrackerItem, message: string) =>
  Promise.resolve({ success: true, message, item });

beforeEach(() => {
  served = trackerItem();
  onUpdate = () => Promise.reject(new Error('unexpected save'));
  onDisburse = () => Promise.reject(new Error('unexpected disbursement'));
  onCheckpoint = () => Promise.reject(new Error('unexpected checkpoint'));
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === getTrackerItemEndpoint) {
      return Promise.resolve({ success: true, item: served });
    }
    if (endpoint === updateTrackerItemEndpoint) {
      return onUpdate(options?.body as UpdateTrackerItemRequest);
    }
    if (endpoint === addDisbursementEndpoint) {
      return onDisburse(options?.body as DisbursementInput);
    }
    if (endpoint === updateCheckpointEndpoint) {
      return onCheckpoint(Number(options?.params?.id), options?.body as CheckpointInput);
    }
    if (endpoint === deleteCheckpointEndpoint) {
      const id = Number(options?.params?.id);
      const checkpointList = served.checkpointList.filter((c) => c.id !== id);
      return answer({ ...served, checkpointList }, TRACKER_MESSAGES.checkpointDeleted);
    }
    return Promise.reject(new Error('unexpected call'));
  });
  upload.mockReset();
  get.mockReset();
  get.mockResolvedValue({ data: new Blob(['x'], { type: 'image/jpeg' }), headers: {} });
  // jsdom has no object URLs: thumbnails get a fixed one.
  Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => undefined });
});

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Status' }));
  await user.click(screen.getByRole('option', { name }));
}

describe('Tracked item page', () => {
  it('saves the progress with the version it was read at', async () => {
    const user = userEvent.setup();
    const sent: UpdateTrackerItemRequest[] = [];
    onUpdate = (body) => {
      sent.push(body);
      return answer(
        {
          ...served,
          version: 4,
          status: 'ongoing',
          actualStart: '2026-03-02',
          accomplishment: 'Day one held',
        },
        TRACKER_MESSAGES.itemSaved,
      );
    };
    renderTracker('SKO', '/tracker/items/11');
    expect(await screen.findByRole('heading', { name: 'Medical mission', level: 1 })).toBeVisible();
    await chooseStatus(user, 'Ongoing');
    fireEvent.change(screen.getByLabelText('Actual start'), { target: { value: '2026-03-02' } });
    await user.type(screen.getByRole('textbox', { name: 'Accomplishment' }), 'Day one held');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save progress' }));

    expect(await screen.findByText(TRACKER_MESSAGES.itemSaved)).toBeVisible();
    expect(sent).toEqual([
      {
        version: 3,
        status: 'ongoing',
        plannedStart: '2026-02-01',
        plannedEnd: '2026-04-30',
        actualStart: '2026-03-02',
        actualEnd: null,
        accomplishment: 'Day one held',
        remarks: '',
      },
    ]);
    expect(screen.getByText('Unsaved changes')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Save progress' })).toBeDisabled();
  });

  it('keeps the edits and says so when someone else saved first (409)', async () => {
    const user = userEvent.setup();
    onUpdate = () => Promise.reject(httpError(409, TRACKER_MESSAGES.stale));
    renderTracker('SKC', '/tracker/items/11');
    await screen.findByRole('heading', { name: 'Medical mission', level: 1 });
    await chooseStatus(user, 'Completed');
    await user.type(screen.getByRole('textbox', { name: 'Remarks' }), 'All done');
    await user.click(screen.getByRole('button', { name: 'Save progress' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TRACKER_MESSAGES.stale);
    expect(alert).toHaveTextContent('Your edits are still here until you reload');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Completed');
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('All done');
    expect(screen.getByRole('button', { name: 'Save progress' })).toBeDisabled();

    // Reloading takes the other person's version and drops the edits.
    served = { ...served, version: 5, remarks: 'Moved to May' };
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('Moved to May'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a disbursement over the appropriation in the dialog", async () => {
    const user = userEvent.setup();
    const refusal = TRACKER_MESSAGES.overAppropriation('MOOE', 'PHP 30,000.50', 'PHP 30,000.50');
    const sent: DisbursementInput[] = [];
    onDisburse = (body) => {
      sent.push(body);
      return Promise.reject(httpError(422, refusal));
    };
    renderTracker('SKO', '/tracker/items/11');
    await user.click(await screen.findByRole('button', { name: 'Record a disbursement' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a disbursement' });
    expect(within(dialog).getByRole('combobox', { name: 'Class' })).toHaveTextContent(/MOOE/);
    expect(within(dialog).getByText('Appropriated ₱30,000.50, ₱30,000.50 left')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount (PHP)' }), '30,000.51');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'CHK-0091');
    await user.click(within(dialog).getByRole('button', { name: 'Save disbursement' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(dialog).toBeVisible();
    expect(sent).toEqual([
      expect.objectContaining({ amount: 30000.51, expenseClass: 'MOOE', reference: 'CHK-0091' }),
    ]);
  });

  it('records an honoraria payment as PS only, with the period paid', async () => {
    const user = userEvent.setup();
    served = trackerItem({
      program: 'GAP',
      centre: null,
      referenceCode: '2026-GAP-HON-CHAIRPERSON',
      ppa: 'Honoraria of the SK Chairperson',
      honorariaPosition: 'chairperson',
      appropriatedByClass: { PS: 12_000, MOOE: 0, CO: 0 },
      disbursedByClass: { PS: 1_000, MOOE: 0, CO: 0 },
    });
    const sent: DisbursementInput[] = [];
    onDisburse = (body) => {
      sent.push(body);
      return answer(served, TRACKER_MESSAGES.disbursementSaved);
    };
    renderTracker('SKO', '/tracker/items/11');
    await user.click(await screen.findByRole('button', { name: 'Record a disbursement' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a disbursement' });
    expect(within(dialog).getByText(/Honoraria are personal services \(PS\)/)).toBeVisible();
    expect(within(dialog).getByText('Appropriated ₱12,000.00, ₱11,000.00 left')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Class' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringMatching(/PS/),
    ]);
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount (PHP)' }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'PR-2026-02');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Month or period paid (e.g. March 2026)' }),
      'February 2026',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save disbursement' }));
    await waitFor(() => {
      expect(sent).toEqual([
        expect.objectContaining({
          amount: 1000,
          expenseClass: 'PS',
          reference: 'PR-2026-02',
          note: 'February 2026',
        }),
      ]);
    });
  });

  it('uploads a photo as multipart with its caption and the public flag', async () => {
    const user = userEvent.setup();
    const photo = {
      id: 302,
      kind: 'photo' as const,
      fileName: 'day-one.jpg',
      caption: 'Doctors at the covered court',
      public: true,
      size: 2048,
      uploadedBy: 'Some One',
      uploadedAt: '2026-03-02T02:00:00.000Z',
    };
    upload.mockResolvedValue({
      data: {
        success: true,
        message: TRACKER_MESSAGES.evidenceSaved,
        item: { ...served, evidenceList: [...served.evidenceList, photo] },
      },
    } as never);
    renderTracker('SKO', '/tracker/items/11');
    await user.click(await screen.findByRole('button', { name: 'Upload evidence' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload evidence' });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'day-one.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(within(dialog).getByLabelText('Evidence file'), file);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Caption' }),
      'Doctors at the covered court',
    );
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Show on the public disclosure board' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText(TRACKER_MESSAGES.evidenceSaved)).toBeVisible();
    expect(upload).toHaveBeenCalledTimes(1);
    const [url, form] = upload.mock.calls[0] ?? [];
    expect(url).toBe('/api/tracker/items/11/evidence');
    expect(form).toBeInstanceOf(FormData);
    const fields = form as FormData;
    expect(fields.get('caption')).toBe('Doctors at the covered court');
    expect(fields.get('public')).toBe('true');
    expect((fields.get('file') as File).name).toBe('day-one.jpg');
    // The new photo shows as a thumbnail fetched with the session.
    expect(
      await screen.findByRole('img', { name: 'Doctors at the covered court' }),
    ).toHaveAttribute('src', 'blob:thumb');
    expect(get).toHaveBeenCalledWith(
      '/api/tracker/evidence/302/thumbnail',
      expect.objectContaining({ responseType: 'blob' }),
    );
  });

  it('keeps the caption when the connection is cut and retries under the same key', async () => {
    const user = userEvent.setup();
    sessionStorage.clear();
    // No answer at all: what a cut connection gives axios.
    upload.mockRejectedValueOnce(
      Object.assign(new Error('Network Error'), { isAxiosError: true, request: {} }),
    );
    upload.mockResolvedValueOnce({
      data: { success: true, message: TRACKER_MESSAGES.evidenceSaved, item: served },
    } as never);
    renderTracker('SKO', '/tracker/items/11');
    await user.click(await screen.findByRole('button', { name: 'Upload evidence' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload evidence' });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'site.jpg', {
      type: 'image/jpeg',
    });
    await user.upload(within(dialog).getByLabelText('Evidence file'), file);
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption' }), 'Roof done');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The connection was cut before the server answered.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Caption' })).toHaveValue('Roof done');
    // Kept across a reload too.
    expect(sessionStorage.getItem('tracker.pendingEvidence.11')).toContain('Roof done');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(TRACKER_MESSAGES.evidenceSaved)).toBeVisible();
    expect(upload).toHaveBeenCalledTimes(2);
    const keys = upload.mock.calls.map(
      (call) => (call[2] as { headers?: Record<string, string> }).headers?.['Idempotency-Key'],
    );
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sessionStorage.getItem('tracker.pendingEvidence.11')).toBeNull();
  });

  it('refuses a file that is neither a photo nor a PDF before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderTracker('SKO', '/tracker/items/11');
    await user.click(await screen.findByRole('button', { name: 'Upload evidence' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload evidence' });
    await user.upload(
      within(dialog).getByLabelText('Evidence file'),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(TRACKER_MESSAGES.evidenceType);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(upload).not.toHaveBeenCalled();
  });

  it('marks a checkpoint done today', async () => {
    const user = userEvent.setup();
    const sent: [number, CheckpointInput][] = [];
    onCheckpoint = (id, body) => {
      sent.push([id, body]);
      return answer(served, TRACKER_MESSAGES.checkpointSaved);
    };
    renderTracker('SKO', '/tracker/items/11');
    const table = await screen.findByRole('table', { name: 'Checkpoints' });
    expect(within(table).getByRole('row', { name: /Doctors confirmed/ })).toHaveTextContent(
      'Overdue',
    );
    await user.click(within(table).getByRole('button', { name: 'Mark done: Doctors confirmed' }));
    expect(await screen.findByText(TRACKER_MESSAGES.checkpointSaved)).toBeVisible();
    expect(sent).toEqual([
      [
        102,
        {
          title: 'Doctors confirmed',
          dueOn: '2026-03-15',
          doneOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
          note: '',
        },
      ],
    ]);
  });

  it('asks before deleting a checkpoint, then deletes it', async () => {
    const user = userEvent.setup();
    renderTracker('SKO', '/tracker/items/11');
    const table = await screen.findByRole('table', { name: 'Checkpoints' });
    await user.click(
      within(table).getByRole('button', { name: 'Delete checkpoint: Venue booked' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the checkpoint' });
    expect(dialog).toHaveTextContent('Delete the checkpoint “Venue booked”?');
    expect(call).not.toHaveBeenCalledWith(deleteCheckpointEndpoint, expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Checkpoint deleted.')).toBeVisible();
    expect(call).toHaveBeenCalledWith(deleteCheckpointEndpoint, { params: { id: 101 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('table', { name: 'Checkpoints' })).queryByText('Venue booked'),
    ).not.toBeInTheDocument();
  });

  it('hides every change control from an administrator', async () => {
    renderTracker('MA', '/admin/tracker/items/11');
    expect(await screen.findByRole('heading', { name: 'Medical mission', level: 1 })).toBeVisible();
    expect(screen.getByText(/Administrators see the tracker read only/)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Accomplishment' })).toBeDisabled();
    for (const name of [
      'Save progress',
      'Add checkpoint',
      'Record a disbursement',
      'Upload evidence',
      'Mark done: Doctors confirmed',
      'Edit checkpoint: Venue booked',
      'Delete evidence: Invitation to the doctors',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to the tracker' })).toHaveAttribute(
      'href',
      '/admin/tracker',
    );
  });

  it("marks a line the city declared inoperative, with the city's reason and rule", async () => {
    served = trackerItem({
      inoperative: {
        reason: 'Not a youth development programme.',
        rule: 'RA 10742 s. 20(b)',
        decidedOn: '2026-11-20',
      },
    });
    renderTracker('SKC', '/tracker/items/11');
    expect(await screen.findByText('Declared inoperative by the city')).toBeVisible();
    expect(screen.getByTestId('item-inoperative')).toHaveTextContent(
      'The city declared this line inoperative on 2026-11-20: “Not a youth development programme.” (RA 10742 s. 20(b)).',
    );
  });
});
