import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TRACKER_MESSAGES,
  addDisbursementEndpoint,
  getTrackerItemEndpoint,
  type Disbursement,
  type DisbursementInput,
  type Endpoint,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { stubNarrowScreen } from '../../../../test/stubs.ts';
import { trackerItem } from '../lib/test-fixtures.ts';
import { renderTracker } from '../lib/test-render.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: { get: vi.fn() } }));
const call = vi.mocked(callEndpoint);

const PAID: Disbursement = {
  id: 401,
  date: '2026-02-10',
  amount: 4500,
  expenseClass: 'MOOE',
  reference: 'DV-2026-014',
  note: 'Snacks for the volunteers',
  recordedBy: 'Ana Cruz',
  recordedAt: '2026-02-10T03:00:00.000Z',
  commitmentId: null,
};

let served: TrackerItem;
let sent: DisbursementInput[];

beforeEach(() => {
  stubNarrowScreen();
  sent = [];
  served = trackerItem({
    disbursements: [PAID],
    disbursedByClass: { PS: 0, MOOE: 4500, CO: 0 },
  });
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === getTrackerItemEndpoint) {
      return Promise.resolve({ success: true, item: served });
    }
    if (endpoint === addDisbursementEndpoint) {
      const body = options?.body as DisbursementInput;
      sent.push(body);
      served = {
        ...served,
        disbursements: [
          ...served.disbursements,
          {
            ...PAID,
            id: 402,
            ...body,
            note: body.note ?? '',
            commitmentId: (body.commitmentId as number | null | undefined) ?? null,
          },
        ],
      };
      return Promise.resolve({
        success: true,
        message: TRACKER_MESSAGES.disbursementSaved,
        item: served,
      });
    }
    return Promise.reject(new Error('unexpected call'));
  });
  // jsdom has no object URLs: thumbnails get a fixed one.
  Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => undefined });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Tracked item page on a phone', () => {
  it('shows the spending as cards, not tables, with each payment a card of its own', async () => {
    renderTracker('SKO', '/tracker/items/11');
    const spending = await screen.findByRole('region', { name: 'Spending' });
    expect(within(spending).queryByRole('table')).not.toBeInTheDocument();

    const byClass = within(spending).getByRole('list', { name: 'Spending by class' });
    const mooe = within(byClass)
      .getAllByRole('listitem')
      .find((card) => card.dataset.class === 'MOOE');
    expect(mooe).toHaveTextContent(/Appropriated₱30,000\.50Disbursed₱4,500\.00Balance₱25,500\.50/);

    const payments = within(spending).getByRole('list', { name: 'Disbursements' });
    const [card] = within(payments).getAllByRole('listitem');
    expect(card).toHaveTextContent('DV-2026-014');
    expect(card).toHaveTextContent('₱4,500.00');
    expect(card).toHaveTextContent('Snacks for the volunteers');
    expect(
      within(card as HTMLElement).getByRole('button', { name: 'Edit disbursement DV-2026-014' }),
    ).toBeVisible();
    expect(
      within(card as HTMLElement).getByRole('button', { name: 'Delete disbursement DV-2026-014' }),
    ).toBeVisible();
  });

  it('records a disbursement in a full-screen dialog with a decimal keypad for the amount', async () => {
    const user = userEvent.setup();
    renderTracker('SKO', '/tracker/items/11');
    const add = await screen.findByRole('button', { name: 'Record a disbursement' });
    expect(add).toHaveClass('MuiButton-fullWidth');
    await user.click(add);
    const dialog = screen.getByRole('dialog', { name: 'Record a disbursement' });
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (PHP)' });
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await user.type(amount, '1,250.75');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'DV-2026-015');
    await user.click(within(dialog).getByRole('button', { name: 'Save disbursement' }));

    await waitFor(() => {
      expect(sent).toEqual([
        expect.objectContaining({
          amount: 1250.75,
          expenseClass: 'MOOE',
          reference: 'DV-2026-015',
        }),
      ]);
    });
    const payments = await screen.findByRole('list', { name: 'Disbursements' });
    await waitFor(() => {
      expect(within(payments).getAllByRole('listitem')).toHaveLength(2);
    });
    expect(within(payments).getAllByRole('listitem')[1]).toHaveTextContent('₱1,250.75');
  });

  it('puts the progress save button across the screen', async () => {
    renderTracker('SKO', '/tracker/items/11');
    const progress = await screen.findByRole('form', { name: 'Progress' });
    expect(within(progress).getByRole('button', { name: 'Save progress' })).toHaveClass(
      'MuiButton-fullWidth',
    );
  });
});
