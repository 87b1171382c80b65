import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revisePlanEndpoint, type RevisePlanRequest } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import type { PlanAnswer } from './create-plan.ts';
import { planKeys } from './query-keys.ts';

export interface RevisePlanInput extends RevisePlanRequest {
  id: number;
}

/** POST /api/budget-plans/:id/revise {kind}: a new draft version of an approved plan. */
export function revisePlan({ id, kind }: RevisePlanInput): Promise<PlanAnswer> {
  return callEndpoint(revisePlanEndpoint, { params: { id }, body: { kind } });
}

export function useRevisePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revisePlan,
    onSuccess: async (answer) => {
      queryClient.setQueryData(planKeys.detail(answer.plan.id), { plan: answer.plan });
      await queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
  });
}
