import { queryOptions } from '@tanstack/react-query';
import { REQUEST_TIMEOUT_MS, type SiteInfo } from '@sk-tanaw/contract';

/**
 * GET /api/site-info for the pages past the landing page (the account forms' e-mail domains, the
 * disclosure board's links): the landing page's own query (features/landing/api/get-site-info.ts)
 * under the same key, so both share one cached answer. Kept apart from it on purpose: when a
 * lazy page imported the landing page's module, Rolldown split TanStack Query out of the landing
 * page's first chunk and its Filipino page went over its 170 KB JavaScript budget (171.0 KB).
 */
export function siteInfoQuery() {
  return queryOptions({
    queryKey: ['site-info'],
    queryFn: async (): Promise<SiteInfo> => {
      const response = await fetch('/api/site-info', {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) {
        throw new Error(`GET /api/site-info answered ${String(response.status)}`);
      }
      return (await response.json()) as SiteInfo;
    },
    staleTime: Infinity,
    retry: false,
  });
}
