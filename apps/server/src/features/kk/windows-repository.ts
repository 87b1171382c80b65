// Rows of the public form's assembly windows (migration 0027).
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { KkPublicWindowsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

export type KkWindowRow = Selectable<KkPublicWindowsTable>;

/** The window `id` of `scope`'s barangay, or undefined (another barangay's is not found). */
export function findWindow(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<KkWindowRow | undefined> {
  return db
    .selectFrom('kk_public_windows')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The barangay's windows, newest first: at most `limit`. */
export function windowsOf(db: Executor, scope: BarangayScope, limit: number) {
  return db
    .selectFrom('kk_public_windows')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertWindow(
  db: Executor,
  row: Omit<KkPublicWindowsTable, 'id' | 'submissions' | 'closed_at' | 'closed_by'>,
): Promise<number> {
  const { id } = await db
    .insertInto('kk_public_windows')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Closes the window at `at` unless it is closed already; true when this call closed it. */
export async function closeWindow(
  db: Executor,
  scope: BarangayScope,
  id: number,
  userId: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('kk_public_windows')
    .set({ closed_at: at, closed_by: userId })
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes one place of the window for a submission, in one statement (so concurrent submissions
 * never take more than `max`): only while the window is open at `at` and under `max`.
 */
export async function claimPlace(
  db: Executor,
  id: number,
  at: string,
  max: number,
): Promise<boolean> {
  const result = await db
    .updateTable('kk_public_windows')
    .set((eb) => ({ submissions: eb('submissions', '+', 1) }))
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .where('submissions', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
