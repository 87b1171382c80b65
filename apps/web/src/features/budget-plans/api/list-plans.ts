import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPlansEndpoint, type PlanSummary } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { planKeys } from './query-keys.ts';

/** GET /api/budget-plans?year=: the barangay's plans (every version), of one year or all. */
export async function listPlans(year: number | null, signal?: AbortSignal): Promise<PlanSummary[]> {
  const data = await callEndpoint(listPlansEndpoint, {
    query: year === null ? {} : { year },
    config: { signal },
  });
  return data.plans;
}

export function plansQueryOptions(year: number | null) {
  return queryOptions({
    queryKey: planKeys.list(year),
    queryFn: ({ signal }) => listPlans(year, signal),
  });
}

export function usePlans(year: number | null) {
  return useQuery(plansQueryOptions(year));
}
