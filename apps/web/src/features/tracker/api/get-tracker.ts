import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trackerOverviewEndpoint, type TrackerOverview } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

/** GET /api/tracker?year=: the year's items, figures per centre and alerts (default: this year). */
export async function getTracker(
  year: number | null,
  signal?: AbortSignal,
): Promise<TrackerOverview> {
  const data = await callEndpoint(trackerOverviewEndpoint, {
    query: year === null ? {} : { year },
    config: { signal },
  });
  return data.tracker;
}

export function trackerQueryOptions(year: number | null) {
  return queryOptions({
    queryKey: trackerKeys.overview(year),
    queryFn: ({ signal }) => getTracker(year, signal),
    // The previous year stays on screen while another loads.
    placeholderData: keepPreviousData,
  });
}

export function useTracker(year: number | null) {
  return useQuery(trackerQueryOptions(year));
}
