import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approvePlanEndpoint, endpointPath, type ApprovePlanRequest } from '@sk-tanaw/contract';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import type { PlanAnswer } from './create-plan.ts';
import { planKeys } from './query-keys.ts';

export interface ApprovePlanInput extends ApprovePlanRequest {
  id: number;
  /** The signed SK resolution (PDF), optional. */
  file: File | null;
}

/**
 * POST /api/budget-plans/:id/approve: JSON, or multipart with the signed resolution in `file`.
 * The server refuses (with the failing checks in its message) while any check fails.
 */
export async function approvePlan({ id, file, ...request }: ApprovePlanInput): Promise<PlanAnswer> {
  if (!file) {
    return callEndpoint(approvePlanEndpoint, { params: { id }, body: request });
  }
  const form = new FormData();
  form.append('resolutionNumber', request.resolutionNumber);
  form.append('approvedOn', request.approvedOn);
  form.append('file', file);
  const { data } = await uploadWithProgress<PlanAnswer>(
    endpointPath(approvePlanEndpoint.path, { id }),
    form,
  );
  return data;
}

export function useApprovePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePlan,
    onSuccess: async (answer) => {
      queryClient.setQueryData(planKeys.detail(answer.plan.id), { plan: answer.plan });
      await queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
  });
}
