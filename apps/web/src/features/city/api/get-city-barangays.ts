import { queryOptions, useQuery } from '@tanstack/react-query';
import { cityBarangaysEndpoint, type CityBarangaysResponse } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export const cityBarangaysQueryKey = ['city', 'barangays'] as const;

/** GET /api/city/barangays: the signed-in city account's city and its barangays. */
export function getCityBarangays(): Promise<CityBarangaysResponse> {
  return callEndpoint(cityBarangaysEndpoint);
}

export function useCityBarangays() {
  return useQuery(
    queryOptions({ queryKey: cityBarangaysQueryKey, queryFn: getCityBarangays, staleTime: 30_000 }),
  );
}
