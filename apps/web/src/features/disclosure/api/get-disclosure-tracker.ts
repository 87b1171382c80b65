import { queryOptions, useQuery } from '@tanstack/react-query';
import { disclosureTrackerEndpoint, type DisclosureTracker } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/**
 * GET /api/public/disclosure/:barangayCode/tracker/:year (no sign-in): how the posted plan of a
 * year is carried out; null when the year has no posted plan.
 */
export async function getDisclosureTracker(
  barangayCode: string,
  year: number,
  signal?: AbortSignal,
): Promise<DisclosureTracker | null> {
  const data = await callEndpoint(disclosureTrackerEndpoint, {
    params: { barangayCode, year },
    config: { signal },
  });
  return data.tracker;
}

export function disclosureTrackerQueryOptions(barangayCode: string, year: number) {
  return queryOptions({
    queryKey: ['disclosure', barangayCode.toUpperCase(), 'tracker', year] as const,
    queryFn: ({ signal }) => getDisclosureTracker(barangayCode, year, signal),
  });
}

export function useDisclosureTracker(barangayCode: string, year: number) {
  return useQuery(disclosureTrackerQueryOptions(barangayCode, year));
}
