import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_CACHE_MS } from '@sk-tanaw/contract';
import type { UserDataResponse, UserInfo } from '@sk-tanaw/contract';
import { apiClient } from '../../api-client.ts';

export const userDataQueryKey = ['auth', 'user-data'] as const;

/** GET /api/user-data: the session check. */
export async function getUserData(): Promise<UserInfo> {
  const { data } = await apiClient.get<UserDataResponse>('/api/user-data');
  return data.userInfo;
}

/** The session check's record counts as fresh for 30 seconds. */
export function userDataQueryOptions() {
  return queryOptions({
    queryKey: userDataQueryKey,
    queryFn: getUserData,
    staleTime: USER_CACHE_MS,
    retry: false,
  });
}

export function useUserData(enabled = true) {
  return useQuery({ ...userDataQueryOptions(), enabled });
}
