import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminUsersEndpoint,
  archiveAccountEndpoint,
  assignRoleEndpoint,
  createAccountEndpoint,
  roleUsersEndpoint,
  rolesEndpoint,
  type AssignRoleRequest,
  type CreateAccountRequest,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/** Every admin list starts with this key, so a change refreshes every admin screen. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

export const adminUsersQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'users'],
    queryFn: () => callEndpoint(adminUsersEndpoint),
  });

export const roleUsersQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'role-users'],
    queryFn: () => callEndpoint(roleUsersEndpoint),
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'roles'],
    queryFn: () => callEndpoint(rolesEndpoint),
    staleTime: 5 * 60_000,
  });

export const useAdminUsers = () => useQuery(adminUsersQuery());
export const useRoleUsers = () => useQuery(roleUsersQuery());
export const useRoles = () => useQuery(rolesQuery());

function useAdminMutation<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

/** POST /api/admin/create-account (the server makes the initial password). */
export const useCreateAccount = () =>
  useAdminMutation((body: CreateAccountRequest) => callEndpoint(createAccountEndpoint, { body }));

/** POST /api/roles/assignRole */
export const useAssignRole = () =>
  useAdminMutation((body: AssignRoleRequest) => callEndpoint(assignRoleEndpoint, { body }));

/** POST /api/admin/archive/accounts/{userID} */
export const useArchiveAccount = () =>
  useAdminMutation((userID: number) =>
    callEndpoint(archiveAccountEndpoint, { params: { userID } }),
  );
