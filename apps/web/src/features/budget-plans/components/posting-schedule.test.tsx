import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisclosureDue } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { PlanPostingDue } from './posting-schedule.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

afterEach(() => {
  cleanup();
  call.mockReset();
});

function renderDue(due: Partial<DisclosureDue>) {
  call.mockResolvedValue({
    success: true,
    schedule: {
      asOf: '2026-11-28',
      postings: [],
      nextDue: [
        {
          document: 'abyip',
          year: 2026,
          dueOn: '2026-01-01',
          overdue: true,
          source: 'DILG MC No. 2023-068',
          confirmed: true,
          ...due,
        },
      ],
      term: null,
    },
  });
  renderRoutes(
    authValue({ user: person('SKC') }),
    [{ path: '/budget-planning/1', element: <PlanPostingDue year={2026} /> }],
    '/budget-planning/1',
  );
}

describe("the plan's posting deadline", () => {
  it('is overdue for a council that was here when it passed', async () => {
    renderDue({});
    expect(
      await screen.findByText(/it was due on the board by Jan 1, 2026; post it now/),
    ).toBeVisible();
  });

  it('is before SK Tanaw, not overdue, for a council onboarded after it', async () => {
    renderDue({ overdue: false, beforeOnboarding: true });
    expect(
      await screen.findByText(/before the council began using SK Tanaw; post it when it is ready/),
    ).toBeVisible();
    expect(screen.queryByText(/post it now/)).not.toBeInTheDocument();
  });
});
