import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** The newest document version of each project of the barangay (archived ones too). */
export { latestDocuments } from '../projects/repository.ts';

// Every function that reads or changes a barangay's projects takes the caller's BarangayScope and
// puts it in the WHERE.

function selectProjects(db: Executor, scope: BarangayScope, archived: boolean) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.proposer_id')
    .leftJoin('users as archiver', 'archiver.id', 'p.archived_by')
    .select([
      'p.id',
      'p.reference_number',
      'p.title',
      'p.status',
      'p.reviewed_by',
      'p.remarks',
      'p.submitted_at',
      'p.archived_at',
      'p.is_archived',
      'u.full_name as proposer_name',
      'archiver.full_name as archived_by_name',
    ])
    .where('p.barangay_id', '=', scope.barangayId)
    .where('p.is_archived', '=', archived ? 1 : 0);
}

export type AdminProjectRow = Awaited<ReturnType<typeof listProjects>>[number];

/** A barangay's active or archived projects, newest first. */
export async function listProjects(db: Executor, scope: BarangayScope, archived: boolean) {
  const order = archived ? 'p.archived_at' : 'p.submitted_at';
  return selectProjects(db, scope, archived)
    .orderBy(order, 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** One project of the barangay in the given archive state; anything else finds nothing. */
export async function findProject(
  db: Executor,
  scope: BarangayScope,
  projectId: number,
  archived: boolean,
) {
  return selectProjects(db, scope, archived).where('p.id', '=', projectId).executeTakeFirst();
}

export async function setArchived(
  db: Executor,
  scope: BarangayScope,
  projectId: number,
  archive: { by: number; atIso: string } | null,
  atIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({
      is_archived: archive ? 1 : 0,
      archived_at: archive ? archive.atIso : null,
      archived_by: archive ? archive.by : null,
      updated_at: atIso,
    })
    .where('id', '=', projectId)
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', archive ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A stored document of an archived project (the archive's own file links). No user is signed in on
 * that path: the link's signature, issued to an administrator of the project's barangay, is the
 * authority.
 */
export async function findArchivedDocument(db: Executor, storedName: string) {
  return db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .where('d.stored_name', '=', storedName)
    .where('p.is_archived', '=', 1)
    .executeTakeFirst();
}
