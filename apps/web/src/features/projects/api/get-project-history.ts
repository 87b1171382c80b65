import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectHistoryResponse } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { projectKeys } from './query-keys.ts';

/** GET /api/projects/{id}/history: status timeline and every document version. */
export async function getProjectHistory(projectId: number): Promise<ProjectHistoryResponse> {
  const { data } = await apiClient.get<ProjectHistoryResponse>(
    `/api/projects/${projectId}/history`,
  );
  return data;
}

export const projectHistoryQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.history(projectId),
    queryFn: () => getProjectHistory(projectId),
  });

export function useProjectHistory(projectId: number | null) {
  return useQuery({ ...projectHistoryQuery(projectId ?? 0), enabled: projectId !== null });
}
