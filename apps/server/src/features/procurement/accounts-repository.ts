import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** The named accounts of the barangay (any role, archived or not), by id. */
export async function accountsOf(
  db: Executor,
  scope: BarangayScope,
  ids: readonly number[],
): Promise<Map<number, { position: string | null; full_name: string }>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('users')
    .select(['id', 'position', 'full_name'])
    .where('barangay_id', '=', scope.barangayId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { position: r.position, full_name: r.full_name }]));
}

/** The name of the barangay's active SK chairperson account, if any. */
export async function chairpersonName(db: Executor, scope: BarangayScope): Promise<string | null> {
  const rows = await db
    .selectFrom('users')
    .select(['full_name', 'position'])
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', 0)
    .orderBy('id')
    .execute();
  return rows.find((r) => (r.position ?? '').trim().toUpperCase() === 'SKC')?.full_name ?? null;
}
