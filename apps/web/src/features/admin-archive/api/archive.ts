import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  archivedAccountsEndpoint,
  archivedProjectFileUrlEndpoint,
  archivedProjectsEndpoint,
  restoreAccountEndpoint,
  restoreProjectEndpoint,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

const ADMIN_QUERY_KEY = ['admin'] as const;

export const archivedAccountsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'archived-accounts'],
    queryFn: () => callEndpoint(archivedAccountsEndpoint),
  });

export const archivedProjectsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'archived-projects'],
    queryFn: () => callEndpoint(archivedProjectsEndpoint),
  });

export const useArchivedAccounts = () => useQuery(archivedAccountsQuery());
export const useArchivedProjects = () => useQuery(archivedProjectsQuery());

/** GET /api/admin/proj-archive/file-url/{projectID}: the archive's own signed link. */
export async function getArchivedFileUrl(projectID: number): Promise<string> {
  const { url } = await callEndpoint(archivedProjectFileUrlEndpoint, { params: { projectID } });
  return url;
}

function useRestore(run: (id: number) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

/** POST /api/admin/archive/accounts/restore/{userID} */
export const useRestoreAccount = () =>
  useRestore((userID) => callEndpoint(restoreAccountEndpoint, { params: { userID } }));

/** POST /api/admin/proj-archive/restore/{projectID} */
export const useRestoreProject = () =>
  useRestore((projectID) => callEndpoint(restoreProjectEndpoint, { params: { projectID } }));
