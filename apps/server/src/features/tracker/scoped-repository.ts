import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

// One row of a tracker table by its id, read or changed only within the caller's barangay: the
// tables below all carry `id` and `barangay_id`, so another barangay's row answers exactly like
// a missing one. One query shape for the tracker's checkpoints, disbursements, evidence and
// commitments.

/** The tracker's tables whose rows name their barangay. */
export type ScopedTable =
  | 'tracker_checkpoints'
  | 'tracker_disbursements'
  | 'tracker_evidence'
  | 'tracker_commitments';

/** The row `id` of `table` when it is the scope's barangay's, else undefined. */
export async function findScoped<T extends ScopedTable>(
  db: Executor,
  table: T,
  scope: BarangayScope,
  id: number,
): Promise<Selectable<DB[T]> | undefined> {
  // Every table of the union has both columns; Kysely cannot type `where` over a generic table,
  // so the query is typed as one of them and its row as the caller's.
  const row = await db
    .selectFrom(table as 'tracker_checkpoints')
    .selectAll()
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  return row as Selectable<DB[T]> | undefined;
}

/** Changes row `id` of `table` within the scope; how many rows changed (0 or 1). */
export async function updateScoped<T extends ScopedTable>(
  db: Executor,
  table: T,
  scope: BarangayScope,
  id: number,
  patch: Updateable<DB[T]>,
): Promise<number> {
  const result = await db
    .updateTable(table as 'tracker_checkpoints')
    .set(patch as Updateable<DB['tracker_checkpoints']>)
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
