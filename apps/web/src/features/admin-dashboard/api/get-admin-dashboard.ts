import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export interface AdminActivity {
  auditID: number;
  username: string | null;
  moduleName: string;
  actions: string;
  descriptions: string;
  created_at: string;
}

export interface AdminDashboardData {
  success: boolean;
  accounts: { total: number; active: number; archived: number };
  projectsByStatus: { status: string; count: number }[];
  reviewsPending: number;
  signInsToday: number;
  recentActivity: AdminActivity[];
}

export const adminDashboardQueryKey = ['admin', 'dashboard'] as const;

/** GET /api/admin/dashboard: the admin dashboard's figures, scoped to the admin's barangay. */
export async function getAdminDashboard(): Promise<AdminDashboardData> {
  const { data } = await apiClient.get<AdminDashboardData>('/api/admin/dashboard');
  return data;
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
