import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CommitmentInput, RegistryLine } from '@sk-tanaw/contract';
import { CommitmentDialog } from './registry-dialogs.tsx';

const object = (code: string, name: string, appropriated: number, unobligated: number) => ({
  code,
  name,
  appropriated,
  committed: appropriated - unobligated,
  paid: 0,
  unobligated,
  unpaid: appropriated - unobligated,
});

const line = (objects: RegistryLine['objects']): RegistryLine => ({
  itemId: 7,
  referenceCode: '3000-000-2-1-01',
  ppa: 'Health caravan',
  expenseClass: 'MOOE',
  appropriated: 30_000,
  committed: 5_000,
  paid: 0,
  unobligated: 25_000,
  unpaid: 5_000,
  commitments: [],
  directPayments: [],
  objects,
});

describe('the commitment dialog', () => {
  it('offers the line’s objects with what each has left, and sends the one chosen', async () => {
    const onSubmit = vi.fn<(body: CommitmentInput) => void>();
    render(
      <CommitmentDialog
        line={line([
          object('5-02-03-050', 'Food Supplies Expenses', 12_000, 7_000),
          object('5-02-03-990', 'Other Supplies and Materials Expenses', 18_000, 18_000),
        ])}
        busy={false}
        error={null}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Object of expenditure' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'The object with the most left',
      '5-02-03-050 Food Supplies Expenses · ₱7,000.00 left',
      '5-02-03-990 Other Supplies and Materials Expenses · ₱18,000.00 left',
    ]);
    await user.click(options[1] as HTMLElement);
    await user.type(screen.getByRole('textbox', { name: /amount/i }), '2500');
    await user.type(screen.getByRole('textbox', { name: /reference/i }), 'PO 2026-05-001');
    await user.type(screen.getByRole('textbox', { name: /payee/i }), 'Bayanihan Foods');
    await user.click(screen.getByRole('button', { name: /record commitment|save/i }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 2500, objectCode: '5-02-03-050', expenseClass: 'MOOE' }),
    );
  });

  it('asks nothing when the line has one object: the server charges it there', async () => {
    const onSubmit = vi.fn<(body: CommitmentInput) => void>();
    render(
      <CommitmentDialog
        line={line([
          object('5-02-99-990', 'Other Maintenance and Operating Expenses', 30_000, 25_000),
        ])}
        busy={false}
        error={null}
        onSubmit={onSubmit}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('combobox', { name: 'Object of expenditure' })).toBeNull();
  });
});
