import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postPlanEndpoint } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import type { PlanAnswer } from './create-plan.ts';
import { planKeys } from './query-keys.ts';

/** POST /api/budget-plans/:id/post: an approved plan goes on the public disclosure board. */
export function postPlan(id: number): Promise<PlanAnswer> {
  return callEndpoint(postPlanEndpoint, { params: { id } });
}

export function usePostPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPlan,
    // Posting may supersede an earlier posted version of the year: every plan is refreshed.
    onSuccess: async (answer) => {
      queryClient.setQueryData(planKeys.detail(answer.plan.id), { plan: answer.plan });
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
      // Its ABYIP and annual budget are now posted: the disclosure schedule changed.
      await queryClient.invalidateQueries({ queryKey: ['disclosure-schedule'] });
    },
  });
}
