import { z } from 'zod';
import { isSafeText, requiredText, rowIdSchema, unsafeTextMessage } from './common.ts';

/** The review choices of spec part 1 section 4, in the spec's order. */
export const PROJECT_STATUSES = [
  'Pending Review',
  'Revision Requested',
  'Proposal Accepted',
  'Proposal Rejected',
  'In Compilation',
  "Brgy. Captain's Review",
  'Submitted to LGU',
  'LGU Revision Requested',
  'LGU Approval',
  'LGU Rejected',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** New submissions and resubmissions start here. */
export const INITIAL_PROJECT_STATUS: ProjectStatus = 'Pending Review';

/**
 * The LGU steps: a proposal "Submitted to LGU" is in its city's queue, and
 * the city's youth development officer (CYDO) decides it with one of these. Where the city has
 * no active CYDO account, the SK chairperson records the city's decision as before.
 */
export const LGU_QUEUE_STATUS: ProjectStatus = 'Submitted to LGU';
export const LGU_DECISION_STATUSES = [
  'LGU Revision Requested',
  'LGU Approval',
  'LGU Rejected',
] as const satisfies readonly ProjectStatus[];
export type LguDecisionStatus = (typeof LGU_DECISION_STATUSES)[number];
export function isLguDecision(status: string): status is LguDecisionStatus {
  return (LGU_DECISION_STATUSES as readonly string[]).includes(status);
}

/** Statuses at which the proposer may upload a revised document (beyond the spec). */
export const REVISION_STATUSES: readonly ProjectStatus[] = [
  'Revision Requested',
  'LGU Revision Requested',
];

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return typeof value === 'string' && (PROJECT_STATUSES as readonly string[]).includes(value);
}

export function canResubmit(status: string): boolean {
  return (REVISION_STATUSES as readonly string[]).includes(status);
}

/** Accepted project document types (spec part 1 sections 5 and 9). */
export const PROJECT_FILE_TYPES = ['pdf', 'doc', 'docx'] as const;
export type ProjectFileType = (typeof PROJECT_FILE_TYPES)[number];
export const PROJECT_FILE_ACCEPT = '.pdf,.doc,.docx';
export const PROJECT_FILE_MIME: Record<ProjectFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The file type named by a file name's extension (case-insensitive), or null if not accepted. */
export function projectFileTypeOf(fileName: string): ProjectFileType | null {
  const match = /\.([^.]+)$/.exec(fileName.trim());
  const ext = match?.[1]?.toLowerCase();
  return (PROJECT_FILE_TYPES as readonly string[]).includes(ext ?? '')
    ? (ext as ProjectFileType)
    : null;
}

/** Default upper bound of a project document; the server's UPLOAD_MAX_MB decides. */
export const PROJECT_FILE_DEFAULT_MAX_MB = 20;

export const PROJECT_TITLE_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 5000;
export const PROJECT_REMARKS_MAX = 2000;
export const PROJECT_CATEGORY_MAX = 100;

/** Texts of spec part 1 section 8 (projects), plus the server's own refusals. */
export const PROJECT_MESSAGES = {
  userIdMissing: 'User ID not found. Cannot fetch projects.',
  unknownError: 'An unknown error occurred',
  authError: 'Authentication error. Please log in again.',
  submissionError: (message: string) => `Submission Error: ${message}`,
  submitFailed: 'Failed to submit project.',
  submitted: 'Project submitted successfully!',
  downloadUrlFailed: 'Could not get file URL for download.',
  downloadFailed: 'Could not download the file.',
  viewUrlFailed: 'Could not get file URL for viewing.',
  viewLoadFailed: 'Could not load file for viewing.',
  viewFailed: 'Could not view the file.',
  statusUpdated: 'Project status updated successfully!',
  reviewError: (message: string) => `Error: ${message}`,
  reviewFailed: 'Failed to update project status.',
  invalidFileType: 'Invalid file type. Only PDF, DOC, and DOCX are allowed.',
  noRemarks: 'No remarks',
  noRemarksProvided: 'No remarks provided.',
  reviewedByDefault: 'N/A',
  empty: 'No projects submitted yet.',
  loadingUser: 'Loading user data...',
  noPermission: 'You do not have sufficient permissions to view this page.',
  // Server texts the spec leaves open.
  notFound: 'Project not found.',
  fileNotFound: 'File not found.',
  contentMismatch:
    'Invalid file type. Only PDF, DOC, and DOCX are allowed. The file content does not match its extension.',
  fileTooLarge: (maxMb: number) => `The file is too large. The limit is ${maxMb} MB.`,
  notYourProjects: 'You can only view your own projects.',
  notYourSubmission: 'You can only submit projects as yourself.',
  linkInvalid: 'This file link has expired or is not valid. Please request a new one.',
  resubmitNotAllowed: 'A revised document can only be submitted after a revision was requested.',
  resubmitEmpty: 'Attach a revised document or describe your changes.',
  resubmitted: 'Revised proposal submitted successfully!',
  cityDecidesLgu:
    "The city's youth development officer decides proposals submitted to the LGU. Their decision appears here once made.",
  lguDecisionOnly:
    'A city account can only decide a proposal submitted to the LGU (LGU Revision Requested, LGU Approval or LGU Rejected), or reopen its own decision by setting it back to Submitted to LGU.',
  lguDecided: (status: string) =>
    `The city decided this proposal ("${status}"). Only the city's youth development officer can reopen it; the proposer answers a revision request by uploading a revised document.`,
  unknownCategory: (choices: readonly string[]) =>
    `Category must be one of: ${choices.join(', ')}.`,
} as const;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .nullish()
    .transform((v) => (v ? v : null));

