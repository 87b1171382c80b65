import { PROJECT_STATUSES, type AdminDashboardResponse } from '@sk-tanaw/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthUser } from '../auth/service.ts';
import * as repo from './repository.ts';

/** The councils' day starts at midnight Philippine time (UTC+8, no daylight saving). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function startOfManilaDay(now: Date): Date {
  const local = now.getTime() + MANILA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - MANILA_OFFSET_MS);
}

export async function adminDashboard(
  db: Kysely<DB>,
  clock: Clock,
  user: AuthUser,
): Promise<AdminDashboardResponse> {
  const [accounts, byStatus, signInsToday, activity] = await Promise.all([
    repo.accountCounts(db, user.barangayId),
    repo.projectCountsByStatus(db, user.barangayId),
    repo.countSignInsSince(db, user.barangayId, startOfManilaDay(clock.now()).toISOString()),
    repo.recentAudit(db, user.barangayId, 10),
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
