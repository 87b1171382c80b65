import type { Insertable } from 'kysely';
import type {
  ProjectDocumentRow,
  ProjectDocumentsTable,
  ProjectRow,
  ProjectStatusHistoryTable,
  ProjectsTable,
} from '../../db/schema.ts';
import type { Executor } from '../audit/repository.ts';

export interface ProjectWithProposer extends ProjectRow {
  proposer_name: string;
  proposer_email: string;
}

const projectColumns = [
  'p.id',
  'p.barangay_id',
  'p.proposer_id',
  'p.reference_number',
  'p.reference_year',
  'p.reference_seq',
  'p.title',
  'p.description',
  'p.status',
  'p.reviewer_id',
  'p.reviewed_by',
  'p.remarks',
  'p.is_archived',
  'p.submitted_at',
  'p.updated_at',
  'u.full_name as proposer_name',
  'u.email as proposer_email',
] as const;

function selectProjects(db: Executor) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.proposer_id')
    .select(projectColumns);
}

/** Active (not archived) projects, newest first, of one proposer or one barangay. */
export async function listActive(
  db: Executor,
  scope: { proposerId: number } | { barangayId: number },
): Promise<ProjectWithProposer[]> {
  const query = selectProjects(db).where('p.is_archived', '=', 0);
  const scoped =
    'proposerId' in scope
      ? query.where('p.proposer_id', '=', scope.proposerId)
      : query.where('p.barangay_id', '=', scope.barangayId);
  return scoped.orderBy('p.submitted_at', 'desc').orderBy('p.id', 'desc').execute();
}

export async function findProject(
  db: Executor,
  id: number,
  lockForUpdate = false,
): Promise<ProjectWithProposer | undefined> {
  const query = selectProjects(db).where('p.id', '=', id);
  return (lockForUpdate ? query.forUpdate('p') : query).executeTakeFirst();
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

export interface DocumentWithUploader extends ProjectDocumentRow {
  uploaded_by_name: string;
}

export async function listDocuments(
  db: Executor,
  projectId: number,
): Promise<DocumentWithUploader[]> {
  return db
    .selectFrom('project_documents as d')
    .innerJoin('users as u', 'u.id', 'd.uploaded_by')
    .selectAll('d')
    .select('u.full_name as uploaded_by_name')
    .where('d.project_id', '=', projectId)
    .orderBy('d.version', 'desc')
    .execute();
}

export interface DocumentWithProject extends ProjectDocumentRow {
  barangay_id: number;
  proposer_id: number;
}

export async function findDocumentByStoredName(
  db: Executor,
  storedName: string,
): Promise<DocumentWithProject | undefined> {
  return db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .select(['p.barangay_id', 'p.proposer_id'])
    .where('d.stored_name', '=', storedName)
    .executeTakeFirst();
}

export async function nextDocumentVersion(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('project_documents')
    .select((eb) => eb.fn.max('version').as('top'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** Next free sequence number for a barangay and year; the unique index catches a race. */
export async function nextReferenceSeq(
  db: Executor,
  barangayId: number,
  year: number,
): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.max('reference_seq').as('top'))
    .where('barangay_id', '=', barangayId)
    .where('reference_year', '=', year)
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

export async function insertProject(db: Executor, row: Insertable<ProjectsTable>): Promise<number> {
  const inserted = await db
    .insertInto('projects')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertDocument(
  db: Executor,
  row: Insertable<ProjectDocumentsTable>,
): Promise<void> {
  await db.insertInto('project_documents').values(row).execute();
}

export async function insertHistory(
  db: Executor,
  row: Insertable<ProjectStatusHistoryTable>,
): Promise<void> {
  await db.insertInto('project_status_history').values(row).execute();
}

export async function updateProject(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<ProjectRow, 'status' | 'reviewer_id' | 'reviewed_by' | 'remarks' | 'updated_at'>
  >,
): Promise<void> {
  await db.updateTable('projects').set(changes).where('id', '=', id).execute();
}

export async function listHistory(db: Executor, projectId: number) {
  return db
    .selectFrom('project_status_history')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id', 'asc')
    .execute();
}
