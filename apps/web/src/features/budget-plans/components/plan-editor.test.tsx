import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PLAN_MESSAGES,
  approvePlanEndpoint,
  getPlanEndpoint,
  savePlanEndpoint,
  type BudgetPlan,
  type Endpoint,
  type SavePlanRequest,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { authValue, httpError, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { draftPlan, savedLine } from '../lib/test-fixtures.ts';
import { PlanEditorPage } from './plan-editor-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

let served: BudgetPlan;
let onSave: (body: SavePlanRequest) => Promise<unknown>;
let onApprove: () => Promise<unknown>;

beforeEach(() => {
  served = draftPlan();
  onSave = () => Promise.reject(new Error('unexpected save'));
  onApprove = () => Promise.reject(new Error('unexpected approval'));
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === getPlanEndpoint) {
      return Promise.resolve({ success: true, plan: served });
    }
    if (endpoint === savePlanEndpoint) {
      return onSave(options?.body as SavePlanRequest);
    }
    if (endpoint === approvePlanEndpoint) {
      return onApprove();
    }
    return Promise.reject(new Error('unexpected call'));
  });
});

function renderEditor(position: string, path = '/budget-planning/41') {
  return renderRoutes(
    authValue({ user: person(position) }),
    [
      { path: '/budget-planning/:id', element: <PlanEditorPage /> },
      { path: '/admin/budget-planning/:id', element: <PlanEditorPage /> },
      { path: '/budget-planning', element: <p>Plan list</p> },
    ],
    path,
  );
}

