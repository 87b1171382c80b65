import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project, ProjectListResponse } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { projectKeys } from './query-keys.ts';

/** GET /api/projects/user/{userId}: the official's own proposals. */
export async function getUserProjects(userId: number): Promise<Project[]> {
  const { data } = await apiClient.get<ProjectListResponse>(`/api/projects/user/${userId}`);
  return data.projects;
}

export const userProjectsQuery = (userId: number) =>
  queryOptions({ queryKey: projectKeys.own(userId), queryFn: () => getUserProjects(userId) });

export function useUserProjects(userId: number | null, enabled: boolean) {
  return useQuery({ ...userProjectsQuery(userId ?? 0), enabled: enabled && userId !== null });
}
