import {
  PROJECT_STATUSES,
  startOfManilaDay,
  type AdminDashboardResponse,
} from '@sk-tanaw/contract';
import type { Clock } from '../../lib/clock.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { accountSummary } from '../accounts/repository.ts';
import * as repo from './repository.ts';
import type { AppDb } from '../../db/database.ts';

export async function adminDashboard(
  db: AppDb,
  clock: Clock,
  user: AuthUser,
): Promise<AdminDashboardResponse> {
  const [accounts, byStatus, signInsToday, activity] = await Promise.all([
    accountSummary(db, user),
    repo.projectCountsByStatus(db, user),
    repo.countSignInsSince(db, user, startOfManilaDay(clock.now()).toISOString()),
    repo.recentAudit(db, user, 10),
  ]);
  const known = new Set<string>(PROJECT_STATUSES);
  const projectsByStatus = [
    ...PROJECT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    ...[...byStatus].filter(([s]) => !known.has(s)).map(([status, count]) => ({ status, count })),
  ];
  return {
    success: true,
    barangay: user.barangayName,
    accounts,
    projectsByStatus,
    reviewsPending: byStatus.get('Pending Review') ?? 0,
    signInsToday,
    recentActivity: activity.map((a) => ({
      auditID: a.id,
      username: a.username ?? 'N/A',
      moduleName: a.module,
      actions: a.action,
      descriptions: a.description,
      created_at: a.created_at,
    })),
  };
}
