import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createPlanEndpoint,
  type CreatePlanRequest,
  type EndpointResponse,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { planKeys } from './query-keys.ts';

export type PlanAnswer = EndpointResponse<typeof createPlanEndpoint>;

/** POST /api/budget-plans {year, prefill}: the pre-filled draft of a year. */
export function createPlan(request: CreatePlanRequest): Promise<PlanAnswer> {
  return callEndpoint(createPlanEndpoint, { body: request });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: async (answer) => {
      queryClient.setQueryData(planKeys.detail(answer.plan.id), { plan: answer.plan });
      await queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
  });
}
