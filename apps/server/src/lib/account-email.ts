import { accountEmailDomains, emailProblem } from '@sk-tanaw/contract';
import type { AppConfig } from '../config/env.ts';
import { badRequest } from './errors.ts';

type EmailConfig = Pick<AppConfig, 'accountEmailDomains'>;

/**
 * The one e-mail rule for accounts, wherever one is made (the admin's account form, the city's
 * accounts and barangay administrators, `npm run create-admin`): an address at the spec's
 * gmail.com, outlook.com or yahoo.com, or at a domain of ACCOUNT_EMAIL_DOMAINS. Null when the
 * address may be used; else the sentence to show, which lists the allowed domains.
 */
export function accountEmailProblem(email: string, config: EmailConfig): string | null {
  return emailProblem(email, config.accountEmailDomains);
}

/** accountEmailProblem as a 400 (VALIDATION_ERROR, as the request schemas answer). */
export function assertAccountEmail(email: string, config: EmailConfig): void {
  const problem = accountEmailProblem(email, config);
  if (problem) {
    throw badRequest(problem, 'VALIDATION_ERROR');
  }
}

/** The domains the web's forms check against (GET /api/site-info). */
export function allowedAccountEmailDomains(config: EmailConfig): string[] {
  return accountEmailDomains(config.accountEmailDomains);
}
