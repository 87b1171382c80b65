import {
  INITIAL_PROJECT_STATUS,
  PROJECT_FILE_MIME,
  isProjectStatus,
  manilaYear,
  type Project,
  type ProjectFileType,
} from '@sk-tanaw/contract';
import type { ProjectDocumentRow } from '../../db/schema.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import type * as repo from './repository.ts';

// Rows of projects and their documents into answers, and the reference numbers.

/** Where a stored file lives; the download call takes its last segment. */
export const fileLocation = (storedName: string) => `uploads/${storedName}`;

/** Reference numbers count per barangay and calendar year in Philippine time. */
export function referenceYear(at: Date): number {
  return manilaYear(at);
}

export function formatReference(barangayCode: string, year: number, seq: number): string {
  return `${barangayCode}-${year}-${String(seq).padStart(4, '0')}`;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function toProject(
  row: repo.ProjectWithProposer,
  doc: ProjectDocumentRow | undefined,
  withProposer: boolean,
): Project {
  return {
    id: row.id,
    referenceNumber: row.reference_number,
    title: row.title,
    description: row.description,
    status: isProjectStatus(row.status) ? row.status : INITIAL_PROJECT_STATUS,
    reviewedBy: row.reviewed_by,
    remarks: row.remarks,
    fileUrl: doc ? fileLocation(doc.stored_name) : null,
    fileName: doc ? doc.original_name : null,
    fileType: doc ? doc.file_type : null,
    documentVersion: doc ? doc.version : null,
    ...(withProposer ? { proposerName: row.proposer_name } : {}),
    proposerId: row.proposer_id,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

/** The row of one uploaded document version. */
export function documentRow(
  projectId: number,
  version: number,
  staged: { file: StagedUpload; storedName: string },
  type: ProjectFileType,
  notes: string | null,
  uploadedBy: number,
  stamp: string,
) {
  return {
    project_id: projectId,
    version,
    stored_name: staged.storedName,
    original_name: staged.file.originalName,
    file_type: type,
    mime_type: PROJECT_FILE_MIME[type],
    size_bytes: staged.file.size,
    sha256: staged.file.sha256,
    notes,
    uploaded_by: uploadedBy,
    uploaded_at: stamp,
  };
}