/** Text fields of the multipart submission (the file travels as `projectFile`). */
export const SubmitProjectFieldsSchema = z.object({
  title: requiredText('Title', PROJECT_TITLE_MAX),
  description: requiredText('Description', PROJECT_DESCRIPTION_MAX),
  userId: z.coerce
    .number({ error: 'userId is required' })
    .int('userId must be a whole number')
    .positive('userId is required'),
  /** Budget category (beyond the spec); inferred from the title and description when empty. */
  category: optionalText(PROJECT_CATEGORY_MAX, 'Category'),
});
export type SubmitProjectFields = z.infer<typeof SubmitProjectFieldsSchema>;

/** Text field of the multipart resubmission (the revised file travels as `projectFile`). */
export const ResubmitProjectFieldsSchema = z.object({
  notes: optionalText(PROJECT_REMARKS_MAX, 'Notes'),
});
export type ResubmitProjectFields = z.infer<typeof ResubmitProjectFieldsSchema>;

export const UpdateProjectStatusRequestSchema = z.object({
  status: z.enum(PROJECT_STATUSES, { error: 'Please choose one of the project statuses' }),
  remarks: optionalText(PROJECT_REMARKS_MAX, 'Remarks'),
  /** Sent by the client as in the spec; the server records the signed-in chair's name. */
  reviewerName: z.string().max(200).nullish(),
});
export type UpdateProjectStatusRequest = z.input<typeof UpdateProjectStatusRequestSchema>;

export const ProjectIdParamsSchema = z.object({
  id: rowIdSchema,
});
export const ProjectUserParamsSchema = z.object({
  userId: z.coerce.number().int(),
});
export const ProjectFileParamsSchema = z.object({
  fileName: z.string().min(1).max(200),
});

export const ProjectSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  reviewedBy: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Stored file location; its last path segment is the `fileName` of the download call. */
  fileUrl: z.string().nullable(),
  /** The document's original name, as uploaded. */
  fileName: z.string().nullable(),
  fileType: z.enum(PROJECT_FILE_TYPES).nullable(),
  documentVersion: z.number().int().nullable(),
  /** Review list only. */
  proposerName: z.string().optional(),
  /** The proposer's user id: what "own project" rules (`can(user, 'project.resubmit', …)`) check. */
  proposerId: z.number().int(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectListResponseSchema = z.object({
  success: z.literal(true),
  projects: z.array(ProjectSchema),
  message: z.string().optional(),
});
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;

export const SubmitProjectResponseSchema = z.object({
  success: z.literal(true),
  project: ProjectSchema,
  message: z.string(),
});
export type SubmitProjectResponse = z.infer<typeof SubmitProjectResponseSchema>;

export const FileUrlResponseSchema = z.object({
  success: z.literal(true),
  url: z.string(),
  message: z.string().optional(),
});
export type FileUrlResponse = z.infer<typeof FileUrlResponseSchema>;

export const ProjectHistoryEntrySchema = z.object({
  id: z.number().int(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  remarks: z.string().nullable(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type ProjectHistoryEntry = z.infer<typeof ProjectHistoryEntrySchema>;

export const ProjectDocumentSchema = z.object({
  version: z.number().int(),
  fileUrl: z.string(),
  fileName: z.string(),
  fileType: z.enum(PROJECT_FILE_TYPES),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  notes: z.string().nullable(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type ProjectDocument = z.infer<typeof ProjectDocumentSchema>;

export const ProjectHistoryResponseSchema = z.object({
  success: z.literal(true),
  project: ProjectSchema,
  history: z.array(ProjectHistoryEntrySchema),
  documents: z.array(ProjectDocumentSchema),
});
export type ProjectHistoryResponse = z.infer<typeof ProjectHistoryResponseSchema>;

/** The download call's `fileName`: the last path segment of a stored file location. */
export function fileNameOfLocation(fileUrl: string): string {
  const parts = fileUrl.split('/');
  return parts[parts.length - 1] ?? fileUrl;
}
