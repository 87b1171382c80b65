import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

// Every function takes the caller's barangay (BarangayScope) and puts it in the WHERE.

export async function projectCountsByStatus(db: Executor, scope: BarangayScope) {
  const rows = await db
    .selectFrom('projects')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', 0)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function countSignInsSince(db: Executor, scope: BarangayScope, sinceIso: string) {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('barangay_id', '=', scope.barangayId)
    .where('outcome', '=', 'success')
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function recentAudit(db: Executor, scope: BarangayScope, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'username', 'module', 'action', 'description', 'created_at'])
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
