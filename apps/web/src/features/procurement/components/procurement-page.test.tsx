import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerSplittingEndpoint,
  createProcurementRequestEndpoint,
  procurementBacEndpoint,
  procurementRequestsEndpoint,
  procurementSuppliersEndpoint,
  type BacAnswer,
  type Endpoint,
  type PurchaseRequest,
  type RequestsAnswer,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { authValue, httpError, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { ProcurementPage } from './procurement-page.tsx';
import { stageOf } from './requests-section.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: { get: vi.fn() } }));
const call = vi.mocked(callEndpoint);

const REFUSAL =
  'The request (₱1,500.00) is above the line’s available balance (₱1,000.00: the appropriation less what is committed, paid or already requested).';

const BAC: BacAnswer = {
  bac: {
    orderNumber: 'SK-2026-001',
    orderDate: '2026-01-06',
    members: [
      { userId: 7, name: 'Some One', role: 'chair' },
      { userId: 8, name: 'Ana Reyes', role: 'secretariat' },
      { userId: 9, name: 'Ben Cruz', role: 'inspector' },
    ],
    updatedAt: '2026-01-06T00:00:00.000Z',
    updatedBy: 'sb.chair',
  },
  candidates: [],
  canManage: false,
  rules: [],
};

const REQUEST: PurchaseRequest = {
  id: 31,
  number: '2026-007',
  year: 2026,
  lineRef: '2026-YDEP-002',
  ppa: 'Health caravan',
  expenseClass: 'MOOE',
  objectCode: '5-02-03-050',
  purpose: 'Meals of the caravan',
  total: 48_000,
  requestedOn: '2026-03-02',
  requestedBy: 'Ana Reyes',
  status: 'requested',
  items: [
    {
      description: 'Packed meals',
      quantity: 480,
      unit: 'pack',
      unitCost: 100,
      objectCode: '5-02-03-050',
      amount: 48_000,
    },
  ],
  withinSvpCeiling: true,
  posting: { required: false, until: null, daysLeft: null, threshold: 50_000 },
  splitting: {
    warning: true,
    related: [{ number: '2026-004', total: 30_000, requestedOn: '2026-02-10' }],
    sum: 78_000,
    reason: null,
    unanswered: true,
  },
  quotations: [],
  award: null,
  resolution: null,
  order: null,
  inspections: [],
};

let served: RequestsAnswer;
let sent: { endpoint: Endpoint; body: unknown }[];

beforeEach(() => {
  sent = [];
  served = {
    year: 2026,
    requests: [REQUEST],
    lines: [
      {
        referenceCode: '2026-YDEP-002',
        ppa: 'Health caravan',
        available: { PS: 0, MOOE: 1_000, CO: 0 },
      },
    ],
    canRequest: true,
    asOf: '2026-03-02',
  };
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === procurementBacEndpoint) {
      return Promise.resolve({ success: true, bac: BAC });
    }
    if (endpoint === procurementSuppliersEndpoint) {
      return Promise.resolve({ success: true, suppliers: [], canEdit: true });
    }
    if (endpoint === procurementRequestsEndpoint) {
      return Promise.resolve({ success: true, answer: served });
    }
    sent.push({ endpoint, body: options?.body });
    if (endpoint === createProcurementRequestEndpoint) {
      return Promise.reject(httpError(422, REFUSAL));
    }
    if (endpoint === answerSplittingEndpoint) {
      const reason = (options?.body as { reason: string }).reason;
      const request = {
        ...REQUEST,
        splitting: { ...REQUEST.splitting, reason, unanswered: false },
      };
      served = { ...served, requests: [request] };
      return Promise.resolve({ success: true, message: 'ok', request });
    }
    return Promise.reject(new Error(`unexpected ${endpoint.path}`));
  });
});

const renderPage = () =>
  renderRoutes(
    authValue({ isAuthenticated: true, user: person('SKO') }),
    [{ path: '/procurement', element: <ProcurementPage /> }],
    '/procurement',
  );

