import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { TrackerEvidenceTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { updateScoped } from './scoped-repository.ts';

// Evidence files of tracked items. Like every tracker repository function, each takes the
// caller's BarangayScope and puts the barangay in the WHERE.

export type EvidenceRow = Selectable<TrackerEvidenceTable> & { uploaded_by_name: string };

function selectEvidence(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('tracker_evidence as e')
    .innerJoin('users as u', 'u.id', 'e.uploaded_by')
    .selectAll('e')
    .select('u.full_name as uploaded_by_name')
    .where('e.barangay_id', '=', scope.barangayId);
}

export async function evidenceOf(
  db: Executor,
  scope: BarangayScope,
  itemId: number,
): Promise<EvidenceRow[]> {
  return selectEvidence(db, scope).where('e.item_id', '=', itemId).orderBy('e.id').execute();
}

/** Public photos of a year's items (the disclosure board). */
export async function publicPhotosOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<{ id: number; item_id: number; caption: string }[]> {
  return db
    .selectFrom('tracker_evidence as e')
    .innerJoin('tracker_items as i', 'i.id', 'e.item_id')
    .select(['e.id', 'e.item_id', 'e.caption'])
    .where('e.barangay_id', '=', scope.barangayId)
    .where('i.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .where('e.kind', '=', 'photo')
    .where('e.is_public', '=', 1)
    .orderBy('e.id')
    .execute();
}

export async function findEvidence(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<EvidenceRow | undefined> {
  return selectEvidence(db, scope).where('e.id', '=', id).executeTakeFirst();
}

export async function insertEvidence(
  db: Executor,
  scope: BarangayScope,
  row: Omit<Insertable<TrackerEvidenceTable>, 'barangay_id' | 'id'>,
): Promise<number> {
  const inserted = await db
    .insertInto('tracker_evidence')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateEvidence(
  db: Executor,
  scope: BarangayScope,
  id: number,
  patch: Updateable<TrackerEvidenceTable>,
): Promise<number> {
  return updateScoped(db, 'tracker_evidence', scope, id, patch);
}
