import { useQuery } from '@tanstack/react-query';
import { ALLOWED_EMAIL_DOMAINS, accountEmailDomains } from '@sk-tanaw/contract';
import { siteInfoQueryOptions } from '../features/landing/api/get-site-info.ts';

/**
 * The e-mail domains accounts may use on this installation (GET /api/site-info: the spec's
 * three and the server's ACCOUNT_EMAIL_DOMAINS), so a form refuses exactly what the server
 * refuses. The spec's three until the answer comes (the server checks again anyway).
 */
export function useAccountEmailDomains(): string[] {
  const { data } = useQuery(siteInfoQueryOptions());
  return accountEmailDomains(data?.accountEmailDomains ?? ALLOWED_EMAIL_DOMAINS);
}