describe('the procurement page', () => {
  it('shows the balance warning of a new request and the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New purchase request' }));
    const dialog = screen.getByRole('dialog', { name: 'New purchase request (2026)' });
    expect(within(dialog).getByText(/Available on this line: ₱1,000\.00/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Item description/ }), 'Chairs');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Quantity/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Quantity/ }), '3');
    await user.type(within(dialog).getByRole('textbox', { name: /^Unit\W*$/ }), 'piece');
    await user.type(within(dialog).getByRole('textbox', { name: /^Unit cost/ }), '500');
    expect(within(dialog).getByText('Total of the request: ₱1,500.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      "The request (₱1,500.00) is above the line's available balance (₱1,000.00)",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make the request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(sent[0]?.body).toMatchObject({
      lineRef: '2026-YDEP-002',
      year: 2026,
      items: [{ description: 'Chairs', quantity: 3, unit: 'piece', unitCost: 500 }],
    });
  });

  it('lets a member of the BAC answer the splitting warning in writing', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByRole('button', { name: 'Show details 2026-007' })).closest(
      'tr',
    );
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Splitting warning')).toBeInTheDocument();
    await user.click(
      within(row as HTMLElement).getByRole('button', { name: 'Show details 2026-007' }),
    );
    const detail = screen.getByRole('region', { name: 'Purchase request 2026-007' });
    expect(
      within(detail).getByText(/add up to ₱78,000\.00, above ₱50,000\.00/),
    ).toBeInTheDocument();
    expect(within(detail).getByText(/2026-004/)).toBeInTheDocument();
    await user.type(
      within(detail).getByRole('textbox', { name: "The BAC's written answer" }),
      'Two activities months apart.',
    );
    await user.click(within(detail).getByRole('button', { name: 'Record the answer' }));
    expect(
      await within(detail).findByText("The BAC's answer: Two activities months apart."),
    ).toBeInTheDocument();
    expect(sent.map((s) => s.endpoint)).toEqual([answerSplittingEndpoint]);
  });

  it('says which step comes next for each request', () => {
    expect(stageOf(REQUEST)).toBe('requested');
    expect(
      stageOf({
        ...REQUEST,
        status: 'ordered',
        inspections: [
          {
            id: 1,
            deliveredOn: '2026-03-05',
            inspectedOn: '2026-03-05',
            inspector: 'Ben Cruz',
            accepted: [480],
            reportDue: '2026-03-06',
            reportDaysLeft: 1,
          },
        ],
      }),
    ).toBe('inspected');
    expect(
      stageOf({
        ...REQUEST,
        award: {
          supplierId: 1,
          supplier: 'Alpha',
          amount: 47_000,
          justification: null,
          abstractOn: '2026-03-03',
        },
      }),
    ).toBe('abstract');
  });
});

describe('deadlines', () => {
  it('shows the days left of the posting and the days late of the copy to the auditor', async () => {
    served = {
      ...served,
      requests: [
        {
          ...REQUEST,
          splitting: { ...REQUEST.splitting, warning: false, unanswered: false },
          posting: { required: true, until: '2026-03-05', daysLeft: 3, threshold: 50_000 },
          order: {
            id: 5,
            number: 'PO-2026-003',
            orderedOn: '2026-02-20',
            amount: 47_000,
            commitmentId: 11,
            auditorDue: '2026-02-25',
            auditorDaysLeft: -1,
          },
        },
      ],
    };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show details 2026-007' }));
    const detail = screen.getByRole('region', { name: 'Purchase request 2026-007' });
    await waitFor(() =>
      expect(
        within(detail).getByText(/^Posted on PhilGEPS until: .+ · 3 days left$/),
      ).toBeInTheDocument(),
    );
    expect(
      within(detail).getByText(/^Copy of PO-2026-003 to the COA auditor by: .+ · 1 day late$/),
    ).toBeInTheDocument();
  });
});
