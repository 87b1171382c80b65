import type { Insertable } from 'kysely';
import type {
  ProjectDocumentRow,
  ProjectDocumentsTable,
  ProjectRow,
  ProjectStatusHistoryTable,
  ProjectsTable,
} from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** Archive bookkeeping belongs to the admin archive; project lists never read it. */
export interface ProjectWithProposer extends Omit<ProjectRow, 'archived_at' | 'archived_by'> {
  proposer_name: string;
  proposer_email: string;
  /** The proposer's language (`users.language`): mails to the proposer are written in it. */
  proposer_language: string;
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
  'p.category',
  'p.category_inferred',
  'u.full_name as proposer_name',
  'u.email as proposer_email',
  'u.language as proposer_language',
] as const;

function selectProjects(db: Executor) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.proposer_id')
    .select(projectColumns);
}

// Every function here takes the caller's barangay (BarangayScope) and puts it in the WHERE: a row
// of another barangay is never fetched or changed, so callers answer 404 for it without a check.

const activeOfBarangay = compiledOnce((db: Executor, barangayId: number) =>
  selectProjects(db)
    .where('p.barangay_id', '=', barangayId)
    .where('p.is_archived', '=', 0)
    .orderBy('p.submitted_at', 'desc')
    .orderBy('p.id', 'desc'),
);

const activeOfProposer = compiledOnce((db: Executor, barangayId: number, proposerId: number) =>
  selectProjects(db)
    .where('p.barangay_id', '=', barangayId)
    .where('p.is_archived', '=', 0)
    .where('p.proposer_id', '=', proposerId)
    .orderBy('p.submitted_at', 'desc')
    .orderBy('p.id', 'desc'),
);

/**
 * Active (not archived) projects, newest first, of the barangay or of one proposer in it (the
 * two lists every officer and chairperson reloads: compiled once).
 */
export async function listActive(
  db: Executor,
  scope: BarangayScope & { proposerId?: number },
): Promise<ProjectWithProposer[]> {
  return scope.proposerId === undefined
    ? activeOfBarangay.all(db, scope.barangayId)
    : activeOfProposer.all(db, scope.barangayId, scope.proposerId);
}

export async function findProject(
  db: Executor,
  scope: BarangayScope,
  id: number,
  lockForUpdate = false,
): Promise<ProjectWithProposer | undefined> {
  const query = selectProjects(db)
    .where('p.id', '=', id)
    .where('p.barangay_id', '=', scope.barangayId);
  return (lockForUpdate ? query.forUpdate('p') : query).executeTakeFirst();
}

/** The newest version of each project's documents among `rows`. */
function newestPerProject(rows: ProjectDocumentRow[]): Map<number, ProjectDocumentRow> {
  const latest = new Map<number, ProjectDocumentRow>();
  for (const row of rows) {
    const seen = latest.get(row.project_id);
    if (!seen || seen.version < row.version) {
      latest.set(row.project_id, row);
    }
  }
  return latest;
}

