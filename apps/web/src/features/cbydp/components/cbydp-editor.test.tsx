import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cbydp } from '@sk-tanaw/contract';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { CbydpEditor } from './cbydp-editor.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));

const PLAN: Cbydp = {
  id: 4,
  startYear: 2030,
  endYear: 2032,
  period: '2030-2032',
  status: 'draft',
  version: 1,
  officeAssumedOn: '2030-01-02',
  rows: [
    {
      centre: 'Health',
      concern: 'Little access to health services',
      objective: '',
      indicator: '',
      targets: ['', '', ''],
      ppas: '',
      budgets: [0, 0, 0],
      responsible: '',
    },
  ],
  totals: [0, 0, 0],
  due: { state: 'due', dueOn: '2030-04-02', months: 3, source: 'RA 11768 s. 1' },
  approval: null,
  updatedAt: '2030-01-02T00:00:00.000Z',
  updatedBy: 'someone',
};

/** The editor with the plan as the query cache would hand it: `refetch` gives a new object. */
function Harness() {
  const [plan, setPlan] = useState(PLAN);
  return (
    <>
      <button type="button" onClick={() => setPlan({ ...plan, rows: [...plan.rows] })}>
        refetch
      </button>
      <button
        type="button"
        onClick={() => setPlan({ ...plan, version: plan.version + 1, rows: [...PLAN.rows] })}
      >
        saved elsewhere
      </button>
      <CbydpEditor plan={plan} />
    </>
  );
}

describe('CBYDP editor', () => {
  it('keeps what the user typed when the plan is read again, same version or newer', async () => {
    const user = userEvent.setup();
    renderRoutes(
      authValue({ user: person('SKC') }),
      [{ path: '/cbydp', element: <Harness /> }],
      '/cbydp',
    );
    const objective = await screen.findByRole('textbox', { name: 'Objective, row 1, Health' });
    await user.type(objective, 'Bring health services to the youth');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    // A background refetch (the window refocused): the same version as a new object.
    await user.click(screen.getByRole('button', { name: 'refetch' }));
    expect(objective).toHaveValue('Bring health services to the youth');
    expect(save).toBeEnabled();
    // Someone else saved meanwhile: the edits stay (the save will get its 409).
    await user.click(screen.getByRole('button', { name: 'saved elsewhere' }));
    expect(objective).toHaveValue('Bring health services to the youth');
    expect(save).toBeEnabled();
  });
});
