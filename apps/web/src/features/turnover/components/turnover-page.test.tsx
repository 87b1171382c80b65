import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Endpoint, Turnover } from '@sk-tanaw/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { TurnoverPage } from './turnover-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const base = (): Turnover => ({
  term: { startsOn: '2023-11-30', endsOn: '2026-11-30', source: 'RA 11935' },
  terms: [],
  state: 'not started',
  signedOn: null,
  team: null,
  candidates: [
    { userId: 7, name: 'Ana Reyes' },
    { userId: 8, name: 'Ben Cruz' },
  ],
  canManage: true,
  rules: { minMembers: 2, maxMembers: 14, source: 'DILG MC No. 2023-047', confirmed: false },
  inventory: {
    properties: [
      {
        year: 2025,
        referenceCode: 'YDEP-HEA-001',
        ppa: 'Health caravan',
        status: 'completed',
        appropriated: 10_000,
        committed: 8_000,
        paid: 5_000,
        evidence: 2,
      },
    ],
    balances: [],
    openCommitments: [],
    documents: [
      {
        kind: 'kk-registry',
        year: null,
        title: 'Katipunan ng Kabataan youth profiles',
        reference: 'Kept by the SK secretary',
        count: 320,
      },
    ],
    rows: [],
  },
  asOf: '2026-11-28',
});

let current: Turnover;

function answer(endpoint: Endpoint, options?: CallOptions<Endpoint>): Promise<unknown> {
  if (endpoint.method === 'GET') {
    return Promise.resolve({ success: true, turnover: current });
  }
  if (endpoint.path === '/api/turnover/team') {
    const body = options?.body as { orderNumber: string; orderDate: string; memberIds: number[] };
    current = {
      ...current,
      state: 'in progress',
      team: {
        orderNumber: body.orderNumber,
        orderDate: body.orderDate,
        members: [
          { userId: 1, name: 'Miguel Santos', role: 'chair' },
          ...body.memberIds.map((id) => ({
            userId: id,
            name: id === 7 ? 'Ana Reyes' : 'Ben Cruz',
            role: 'member' as const,
          })),
        ],
        createdAt: '2026-11-28T00:00:00Z',
        updatedAt: '2026-11-28T00:00:00Z',
      },
    };
  }
  return Promise.resolve({ success: true, message: 'ok', turnover: current });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TurnoverPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Turnover', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(answer);
    current = base();
  });

  it('shows the pre-filled inventory and lets the chair create the SKIT', async () => {
    renderPage();
    expect(await screen.findByText('Inventory: not started')).toBeInTheDocument();
    expect(screen.getByText('Health caravan')).toBeInTheDocument();
    expect(screen.getByText('320')).toBeInTheDocument();
    const team = screen.getByRole('region', { name: 'SK Inventory Team (SKIT)' });
    await userEvent.type(within(team).getByLabelText('Order number'), '2026-07');
    await userEvent.click(within(team).getByLabelText('Ana Reyes'));
    await userEvent.click(within(team).getByLabelText('Ben Cruz'));
    await userEvent.click(within(team).getByRole('button', { name: 'Create the team' }));
    await waitFor(() => {
      expect(screen.getByTestId('skit-order')).toHaveTextContent('SK Order No. 2026-07');
    });
    const put = call.mock.calls.find(([endpoint]) => endpoint.method === 'PUT');
    expect(put?.[1]).toMatchObject({
      body: { orderNumber: '2026-07', memberIds: [7, 8], viceChairId: null },
    });
    expect(screen.getByText('Inventory: in progress')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a row' })).toBeInTheDocument();
  });

  it('shows no controls to an account that is not the chair', async () => {
    current = { ...base(), canManage: false, candidates: [] };
    renderPage();
    await screen.findByText('Health caravan');
    expect(screen.queryByRole('button', { name: 'Create the team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a row' })).toBeNull();
  });
});
