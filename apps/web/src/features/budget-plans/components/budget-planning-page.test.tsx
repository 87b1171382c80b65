import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPlanEndpoint,
  disclosureScheduleEndpoint,
  listPlansEndpoint,
  postReportEndpoint,
  type DisclosureSchedule,
  manilaYear,
  type CreatePlanRequest,
  type Endpoint,
  type PlanSummary,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { draftPlan } from '../lib/test-fixtures.ts';
import { BudgetPlanningPage } from './budget-planning-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const NEXT = manilaYear(new Date()) + 1;

const summary = (overrides: Partial<PlanSummary>): PlanSummary => ({
  id: 1,
  year: NEXT - 1,
  status: 'posted',
  version: 2,
  kind: 'original',
  amendment: 0,
  receipts: 100000,
  appropriations: 90000,
  failing: 0,
  updatedAt: '2026-01-20T03:00:00.000Z',
  ...overrides,
});

let created: CreatePlanRequest | null = null;
let reported: unknown = null;

/** Nothing posted yet; the end-of-term report overdue, next year's ABYIP due. */
const SCHEDULE: DisclosureSchedule = {
  asOf: '2026-12-02',
  term: { startsOn: '2023-11-30', endsOn: '2026-11-30', source: 'RA 11935' },
  postings: [],
  nextDue: [
    {
      document: 'end-of-term-report',
      year: 2026,
      dueOn: '2026-11-30',
      overdue: true,
      source: 'IRR of RA 10742 s. 8',
      confirmed: false,
    },
    {
      document: 'abyip',
      year: 2027,
      dueOn: '2027-01-01',
      overdue: false,
      source: 'DILG MC No. 2023-068',
      confirmed: true,
    },
  ],
};

beforeEach(() => {
  created = null;
  reported = null;
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === disclosureScheduleEndpoint) {
      return Promise.resolve({ success: true, barangayCode: 'SB', schedule: SCHEDULE });
    }
    if (endpoint === postReportEndpoint) {
      reported = options?.body;
      return Promise.resolve({
        success: true,
        schedule: {
          ...SCHEDULE,
          nextDue: SCHEDULE.nextDue.slice(1),
          postings: [
            {
              document: 'end-of-term-report',
              year: 2026,
              planId: null,
              postedOn: '2026-12-02T02:00:00.000Z',
              postedUntil: '2027-12-02',
              period: { basis: 'days', value: 365, source: 'IRR of RA 10742 s. 8' },
              stillRequired: true,
            },
          ],
        },
      });
    }
    if (endpoint === listPlansEndpoint) {
      return Promise.resolve({
        success: true,
        plans: [
          summary({}),
          summary({
            id: 2,
            year: NEXT - 1,
            kind: 'supplemental',
            amendment: 1,
            status: 'draft',
            failing: 2,
          }),
        ],
      });
    }
    if (endpoint === createPlanEndpoint) {
      created = options?.body as CreatePlanRequest;
      return Promise.resolve({
        success: true,
        message: `Draft budget plan for ${String(NEXT)} created.`,
        plan: draftPlan({ id: 77, year: NEXT }),
      });
    }
    return Promise.reject(new Error('unexpected call'));
  });
});

function renderPage(position: string, path = '/budget-planning') {
  return renderRoutes(
    authValue({ user: person(position) }),
    [
      { path: '/budget-planning', element: <BudgetPlanningPage /> },
      { path: '/admin/budget-planning', element: <BudgetPlanningPage /> },
      { path: '/budget-planning/:id', element: <p>Editor</p> },
    ],
    path,
  );
}

describe('Budget Planning list', () => {
  it("lists every version and creates next year's plan from the chosen sources", async () => {
    const user = userEvent.setup();
    const router = renderPage('SKO');
    const table = await screen.findByRole('table', { name: 'Budget plans' });
    expect(
      within(table).getByRole('row', {
        name: new RegExp(
          `${String(NEXT - 1)} plan \\(Supplemental budget No\\. 1\\).*Draft.*2 failing`,
        ),
      }),
    ).toBeVisible();
    expect(screen.getByLabelText('Fiscal year')).toHaveValue(String(NEXT));
    await user.click(screen.getByRole('checkbox', { name: "Last year's plan" }));
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Editor')).toBeVisible();
    expect(router.state.location.pathname).toBe('/budget-planning/77');
    expect(created).toEqual({
      year: NEXT,
      prefill: { previousPlan: false, acceptedProposals: true, forecast: true, cbydp: true },
    });
  });

  it('points to the existing plan when the chosen year has one', async () => {
    const user = userEvent.setup();
    renderPage('SKC');
    await screen.findByRole('table', { name: 'Budget plans' });
    await user.clear(screen.getByLabelText('Fiscal year'));
    await user.type(screen.getByLabelText('Fiscal year'), String(NEXT - 1));
    expect(screen.getByRole('link', { name: `Open the ${String(NEXT - 1)} plan` })).toHaveAttribute(
      'href',
      '/budget-planning/2',
    );
  });

  it('offers administrators no way to create a plan, and links into the admin area', async () => {
    renderPage('MA', '/admin/budget-planning');
    const table = await screen.findByRole('table', { name: 'Budget plans' });
    expect(screen.queryByRole('button', { name: 'Create plan' })).not.toBeInTheDocument();
    expect(screen.getByText(/Administrators see budget plans read only/)).toBeVisible();
    expect(within(table).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/admin/budget-planning/2',
    );
  });

  it('lets the chairperson post the overdue end-of-term report from the schedule', async () => {
    renderPage('SKC');
    const due = await screen.findByRole('list', { name: 'What must be posted next' });
    const item = within(due).getAllByRole('listitem')[0];
    expect(item).toHaveTextContent('Overdue');
    // Plans go on the board from their own page: no button on the ABYIP.
    expect(within(due).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(
      within(due).getByRole('button', {
        name: 'Post the End-of-term report (term ending 2026)',
      }),
    );
    expect(reported).toEqual({ document: 'end-of-term-report', year: 2026 });
    const posted = await screen.findByRole('list', { name: 'Posted documents' });
    expect(posted).toHaveTextContent('Stays posted until Dec 2, 2027 (365 days from posting).');
    expect(within(posted).getByRole('link')).toHaveAttribute(
      'href',
      '/api/public/disclosure/SB/end-of-term/2026?format=pdf',
    );
  });

  it('shows an official the schedule without a way to post', async () => {
    renderPage('SKO');
    const due = await screen.findByRole('list', { name: 'What must be posted next' });
    expect(within(due).queryAllByRole('button')).toHaveLength(0);
  });
});
