import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trackerAlertsEndpoint, type Endpoint, type TrackerAlert } from '@sk-tanaw/contract';
import { AuthContext, type AuthContextValue } from '../../../lib/auth/auth-context.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { DashboardPage } from './dashboard-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const ALERT: TrackerAlert = {
  kind: 'not-started-late',
  itemId: 12,
  referenceCode: 'YDEP-EDU-001',
  ppa: 'Reading hub',
  message: 'Reading hub has not started and its period ends in December.',
  since: '2026-10-01',
};

let answer: () => Promise<unknown>;

beforeEach(() => {
  answer = () => Promise.resolve({ success: true, year: 2026, alerts: [ALERT] });
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint) =>
    endpoint === trackerAlertsEndpoint ? answer() : Promise.reject(new Error('unexpected call')),
  );
});

function renderDashboard() {
  const auth: AuthContextValue = {
    isLoading: false,
    isAuthenticated: true,
    user: {
      id: 7,
      username: 'sb.official',
      fullName: 'Some One',
      position: 'SKO',
      emailAddress: '',
      phoneNumber: '',
      barangay: 'San Bartolome',
      role: 'SKO',
    },
    login: vi.fn(),
    logout: vi.fn(),
    discardSession: vi.fn(),
  };
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Dashboard tracker alerts', () => {
  it("lists the current year's alerts with links to their items", async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Project alerts 2026' });
    expect(screen.getByRole('heading', { name: 'Project alerts 2026 (1)' })).toBeVisible();
    expect(within(list).getByRole('link', { name: 'Reading hub' })).toHaveAttribute(
      'href',
      '/tracker/items/12',
    );
    expect(within(list).getByText('Not started yet · YDEP-EDU-001')).toBeVisible();
    expect(within(list).getByText(ALERT.message)).toBeVisible();
  });

  it('shows nothing when there are no alerts (no posted plan answers none)', async () => {
    answer = () => Promise.resolve({ success: true, year: 2026, alerts: [] });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeVisible();
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: /Project alerts/ })).not.toBeInTheDocument();
  });

  it('shows no error when the alerts cannot be read', async () => {
    answer = () => Promise.reject(new Error('Request failed with status code 403'));
    renderDashboard();
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Project alerts/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome to SK Tanaw Dashboard' })).toBeVisible();
  });
});
