import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminProjectFileUrlEndpoint,
  adminProjectsEndpoint,
  archiveProjectEndpoint,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

const ADMIN_QUERY_KEY = ['admin'] as const;

export const adminProjectsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'projects'],
    queryFn: () => callEndpoint(adminProjectsEndpoint),
  });

export const useAdminProjects = () => useQuery(adminProjectsQuery());

/** GET /api/admin/projects/file-url/{projectID}: a short-lived signed link, asked for each time. */
export async function getAdminProjectFileUrl(projectID: number): Promise<string> {
  const { url } = await callEndpoint(adminProjectFileUrlEndpoint, { params: { projectID } });
  return url;
}

/** POST /api/admin/proj-archive/{projectID} */
export function useArchiveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projectID: number) =>
      callEndpoint(archiveProjectEndpoint, { params: { projectID } }),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
