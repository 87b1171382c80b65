import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PLAN_MESSAGES,
  getPlanEndpoint,
  savePlanEndpoint,
  type BudgetPlan,
  type Endpoint,
  type SavePlanRequest,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { draftPlan } from '../lib/test-fixtures.ts';
import { PlanEditorPage } from './plan-editor-page.tsx';

/**
 * The notice and vacancies in the editor: the barangay treasurer's notice beside the city or
 * municipal
 * treasurer's certification, a vacant flag on every honoraria row, and the help that says the
 * chairperson's row is the cap's reference and what counts as training of SK officials.
 */

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

let served: BudgetPlan;
let sent: SavePlanRequest | null;

beforeEach(() => {
  served = draftPlan();
  sent = null;
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === getPlanEndpoint) {
      return Promise.resolve({ success: true, plan: served });
    }
    if (endpoint === savePlanEndpoint) {
      sent = options?.body as SavePlanRequest;
      return Promise.resolve({ success: true, message: PLAN_MESSAGES.saved, plan: served });
    }
    return Promise.reject(new Error('unexpected call'));
  });
});

const renderEditor = (position: string, path = '/budget-planning/41') =>
  renderRoutes(
    authValue({ user: person(position) }),
    [
      { path: '/budget-planning/:id', element: <PlanEditorPage /> },
      { path: '/admin/budget-planning/:id', element: <PlanEditorPage /> },
    ],
    path,
  );

const receiptsCheck = () =>
  within(screen.getByRole('list', { name: 'Checks' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('data-rule') === 'receipts-certified');

describe('Budget plan editor: notice, certification and vacant seats', () => {
  it('edits the barangay treasurer’s notice beside the certification, and the check follows', async () => {
    const user = userEvent.setup();
    renderEditor('SKO');
    const noticeBy = await screen.findByRole('textbox', { name: 'Barangay treasurer' });
    expect(noticeBy).toHaveValue('Edgardo L. Manalo');
    expect(noticeBy).toHaveAccessibleDescription(
      'Who informed the SK chairperson and treasurer in writing of the estimated 10% share',
    );
    expect(screen.getByLabelText("Date of the barangay treasurer's notice")).toHaveValue(
      '2026-09-12',
    );
    expect(screen.getByRole('textbox', { name: 'City or municipal treasurer' })).toHaveValue(
      'Rosa Reyes',
    );
    expect(screen.getByLabelText('Date of the certification of income')).toHaveValue('2026-09-10');
    expect(receiptsCheck()).toHaveAttribute('data-status', 'pass');

    await user.clear(noticeBy);
    expect(receiptsCheck()).toHaveAttribute('data-status', 'fail');
    expect(receiptsCheck()).toHaveTextContent("the barangay treasurer's name");
    await user.type(noticeBy, 'Lorna B. Ocampo');
    expect(receiptsCheck()).toHaveAttribute('data-status', 'pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => {
      expect(sent?.receipts).toMatchObject({
        noticeOn: '2026-09-12',
        noticeBy: 'Lorna B. Ocampo',
        certifiedOn: '2026-09-10',
        certifiedBy: 'Rosa Reyes',
      });
    });
  });

  it('flags a vacant seat by a labelled checkbox per row and saves it', async () => {
    const user = userEvent.setup();
    renderEditor('SKO');
    const table = await screen.findByRole('table', { name: 'Honoraria schedule' });
    expect(table).toHaveAccessibleDescription(/The chairperson's monthly compensation is the/);
    expect(within(table).getByRole('columnheader', { name: 'Vacant' })).toBeVisible();
    // The fixture: the chairperson, a named member, six vacant seats, the secretary, the treasurer.
    const vacant = (n: number) =>
      within(table).getByRole('checkbox', { name: `Vacant, honorarium ${String(n)}` });
    expect(vacant(1)).not.toBeChecked();
    expect(vacant(2)).not.toBeChecked();
    expect(vacant(3)).toBeChecked();
    expect(vacant(10)).not.toBeChecked();
    await user.click(vacant(2));
    await user.click(vacant(3));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => {
      expect(sent?.honoraria.map((h) => h.vacant)).toEqual([
        false,
        true,
        false,
        true,
        true,
        true,
        true,
        true,
        false,
        false,
      ]);
    });
    // The training help sits with the lines, describing their table.
    expect(screen.getByRole('table', { name: 'Lines of the plan' })).toHaveAccessibleDescription(
      /mandatory and continuing training of SK officials: it counts toward the 15% cap/,
    );
  });

  it('shows the notice and the vacant flags read only to an administrator', async () => {
    renderEditor('MA', '/admin/budget-planning/41');
    expect(await screen.findByRole('textbox', { name: 'Barangay treasurer' })).toHaveAttribute(
      'readonly',
    );
    expect(screen.getByRole('checkbox', { name: 'Vacant, honorarium 3' })).toBeDisabled();
  });
});
