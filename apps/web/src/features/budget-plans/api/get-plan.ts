import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlanEndpoint, type BudgetPlan } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { planKeys } from './query-keys.ts';

export interface PlanData {
  plan: BudgetPlan;
}

/** GET /api/budget-plans/:id: the whole plan with totals, checks, rules and forecasts. */
export async function getPlan(id: number, signal?: AbortSignal): Promise<PlanData> {
  const data = await callEndpoint(getPlanEndpoint, { params: { id }, config: { signal } });
  return { plan: data.plan };
}

export function planQueryOptions(id: number) {
  return queryOptions({
    queryKey: planKeys.detail(id),
    queryFn: ({ signal }) => getPlan(id, signal),
    // The editor's draft is built from this answer: it changes only through the editor's own
    // actions (save, reload, approve, post), never under the user's typing.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePlan(id: number) {
  return useQuery(planQueryOptions(id));
}
