import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type SiteInfo } from '@sk-tanaw/contract';
import { AccountLinkFields, type AccountLinkValues } from './account-link-fields.tsx';

function Form() {
  const [values, setValues] = useState<AccountLinkValues>({
    fullName: '',
    username: '',
    emailAddress: '',
    language: 'en',
  });
  return <AccountLinkFields values={values} onChange={setValues} />;
}

function setup(accountEmailDomains?: string[]) {
  const client = new QueryClient();
  const site: SiteInfo = {
    productName: 'SK Tanaw',
    contact: { email: '', phone: '', address: '' },
    barangays: [],
    ...(accountEmailDomains ? { accountEmailDomains } : {}),
  };
  client.setQueryData(['site-info'], site);
  render(
    <QueryClientProvider client={client}>
      <Form />
    </QueryClientProvider>,
  );
  return screen.getByLabelText(/Email address/);
}

describe('AccountLinkFields e-mail', () => {
  it('names the spec’s domains and refuses another by the spec sentence, no field name', async () => {
    const user = userEvent.setup();
    const email = setup();
    expect(
      screen.getByText(/Allowed: @gmail\.com, @outlook\.com, and @yahoo\.com\./),
    ).toBeInTheDocument();
    await user.type(email, 'ana@naga.gov.ph');
    await user.tab();
    expect(screen.getByText(ADMIN_MESSAGES.emailDomain)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes the installation’s own domain and lists it', async () => {
    const user = userEvent.setup();
    const email = setup(['gmail.com', 'outlook.com', 'yahoo.com', 'naga.gov.ph']);
    await user.type(email, 'ana@naga.gov.ph');
    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText(/Allowed: .*@yahoo\.com, and @naga\.gov\.ph\./)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ana@hotmail.com');
    await user.tab();
    expect(
      screen.getByText(
        'Invalid email domain. Only @gmail.com, @outlook.com, @yahoo.com, and @naga.gov.ph are allowed.',
      ),
    ).toBeInTheDocument();
  });
});
