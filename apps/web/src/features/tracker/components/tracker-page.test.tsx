import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TRACKER_MESSAGES,
  trackerOverviewEndpoint,
  type Endpoint,
  type TrackerOverview,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { ALERTS, overview } from '../lib/test-fixtures.ts';
import { renderTracker } from '../lib/test-render.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

let served: (year: number | undefined) => TrackerOverview;
let askedYears: (number | undefined)[];

beforeEach(() => {
  served = () => overview();
  askedYears = [];
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === trackerOverviewEndpoint) {
      const year = (options?.query as { year?: number } | undefined)?.year;
      askedYears.push(year);
      return Promise.resolve({ success: true, tracker: served(year) });
    }
    return Promise.reject(new Error('unexpected call'));
  });
});

describe('Project Tracker page', () => {
  it('shows the totals, statuses, utilisation by centre, alerts and the items by centre', async () => {
    renderTracker('SKO', '/tracker');
    expect(await screen.findByTestId('tracker-appropriated')).toHaveTextContent('₱55,000.50');
    expect(screen.getByRole('heading', { name: 'Project Tracker', level: 1 })).toBeVisible();
    expect(screen.getByTestId('tracker-disbursed')).toHaveTextContent('₱9,000.00');
    expect(screen.getByTestId('tracker-balance')).toHaveTextContent('₱46,000.50');
    expect(screen.getByTestId('tracker-utilisation')).toHaveTextContent('16.4%');
    const statuses = screen.getByRole('list', { name: 'Items by status' });
    expect(
      within(statuses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Not started1', 'Ongoing1', 'Completed1', 'Cancelled0', 'Deferred0']);

    const chart = screen.getByTestId('spending-chart');
    expect(
      within(chart).getByRole('img', { name: 'Disbursed against appropriated, by centre, 2026' }),
    ).toBeVisible();
    expect(chart.querySelector('[data-row="Education"]')).toHaveTextContent(
      'Education · ₱4,000.00 of ₱20,000.0020%',
    );

    const alerts = screen.getByRole('list', { name: 'Alerts, 2026' });
    expect(within(alerts).getAllByRole('listitem')).toHaveLength(2);
    expect(within(alerts).getByRole('link', { name: 'Medical mission' })).toHaveAttribute(
      'href',
      '/tracker/items/11',
    );
    expect(
      within(alerts).getByText("Checkpoint 'Doctors confirmed' was due 2026-03-15."),
    ).toBeVisible();

    const table = screen.getByRole('table', { name: 'Tracked items' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Centre headings, each followed by its items.
    expect(
      rows.map((row) => row.getAttribute('data-centre') ?? row.getAttribute('data-item')),
    ).toEqual([
      'Health',
      'YDEP-HEA-001',
      'Education',
      'YDEP-EDU-001',
      'General administration',
      'GAP-001',
    ]);
    const mission = within(table).getByRole('row', { name: /Medical mission/ });
    expect(mission).toHaveTextContent('Not started');
    expect(mission).toHaveTextContent('Planned: Feb 1 – Apr 30Actual: —');
    expect(mission).toHaveTextContent('₱30,000.50');
    expect(mission).toHaveTextContent('1 overdue');
    expect(within(mission).getByText('1 of 2 checkpoints done')).toBeInTheDocument();
    expect(
      within(mission).getByRole('progressbar', { name: 'Medical mission: 0% utilised' }),
    ).toBeVisible();
    expect(within(table).getByRole('link', { name: 'Reading hub' })).toHaveAttribute(
      'href',
      '/tracker/items/12',
    );
    expect(screen.getByRole('button', { name: 'Reports' })).toBeEnabled();
    expect(screen.queryByText(/read only/)).not.toBeInTheDocument();
  });

  it('shows the first five alerts, and all on request', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 7 }, (_, i) => ({
      ...ALERTS[0],
      kind: 'checkpoint-overdue' as const,
      itemId: 11,
      referenceCode: 'YDEP-HEA-001',
      ppa: 'Medical mission',
      message: `Checkpoint ${String(i)} is overdue.`,
      since: `2026-03-1${String(i)}`,
    }));
    served = () => overview({ alerts: many });
    renderTracker('SKO', '/tracker');
    const alerts = await screen.findByRole('list', { name: 'Alerts, 2026' });
    expect(within(alerts).getAllByRole('listitem')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show all 7 alerts' }));
    expect(within(alerts).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('offers the quarterly and year-end reports as Excel and PDF', async () => {
    const user = userEvent.setup();
    renderTracker('SKC', '/tracker');
    await user.click(await screen.findByRole('button', { name: 'Reports' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Q1 report (Excel)',
      'Q1 report (PDF)',
      'Q2 report (Excel)',
      'Q2 report (PDF)',
      'Q3 report (Excel)',
      'Q3 report (PDF)',
      'Q4 report (Excel)',
      'Q4 report (PDF)',
      'Year-end report (Excel)',
      'Year-end report (PDF)',
    ]);
  });

  it('shows an administrator the tracker read only, with item links in the admin area', async () => {
    renderTracker('MA', '/admin/tracker');
    const table = await screen.findByRole('table', { name: 'Tracked items' });
    expect(within(table).getByRole('link', { name: 'Reading hub' })).toHaveAttribute(
      'href',
      '/admin/tracker/items/12',
    );
    expect(screen.getByText(/Administrators see the tracker read only/)).toBeVisible();
  });

  it('picks another posted year and keeps it in the address', async () => {
    const user = userEvent.setup();
    served = (year) =>
      overview({ year: year ?? 2026, alerts: year === 2025 ? [] : overview().alerts });
    const router = renderTracker('SKO', '/tracker');
    await user.click(await screen.findByRole('combobox', { name: 'Year' }));
    await user.click(screen.getByRole('option', { name: '2025' }));
    await waitFor(() => expect(router.state.location.search).toBe('?year=2025'));
    expect(await screen.findByRole('heading', { name: 'Alerts (0)' })).toBeVisible();
    expect(askedYears).toEqual([undefined, 2025]);
  });

  it('says when the year has no posted plan, with a link to Budget Planning', async () => {
    served = () =>
      overview({
        year: 2027,
        plan: null,
        years: [2026],
        items: [],
        byCentre: [],
        alerts: [],
        totals: { appropriated: 0, disbursed: 0, balance: 0, utilisation: null },
      });
    renderTracker('SKO', '/tracker?year=2027');
    expect(await screen.findByText(TRACKER_MESSAGES.noPostedPlan(2027))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Budget Planning' })).toHaveAttribute(
      'href',
      '/budget-planning',
    );
    expect(screen.getByRole('button', { name: 'Reports' })).toBeDisabled();
    expect(screen.queryByRole('table', { name: 'Tracked items' })).not.toBeInTheDocument();
  });
});
