import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Endpoint } from '@sk-tanaw/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { CouncilDutiesPage } from './council-duties-page.tsx';
import { withDuties } from '../duty-label.ts';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const SOURCE = 'RA 10742 s. 7';
const state = {
  canAssign: true,
  holders: { treasurer: null, secretary: { userId: 7, name: 'Ana Reyes' }, bmo: null } as Record<
    string,
    { userId: number; name: string } | null
  >,
};

function answer(endpoint: Endpoint, options?: CallOptions<Endpoint>): Promise<unknown> {
  if (endpoint.method === 'GET') {
    return Promise.resolve({
      success: true,
      canAssign: state.canAssign,
      candidates: state.canAssign
        ? [
            { userId: 7, name: 'Ana Reyes' },
            { userId: 8, name: 'Ben Cruz' },
          ]
        : [],
      duties: (['treasurer', 'secretary', 'bmo'] as const).map((duty) => ({
        duty,
        name: duty,
        source: SOURCE,
        holder: state.holders[duty]
          ? { ...state.holders[duty], assignedAt: '2027-01-01T00:00:00.000Z' }
          : null,
      })),
    });
  }
  const duty = String(options?.params?.duty);
  const userId = (options?.body as { userId: number | null }).userId;
  state.holders[duty] =
    userId === null ? null : { userId, name: userId === 8 ? 'Ben Cruz' : 'Ana Reyes' };
  return Promise.resolve({ success: true, message: 'ok' });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CouncilDutiesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Council Duties', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(answer);
    state.canAssign = true;
    state.holders = { treasurer: null, secretary: { userId: 7, name: 'Ana Reyes' }, bmo: null };
  });

  it('shows each duty with its holder and source, and lets the chair give the treasurer duty', async () => {
    renderPage();
    const treasurer = await screen.findByRole('region', { name: 'SK Treasurer' });
    expect(within(treasurer).getByText('Vacant')).toBeInTheDocument();
    expect(within(treasurer).getByText(/^Source: RA 10742 s\. 7 .*RA 11768/)).toBeInTheDocument();
    const secretary = screen.getByRole('region', { name: 'SK Secretary' });
    expect(within(secretary).getByText('Held by Ana Reyes')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Budget Monitoring Officer' })).toBeInTheDocument();

    const save = within(treasurer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(
      within(treasurer).getByRole('combobox', { name: 'Holder of SK Treasurer' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Ben Cruz' }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => {
      expect(within(treasurer).getByText('Held by Ben Cruz')).toBeInTheDocument();
    });
    const put = call.mock.calls.find(([endpoint]) => endpoint.method === 'PUT');
    expect(put?.[1]).toMatchObject({ params: { duty: 'treasurer' }, body: { userId: 8 } });
  });

  it('shows the duties without the controls to an account that is not the chair', async () => {
    state.canAssign = false;
    renderPage();
    await screen.findByRole('region', { name: 'SK Treasurer' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(/The SK chairperson assigns them/)).toBeInTheDocument();
  });

  it('writes a position with the duties its account holds', () => {
    const t = (id: string) => ({ 'common.duty.treasurer': 'SK Treasurer' })[id] ?? id;
    expect(withDuties('SKO', ['treasurer'], t)).toBe('SKO · SK Treasurer');
    expect(withDuties('SKC', [], t)).toBe('SKC');
  });
});
