import { ADMIN_MESSAGES, emailProblem } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { emailProblemText } from './labels.ts';

const t = (id: string, values?: Record<string, unknown>) =>
  values ? `${id} ${JSON.stringify(values)}` : id;

describe('emailProblemText', () => {
  it('says the spec sentence for the spec’s three domains', () => {
    expect(emailProblemText(t, emailProblem('a@naga.gov.ph'))).toBe('admin.email.domain');
    expect(emailProblemText(t, ADMIN_MESSAGES.emailRequired)).toBe('admin.email.required');
  });

  it('accepts and lists an installation’s own domains', () => {
    const domains = ['gmail.com', 'outlook.com', 'yahoo.com', 'naga.gov.ph'];
    expect(emailProblem('a@naga.gov.ph', domains)).toBeNull();
    expect(emailProblemText(t, emailProblem('a@hotmail.com', domains), domains)).toBe(
      'admin.email.domainList {"domains":"@gmail.com, @outlook.com, @yahoo.com, admin.email.and @naga.gov.ph"}',
    );
  });
});