/** The newest document version of each project. */
export async function latestDocuments(
  db: Executor,
  scope: BarangayScope,
  projectIds: number[],
): Promise<Map<number, ProjectDocumentRow>> {
  if (projectIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .where('d.project_id', 'in', projectIds)
    .where('p.barangay_id', '=', scope.barangayId)
    .execute();
  return newestPerProject(rows);
}

const documentsOfBarangay = compiledOnce((db: Executor, barangayId: number) =>
  db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .where('p.barangay_id', '=', barangayId)
    .where('p.is_archived', '=', 0),
);

const documentsOfProposer = compiledOnce((db: Executor, barangayId: number, proposerId: number) =>
  db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .where('p.barangay_id', '=', barangayId)
    .where('p.is_archived', '=', 0)
    .where('p.proposer_id', '=', proposerId),
);

/** The newest document of each active project `listActive` lists for the same scope. */
export async function latestDocumentsOfActive(
  db: Executor,
  scope: BarangayScope & { proposerId?: number },
): Promise<Map<number, ProjectDocumentRow>> {
  const rows =
    scope.proposerId === undefined
      ? await documentsOfBarangay.all(db, scope.barangayId)
      : await documentsOfProposer.all(db, scope.barangayId, scope.proposerId);
  return newestPerProject(rows);
}

export interface DocumentWithUploader extends ProjectDocumentRow {
  uploaded_by_name: string;
}

export async function listDocuments(
  db: Executor,
  scope: BarangayScope,
  projectId: number,
): Promise<DocumentWithUploader[]> {
  return db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .innerJoin('users as u', 'u.id', 'd.uploaded_by')
    .selectAll('d')
    .select('u.full_name as uploaded_by_name')
    .where('d.project_id', '=', projectId)
    .where('p.barangay_id', '=', scope.barangayId)
    .orderBy('d.version', 'desc')
    .execute();
}

export interface DocumentWithProject extends ProjectDocumentRow {
  barangay_id: number;
  proposer_id: number;
  is_archived: number;
}

function selectDocumentByStoredName(db: Executor, storedName: string) {
  return db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .selectAll('d')
    .select(['p.barangay_id', 'p.proposer_id', 'p.is_archived'])
    .where('d.stored_name', '=', storedName);
}

export async function findDocumentByStoredName(
  db: Executor,
  scope: BarangayScope,
  storedName: string,
): Promise<DocumentWithProject | undefined> {
  return selectDocumentByStoredName(db, storedName)
    .where('p.barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
}

/**
 * The document a signed link names. No user is signed in on that path: the link's signature,
 * issued by `fileLink` to a caller who could see the document, is the authority.
 */
export async function findDocumentForSignedLink(
  db: Executor,
  storedName: string,
): Promise<DocumentWithProject | undefined> {
  return selectDocumentByStoredName(db, storedName).executeTakeFirst();
}

export async function nextDocumentVersion(
  db: Executor,
  scope: BarangayScope,
  projectId: number,
): Promise<number> {
  const row = await db
    .selectFrom('project_documents as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select((eb) => eb.fn.max('d.version').as('top'))
    .where('d.project_id', '=', projectId)
    .where('p.barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  return (row?.top ?? 0) + 1;
}

/** Next free sequence number for a barangay and year; the unique index catches a race. */
export async function nextReferenceSeq(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.max('reference_seq').as('top'))
    .where('barangay_id', '=', scope.barangayId)
    .where('reference_year', '=', year)
    .executeTakeFirst();
  return (row?.top ?? 0) + 1;
}

export async function insertProject(
  db: Executor,
  scope: BarangayScope,
  row: Omit<Insertable<ProjectsTable>, 'barangay_id'>,
): Promise<number> {
  const inserted = await db
    .insertInto('projects')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Child rows (documents, history) are written only under a project of the caller's barangay. */
async function requireProjectInScope(
  db: Executor,
  scope: BarangayScope,
  projectId: number,
): Promise<void> {
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  if (!row) {
    throw new Error(`project ${projectId} is not in barangay ${scope.barangayId}`);
  }
}

export async function insertDocument(
  db: Executor,
  scope: BarangayScope,
  row: Insertable<ProjectDocumentsTable>,
): Promise<void> {
  await requireProjectInScope(db, scope, row.project_id);
  await db.insertInto('project_documents').values(row).execute();
}

export async function insertHistory(
  db: Executor,
  scope: BarangayScope,
  row: Insertable<ProjectStatusHistoryTable>,
): Promise<void> {
  await requireProjectInScope(db, scope, row.project_id);
  await db.insertInto('project_status_history').values(row).execute();
}

export async function updateProject(
  db: Executor,
  scope: BarangayScope,
  id: number,
  changes: Partial<
    Pick<ProjectRow, 'status' | 'reviewer_id' | 'reviewed_by' | 'remarks' | 'updated_at'>
  >,
): Promise<void> {
  await db
    .updateTable('projects')
    .set(changes)
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId)
    .execute();
}

export async function listHistory(db: Executor, scope: BarangayScope, projectId: number) {
  return db
    .selectFrom('project_status_history as h')
    .innerJoin('projects as p', 'p.id', 'h.project_id')
    .selectAll('h')
    .where('h.project_id', '=', projectId)
    .where('p.barangay_id', '=', scope.barangayId)
    .orderBy('h.id', 'asc')
    .execute();
}
