import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@sk-tanaw/contract';
import { CreateAccountDialog } from './create-account-dialog.tsx';

function setup(onCreate = vi.fn(() => Promise.resolve(true)), barangay = 'Nagkaisang Nayon') {
  render(
    <CreateAccountDialog
      open
      barangay={barangay}
      busy={false}
      error={null}
      onClose={vi.fn()}
      onCreate={onCreate}
    />,
  );
  const form = screen.getByRole('dialog', { name: 'Create Account' });
  return { form, onCreate };
}

describe('Create Account dialog', () => {
  it('keeps Create disabled until the e-mail is valid and names a bad domain', async () => {
    const user = userEvent.setup();
    const { form } = setup();
    const create = within(form).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText(/Email Address/), 'someone@hotmail.com');
    await user.tab();
    expect(create).toBeDisabled();
    expect(within(form).getByText(ADMIN_MESSAGES.emailDomain)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Email Address/));
    await user.type(within(form).getByLabelText(/Email Address/), 'Someone@GMAIL.com');
    expect(create).toBeEnabled();
  });

  it("requires every field, then asks to confirm and sends the admin's barangay choice", async () => {
    const user = userEvent.setup();
    const { form, onCreate } = setup();
    await user.type(within(form).getByLabelText(/Email Address/), 'rica@gmail.com');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByText('Username is required')).toBeInTheDocument();
    expect(within(form).getByText('Full Name is required')).toBeInTheDocument();
    expect(within(form).getByText('Phone Number is required')).toBeInTheDocument();
    expect(onCreate).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText(/Username/), 'rica.m');
    await user.type(within(form).getByLabelText(/Full Name/), 'Rica Mallari');
    await user.type(within(form).getByLabelText(/Phone Number/), '0917123456');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByText(ADMIN_MESSAGES.phoneInvalid)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Phone Number/), '7');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const confirm = screen.getByRole('dialog', { name: 'Confirm Account Creation' });
    expect(within(confirm).getByText('rica.m')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(onCreate).toHaveBeenCalledWith({
      username: 'rica.m',
      fullName: 'Rica Mallari',
      barangay: 'Nagkaisang Ngayon',
      emailAddress: 'rica@gmail.com',
      phoneNumber: '09171234567',
    });
  });

  it('offers a barangay the city onboarded its own name only, and sends it', async () => {
    const user = userEvent.setup();
    const { form, onCreate } = setup(undefined, 'Bagbag');
    await user.click(within(form).getByRole('combobox', { name: /Barangay/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Bagbag']);
    await user.keyboard('{Escape}');
    await user.type(within(form).getByLabelText(/Username/), 'ana.b');
    await user.type(within(form).getByLabelText(/Full Name/), 'Ana Bagbag');
    await user.type(within(form).getByLabelText(/Email Address/), 'ana@gmail.com');
    await user.type(within(form).getByLabelText(/Phone Number/), '09171234567');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirm Account Creation' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ barangay: 'Bagbag' }));
  });
});
