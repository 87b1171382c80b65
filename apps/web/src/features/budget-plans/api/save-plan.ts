import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savePlanEndpoint, type SavePlanRequest } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import type { PlanAnswer } from './create-plan.ts';
import { planKeys } from './query-keys.ts';

export interface SavePlanInput {
  id: number;
  body: SavePlanRequest;
}

/** PUT /api/budget-plans/:id with the version the edit started from (409 when stale). */
export function savePlan({ id, body }: SavePlanInput): Promise<PlanAnswer> {
  return callEndpoint(savePlanEndpoint, { params: { id }, body });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: async (answer) => {
      queryClient.setQueryData(planKeys.detail(answer.plan.id), { plan: answer.plan });
      await queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
  });
}
