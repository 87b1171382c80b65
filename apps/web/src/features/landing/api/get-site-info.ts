import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUEST_TIMEOUT_MS } from '@sk-tanaw/contract';
import type { SiteInfo } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';

/** Shown when the server has no contact details configured or cannot be reached. */
export const DEFAULT_SITE_INFO: SiteInfo = {
  productName: PRODUCT_NAME,
  contact: {
    email: 'info@example.org',
    phone: 'Ask your barangay hall for the SK office number',
    address: 'Sangguniang Kabataan Office, District 5',
  },
  barangays: [],
};

/**
 * GET /api/site-info: public facts for the contact footer. Plain `fetch`, not the API client:
 * the call needs no session, and the landing page then does not download the HTTP library.
 * Any failure leaves the neutral defaults in place.
 */
export async function getSiteInfo(): Promise<SiteInfo> {
  const response = await fetch('/api/site-info', {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new Error(`GET /api/site-info answered ${response.status}`);
  }
  return (await response.json()) as SiteInfo;
}

export function siteInfoQueryOptions() {
  return queryOptions({
    queryKey: ['site-info'],
    queryFn: getSiteInfo,
    staleTime: Infinity,
    retry: false,
  });
}

/** Site facts with neutral defaults (in the language shown) for anything missing. */
export function useSiteInfo(): SiteInfo {
  const t = useT();
  const { data } = useQuery(siteInfoQueryOptions());
  return {
    productName: data?.productName || DEFAULT_SITE_INFO.productName,
    contact: {
      email: data?.contact.email || DEFAULT_SITE_INFO.contact.email,
      phone: data?.contact.phone || t('landing.contact.defaultPhone'),
      address: data?.contact.address || t('landing.contact.defaultAddress'),
    },
    barangays: data?.barangays ?? [],
    barangayCount: data?.barangayCount,
  };
}
