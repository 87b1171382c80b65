import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  planReviewStatusEndpoint,
  submitPlanEndpoint,
  type Endpoint,
  type PlanReviewStatus,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { PlanReviewPanel } from './plan-review-panel.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

/** An approved plan not yet submitted: the submission deadline runs. */
const STATUS: PlanReviewStatus = {
  planId: 4,
  submittable: true,
  deadlines: [
    {
      rule: 'review-submit-days',
      days: 10,
      source: 'JMC No. 1 s. 2019',
      from: '2026-11-20',
      dueOn: '2026-11-30',
      doneOn: null,
      daysRemaining: 2,
      late: false,
    },
  ],
  submission: null,
};

afterEach(() => {
  cleanup();
  call.mockReset();
});

function renderPanel(hasResolutionFile: boolean, submitAnswer: object = {}) {
  call.mockImplementation((endpoint: Endpoint) => {
    if (endpoint === submitPlanEndpoint) {
      return Promise.resolve({ success: true, message: 'Budget submitted.', ...submitAnswer });
    }
    if (endpoint !== planReviewStatusEndpoint) {
      throw new Error(`unexpected call to ${endpoint.path}`);
    }
    return Promise.resolve({ success: true, review: STATUS });
  });
  renderRoutes(
    authValue({ user: person('SKC') }),
    [
      {
        path: '/budget-planning/4',
        element: <PlanReviewPanel planId={4} canSubmit hasResolutionFile={hasResolutionFile} />,
      },
    ],
    '/budget-planning/4',
  );
}

describe('submitting an approved budget to the city', () => {
  it('says why the button waits when the approving resolution is missing, until it is attached', async () => {
    renderPanel(false);
    const submit = await screen.findByRole('button', { name: 'Submit to the city' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(
      'To submit, attach the resolution of the sangguniang kabataan approving this budget (PDF).',
    );
    const pdf = new File(['%PDF-1.4'], 'resolution.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Attach the approving resolution (PDF)'), pdf);
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/To submit, attach/)).not.toBeInTheDocument();
  });

  it('needs no word when the resolution was stored at approval', async () => {
    renderPanel(true);
    const submit = await screen.findByRole('button', { name: 'Submit to the city' });
    expect(submit).toBeEnabled();
    expect(screen.queryByText(/To submit, attach/)).not.toBeInTheDocument();
  });

  it('tells the chair when the city has no active budget officer to review it', async () => {
    renderPanel(true, {
      warning: { code: 'NO_BUDGET_OFFICER', message: 'The city has no active budget officer yet.' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit to the city' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The city has no active budget officer yet, so nobody there can review this budget for now',
    );
  });

  it('says nothing more when the city has its budget officer', async () => {
    renderPanel(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit to the city' }));
    await vi.waitFor(() => {
      expect(call).toHaveBeenCalledWith(submitPlanEndpoint, expect.anything());
    });
    expect(screen.queryByText(/no active budget officer/)).not.toBeInTheDocument();
  });
});
