import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiMessage, ProjectStatus } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { projectKeys } from './query-keys.ts';

export interface UpdateProjectStatusInput {
  id: number;
  status: ProjectStatus;
  remarks: string;
  reviewerName: string;
}

/** PUT /api/projectreview/status/{id} with status, remarks and the reviewer's name. */
export async function updateProjectStatus(input: UpdateProjectStatusInput): Promise<ApiMessage> {
  const { data } = await apiClient.put<ApiMessage>(`/api/projectreview/status/${input.id}`, {
    status: input.status,
    remarks: input.remarks,
    reviewerName: input.reviewerName,
  });
  return data;
}

export function useUpdateProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProjectStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
