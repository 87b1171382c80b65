import type { Executor } from '../../db/database.ts';
import type { ProjectDocumentRow } from '../../db/schema.ts';

function selectProjects(db: Executor, barangayId: number, archived: boolean) {
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
    .where('p.barangay_id', '=', barangayId)
    .where('p.is_archived', '=', archived ? 1 : 0);
}

export type AdminProjectRow = Awaited<ReturnType<typeof listProjects>>[number];

/** A barangay's active or archived projects, newest first. */
export async function listProjects(db: Executor, barangayId: number, archived: boolean) {
  const order = archived ? 'p.archived_at' : 'p.submitted_at';
  return selectProjects(db, barangayId, archived)
    .orderBy(order, 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** One project of the barangay in the given archive state; anything else finds nothing. */
export async function findProject(
  db: Executor,
  barangayId: number,
  projectId: number,
  archived: boolean,
) {
  return selectProjects(db, barangayId, archived).where('p.id', '=', projectId).executeTakeFirst();
}

/** The newest document version of each project. */
export async function latestDocuments(
  db: Executor,
  projectIds: number[],
): Promise<Map<number, ProjectDocumentRow>> {
  const latest = new Map<number, ProjectDocumentRow>();
  if (projectIds.length === 0) {
    return latest;
  }
  const rows = await db
    .selectFrom('project_documents')
    .selectAll()
    .where('project_id', 'in', projectIds)
    .execute();
  for (const row of rows) {
    const seen = latest.get(row.project_id);
    if (!seen || seen.version < row.version) {
      latest.set(row.project_id, row);
    }
  }
  return latest;
}

export async function setArchived(
  db: Executor,
  barangayId: number,
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
    .where('barangay_id', '=', barangayId)
    .where('is_archived', '=', archive ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stored document of an archived project of the barangay (the archive's own file links). */
export async function findArchivedDocument(db: Executor, storedName: string) {
  return db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .where('d.stored_name', '=', storedName)
    .where('p.is_archived', '=', 1)
    .executeTakeFirst();
}
