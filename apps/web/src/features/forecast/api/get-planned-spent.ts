import { queryOptions, useQuery } from '@tanstack/react-query';
import { plannedSpentEndpoint, type PlannedSpent } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

/** GET /api/tracker/planned-spent: each posted year's planned and spent totals, by centre. */
export async function getPlannedSpent(signal?: AbortSignal): Promise<PlannedSpent[]> {
  const data = await callEndpoint(plannedSpentEndpoint, { config: { signal } });
  return data.years;
}

export function plannedSpentQueryOptions() {
  return queryOptions({
    queryKey: trackerKeys.plannedSpent(),
    queryFn: ({ signal }) => getPlannedSpent(signal),
    retry: false,
  });
}

export function usePlannedSpent() {
  return useQuery(plannedSpentQueryOptions());
}