const checkItem = (title: string) =>
  within(screen.getByRole('list', { name: 'Checks' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent.includes(title));

const psCheck = () => checkItem('Personal services at most 25%');

describe('Budget plan editor', () => {
  it('recomputes the personal services check as the treasurer types', async () => {
    const user = userEvent.setup();
    renderEditor('SKO');
    const ps = await screen.findByRole('textbox', { name: 'PS, line 1' });
    expect(psCheck()).toHaveAttribute('data-status', 'pass');

    // The SK fund is ₱100,000: 25% is ₱25,000.00 exactly.
    await user.type(ps, '25000');
    expect(psCheck()).toHaveAttribute('data-status', 'pass');
    await user.type(ps, '.01');
    expect(psCheck()).toHaveAttribute('data-status', 'fail');
    expect(psCheck()).toHaveTextContent('exceed 25% of the SK fund (₱25,000.00) by ₱0.01');
    expect(screen.getByTestId('approval-blocked')).toHaveTextContent('Approval is blocked');
    // Failing checks come first.
    const items = within(screen.getByRole('list', { name: 'Checks' })).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('data-rule', 'personal-services-cap');

    await user.type(ps, '{Backspace}{Backspace}{Backspace}');
    expect(psCheck()).toHaveAttribute('data-status', 'pass');
    expect(screen.queryByTestId('approval-blocked')).not.toBeInTheDocument();
  });

  it('counts the honoraria schedule as personal services', async () => {
    const user = userEvent.setup();
    renderEditor('SKO');
    // Row 9 is the secretary's, at ₱0 (every position is budgeted).
    const rate = await screen.findByRole('textbox', { name: 'Monthly rate, honorarium 9' });
    await user.clear(rate);
    await user.type(rate, '2100');
    // 12 months of ₱2,100 is ₱25,200: over the ₱25,000 cap.
    expect(psCheck()).toHaveAttribute('data-status', 'fail');
    await user.clear(screen.getByRole('textbox', { name: 'Months, honorarium 9' }));
    await user.type(screen.getByRole('textbox', { name: 'Months, honorarium 9' }), '11');
    expect(psCheck()).toHaveAttribute('data-status', 'pass');
  });

  it("checks an other receipt's amount as it is typed and removes the receipt", async () => {
    const user = userEvent.setup();
    renderEditor('SKO');
    await user.click(await screen.findByRole('button', { name: 'Add receipt' }));
    const amount = screen.getByRole('textbox', { name: 'Amount of receipt 1' });
    await user.type(amount, '12x');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAttribute('title', 'Enter an amount in pesos, like 12500.50');
    await user.clear(amount);
    await user.type(amount, '1250.50');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Remove receipt 1' }));
    expect(screen.queryByRole('textbox', { name: 'Amount of receipt 1' })).not.toBeInTheDocument();
  });

  it('moves between cells, adds, moves and deletes lines with the keyboard', async () => {
    const user = userEvent.setup();
    renderEditor('SKO');
    const first = await screen.findByRole('textbox', { name: 'PPA, line 1' });
    await user.click(first);

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('textbox', { name: 'PPA, line 2' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('combobox', { name: 'Program, line 2' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('textbox', { name: 'PS, line 2' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('textbox', { name: 'PS, line 1' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('textbox', { name: 'PPA, line 1' })).toHaveFocus();

    // Enter goes down, and on the last line adds a line.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'PPA, line 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const added = screen.getByRole('textbox', { name: 'PPA, line 3' });
    expect(added).toHaveFocus();
    await user.keyboard('Coastal clean-up');
    expect(added).toHaveValue('Coastal clean-up');

    // While text is being edited, the arrows move the caret inside it.
    await user.keyboard('{ArrowLeft}');
    expect(added).toHaveFocus();

    await user.keyboard('{Alt>}{Shift>}{ArrowUp}{/Shift}{/Alt}');
    expect(screen.getByRole('textbox', { name: 'PPA, line 2' })).toHaveValue('Coastal clean-up');
    expect(screen.getByRole('textbox', { name: 'PPA, line 2' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'PPA, line 3' })).toHaveValue('Reading hub');

    await user.keyboard('{Control>}{Delete}{/Control}');
    expect(screen.queryByRole('textbox', { name: 'PPA, line 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'PPA, line 2' })).toHaveValue('Reading hub');
    expect(screen.getByRole('textbox', { name: 'PPA, line 2' })).toHaveFocus();
    expect(screen.getByText(/Enter goes down and, on the last line, adds a line/)).toBeVisible();
  });

  it('keeps the edits on a stale save (409) until the officer reloads', async () => {
    const user = userEvent.setup();
    let sent: SavePlanRequest | null = null;
    onSave = (body) => {
      sent = body;
      return Promise.reject(httpError(409, PLAN_MESSAGES.stale));
    };
    renderEditor('SKO');
    const ppa = await screen.findByRole('textbox', { name: 'PPA, line 1' });
    await user.clear(ppa);
    await user.type(ppa, 'Basketball league');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByText(new RegExp(PLAN_MESSAGES.stale.slice(0, 40)));
    expect(alert).toBeVisible();
    expect(sent).toMatchObject({
      version: 3,
      lines: [
        { id: 1, ppa: 'Basketball league' },
        { id: 2, ppa: 'Reading hub' },
      ],
    });
    expect(screen.getByRole('textbox', { name: 'PPA, line 1' })).toHaveValue('Basketball league');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Someone else saved version 4; reloading shows their plan.
    served = draftPlan({
      version: 4,
      lines: [savedLine({ ppa: 'Volleyball league' })],
      updatedBy: 'sb.chair',
    });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'PPA, line 1' })).toHaveValue('Volleyball league');
    });
    expect(screen.queryByRole('textbox', { name: 'PPA, line 2' })).not.toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('saves with the version it started from and shows the saved plan', async () => {
    const user = userEvent.setup();
    onSave = (body) =>
      Promise.resolve({
        success: true,
        message: PLAN_MESSAGES.saved,
        plan: draftPlan({
          version: 4,
          lines: body.lines.map((line, i) =>
            savedLine({
              ...line,
              id: i + 1,
              referenceCode: line.referenceCode || 'GEN-9',
              objects: [],
            }),
          ),
        }),
      });
    renderEditor('SKO');
    await user.click(await screen.findByRole('button', { name: 'Add line' }));
    expect(screen.getByRole('textbox', { name: 'PPA, line 3' })).toHaveFocus();
    await user.keyboard('Tree planting');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText(PLAN_MESSAGES.saved)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Reference code, line 3' })).toHaveValue('GEN-9');
    expect(screen.getByText('Unsaved changes')).not.toBeVisible();
  });

  it('is read only for an administrator, with no action that changes the plan', async () => {
    renderEditor('MA', '/admin/budget-planning/41');
    const ppa = await screen.findByRole('textbox', { name: 'PPA, line 1' });
    expect(ppa).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Centre, line 1' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: '10% share (₱)' })).toHaveAttribute('readonly');
    for (const name of [
      'Save',
      'Approve',
      'Add line',
      'Add honorarium',
      'Add receipt',
      'New version',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Delete line 1' })).not.toBeInTheDocument();
    expect(screen.getByText(/Administrators see budget plans read only/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /All budget plans/ })).toHaveAttribute(
      'href',
      '/admin/budget-planning',
    );
  });

  it('lets only the chairperson approve, and shows the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    onApprove = () =>
      Promise.reject(
        httpError(409, PLAN_MESSAGES.approveFailing(['Personal services exceed 25%'])),
      );
    renderEditor('SKC');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the budget plan' });
    await user.type(within(dialog).getByLabelText(/SK resolution number/), 'SK-2026-014');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The plan cannot be approved while checks fail: Personal services exceed 25%.',
    );
  });

  it('offers no approval to an official', async () => {
    renderEditor('SKO');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});
