import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project, ProjectListResponse } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { projectKeys } from './query-keys.ts';

/** GET /api/projectreview/all: every proposal of the chair's barangay, with proposer names. */
export async function getReviewProjects(): Promise<Project[]> {
  const { data } = await apiClient.get<ProjectListResponse>('/api/projectreview/all');
  return data.projects;
}

export const reviewProjectsQuery = () =>
  queryOptions({ queryKey: projectKeys.review(), queryFn: getReviewProjects });

export function useReviewProjects(enabled: boolean) {
  return useQuery({ ...reviewProjectsQuery(), enabled });
}
