import type { Executor } from '../audit/repository.ts';

export async function accountCounts(db: Executor, barangayId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['is_archived', (eb) => eb.fn.countAll<number>().as('n')])
    .where('barangay_id', '=', barangayId)
    .groupBy('is_archived')
    .execute();
  const archived = Number(rows.find((r) => r.is_archived === 1)?.n ?? 0);
  const active = Number(rows.find((r) => r.is_archived === 0)?.n ?? 0);
  return { total: active + archived, active, archived };
}

export async function projectCountsByStatus(db: Executor, barangayId: number) {
  const rows = await db
    .selectFrom('projects')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('barangay_id', '=', barangayId)
    .where('is_archived', '=', 0)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function countSignInsSince(db: Executor, barangayId: number, sinceIso: string) {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('barangay_id', '=', barangayId)
    .where('outcome', '=', 'success')
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recentAudit(db: Executor, barangayId: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'username', 'module', 'action', 'description', 'created_at'])
    .where('barangay_id', '=', barangayId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
