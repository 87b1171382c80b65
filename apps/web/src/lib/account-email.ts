import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_MESSAGES,
  ALLOWED_EMAIL_DOMAINS,
  accountEmailDomains,
  emailDomainList,
  emailDomainMessage,
} from '@sk-tanaw/contract';
import { siteInfoQuery } from './site-info-query.ts';

type T = (id: string, values?: Record<string, unknown>) => string;

/**
 * The e-mail domains accounts may use on this installation (GET /api/site-info: the spec's
 * three and the server's ACCOUNT_EMAIL_DOMAINS), so a form refuses exactly what the server
 * refuses. The spec's three until the answer comes (the server checks again anyway).
 */
export function useAccountEmailDomains(): string[] {
  const { data } = useQuery(siteInfoQuery());
  return accountEmailDomains(data?.accountEmailDomains ?? ALLOWED_EMAIL_DOMAINS);
}

/** `@a, @b, and @c` in the language shown. */
export function accountEmailDomainsText(t: T, domains: readonly string[]): string {
  return emailDomainList(domains, t('common.email.and'));
}

/**
 * The contract's `emailProblem` in the language shown (the `common` catalogue, loaded on every
 * page): the spec's sentence for its three domains, the list when the installation has its own.
 */
export function accountEmailText(
  t: T,
  problem: string | null,
  domains: readonly string[],
): string | null {
  if (problem === null) {
    return null;
  }
  if (problem === emailDomainMessage(domains)) {
    return domains.length === ALLOWED_EMAIL_DOMAINS.length
      ? t('common.email.domain')
      : t('common.email.domainList', { domains: accountEmailDomainsText(t, domains) });
  }
  return problem === ADMIN_MESSAGES.emailInvalid ? t('common.email.invalid') : problem;
}
