import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUEST_TIMEOUT_MS } from '@sk-tanaw/contract';
import type { SiteInfo } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';

/** Shown when the server has no contact details configured or cannot be reached. */
export const DEFAULT_SITE_INFO: SiteInfo = {
  productName: PRODUCT_NAME,
  // No e-mail address is made up: the footer leaves it out.
  contact: { email: '', phone: '', address: '' },
  barangays: [],
};

/** A city or municipality as the landing page names it: "City of Naga, Camarines Sur". */
export function placeName(city: { name: string; province: string | null }): string {
  return city.province ? `${city.name}, ${city.province}` : city.name;
}

/**
 * The places the installation serves, in one phrase of the language shown ("City of Naga,
 * Camarines Sur" or "Quezon City and City of Makati"); empty when it serves none yet.
 */
export function servedPlaces(site: SiteInfo, locale: string): string {
  const names = (site.cities ?? []).map(placeName);
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

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
  const cities = data?.cities ?? [];
  const [onlyCity] = cities;
  return {
    productName: data?.productName || DEFAULT_SITE_INFO.productName,
    contact: {
      email: data?.contact.email ?? '',
      phone: data?.contact.phone || t('landing.contact.defaultPhone'),
      address:
        data?.contact.address ||
        (onlyCity && cities.length === 1
          ? t('landing.contact.placeAddress', { place: placeName(onlyCity) })
          : t('landing.contact.defaultAddress')),
    },
    barangays: data?.barangays ?? [],
    barangayCount: data?.barangayCount,
    cities,
    offices: data?.offices ?? [],
    demo: data?.demo ?? false,
  };
}
