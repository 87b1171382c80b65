import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardEndpoint, type AdminDashboardResponse } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export type { AdminActivity } from '@sk-tanaw/contract';
export type AdminDashboardData = AdminDashboardResponse;

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

/** GET /api/admin/dashboard: the admin dashboard's figures, scoped to the admin's barangay. */
export function getAdminDashboard(): Promise<AdminDashboardData> {
  return callEndpoint(adminDashboardEndpoint);
}

export function adminDashboardQueryOptions() {
  return queryOptions({
    queryKey: adminDashboardQueryKey,
    queryFn: getAdminDashboard,
    staleTime: 30_000,
  });
}

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
