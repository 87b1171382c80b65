import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { plannedSpentEndpoint, type Endpoint, type PlannedSpent } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { PlannedSpentSection } from './planned-spent-section.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const YEARS: PlannedSpent[] = [
  {
    year: 2025,
    planned: 100000,
    spent: 80000,
    byCentre: [
      { centre: 'Health', planned: 60000, spent: 60000 },
      { centre: null, planned: 40000, spent: 20000 },
    ],
  },
  {
    year: 2026,
    planned: 120000,
    spent: 30000,
    byCentre: [{ centre: 'Education', planned: 120000, spent: 30000 }],
  },
];

let answer: () => Promise<unknown>;

beforeEach(() => {
  answer = () => Promise.resolve({ success: true, years: YEARS });
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint) =>
    endpoint === plannedSpentEndpoint ? answer() : Promise.reject(new Error('unexpected call')),
  );
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PlannedSpentSection />
    </QueryClientProvider>,
  );
}

describe('Planned vs spent on the Budget Forecasting page', () => {
  it('shows each year planned and spent, and a year by centre', async () => {
    const user = userEvent.setup();
    renderSection();
    expect(
      await screen.findByRole('heading', { name: 'Planned vs spent', level: 2 }),
    ).toBeVisible();
    const years = screen.getByTestId('planned-spent-years');
    expect(within(years).getByRole('img', { name: 'Planned and spent by year' })).toBeVisible();
    expect(years.querySelector('[data-row="2025"]')).toHaveTextContent(
      '2025 · ₱80,000.00 of ₱100,000.0080%',
    );
    // The newest year by centre first; another year on request.
    const centres = screen.getByTestId('planned-spent-centres');
    expect(
      within(centres).getByRole('img', { name: 'Planned and spent by centre, 2026' }),
    ).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    await user.click(screen.getByRole('option', { name: '2025' }));
    const chosen = screen.getByTestId('planned-spent-centres');
    expect(
      within(chosen).getByRole('img', { name: 'Planned and spent by centre, 2025' }),
    ).toBeVisible();
    expect(chosen.querySelector('[data-row="general"]')).toHaveTextContent(
      'General administration',
    );
  });

  it('shows nothing without a posted year', async () => {
    answer = () => Promise.resolve({ success: true, years: [] });
    renderSection();
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Planned vs spent' })).not.toBeInTheDocument();
  });
});
