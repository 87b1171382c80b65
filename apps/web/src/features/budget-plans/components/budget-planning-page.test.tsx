import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPlanEndpoint,
  listPlansEndpoint,
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

beforeEach(() => {
  created = null;
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
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
});
