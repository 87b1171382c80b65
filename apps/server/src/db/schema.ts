import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  DisclosureRulesTable,
  SkTermsTable,
  DisclosurePostingsTable,
  PlanSubmissionsTable,
  PlanReviewFindingsTable,
} from './schema-oversight.ts';
import type {
  KkProfilesTable,
  KkStatRevisionsTable,
  KkAssembliesTable,
  KkPublicWindowsTable,
  KkAccessGrantsTable,
  AuditReasonsTable,
  CbydpPlansTable,
  CbydpRowsTable,
} from './schema-youth.ts';
import type {
  TrackerItemsTable,
  TrackerCheckpointsTable,
  TrackerDisbursementsTable,
  TrackerCommitmentsTable,
  BooksCashEntriesTable,
  BooksFundsTable,
  BooksReconciliationsTable,
  TrackerEvidenceTable,
} from './schema-tracker.ts';
import type {
  TurnoverTeamsTable,
  TurnoverTeamMembersTable,
  TurnoverRowsTable,
  OfficeRequirementsTable,
} from './schema-turnover.ts';
import type { ProcurementTables } from './schema-procurement.ts';

export type * from './schema-oversight.ts';
export type * from './schema-procurement.ts';
export type * from './schema-turnover.ts';
export type * from './schema-tracker.ts';
export type * from './schema-youth.ts';

/**
 * Table types. Timestamps are ISO-8601 UTC text and flags are 0/1 integers, so the same rows
 * and queries work on SQLite and PostgreSQL.
 */
export interface BarangaysTable {
  id: Generated<number>;
  code: string;
  name: string;
  created_at: string;
  /** Registry columns (migration 0017): the PSGC code and where the barangay is. */
  psgc: string | null;
  city: string | null;
  province: string | null;
  region: string | null;
  district: string | null;
  /** The name folded for sign-in and search (lib/psgc.ts foldName). */
  name_key: Generated<string>;
  /** 1 when the installation serves it; 0 when deactivated (no sign-in, hidden from pickers). */
  is_active: Generated<number>;
  /**
   * `barangay`, or `city`: the row of a city or municipality whose own accounts (city roles)
   * belong to it (migration 0021). Lists of barangays read only `barangay` rows.
   */
  kind: Generated<TenantKind>;
}

export type TenantKind = 'barangay' | 'city';

export interface BarangayAliasesTable {
  alias_key: string;
  barangay_id: number;
}

export interface RolesTable {
  code: string;
  name: string;
  description: string;
}

export interface UsersTable {
  id: Generated<number>;
  barangay_id: number;
  username: string;
  username_key: string;
  password_hash: string;
  full_name: string;
  position: string | null;
  email: string;
  phone: string;
  is_archived: Generated<number>;
  is_default_password: Generated<number>;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  archived_by: number | null;
  password_changed_at: string | null;
  /** `en` or `fil` (migration 0015). */
  language: Generated<string>;
  /** The term a council account (SKC, SKO) belongs to; null for staff and city accounts. */
  term_id: number | null;
  /** 1: the demo's sitting council, always in the current term. */
  follows_current_term: Generated<number>;
}

/** One row per sign-in attempt: successful ones are sessions, failed ones feed the rate limits. */
export interface SessionsTable {
  id: string;
  user_id: number | null;
  barangay_id: number | null;
  username_key: string;
  /** `pending`: reserved before the password check, settled to success or failed after it. */
  outcome: 'success' | 'failed' | 'locked' | 'blocked' | 'pending';
  fingerprint_hash: string | null;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  end_reason: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The signed device cookie's id the attempt carried, when valid for the user. */
  device_id: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  barangay_id: number | null;
  user_id: number | null;
  username: string | null;
  module: string;
  action: string;
  description: string;
  old_value: string | null;
  new_value: string | null;
  ip: string | null;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  barangay_id: number;
  proposer_id: number;
  /** Readable and unique, e.g. SB-2026-0001: barangay code, year, sequence within both. */
  reference_number: string;
  reference_year: number;
  reference_seq: number;
  title: string;
  description: string;
  status: string;
  reviewer_id: number | null;
  reviewed_by: string | null;
  remarks: string | null;
  is_archived: Generated<number>;
  archived_at: string | null;
  archived_by: number | null;
  submitted_at: string;
  updated_at: string;
  /** Budget category (beyond the spec); null when none was chosen and none could be inferred. */
  category: string | null;
  /** 1 when `category` was inferred from the title and description, 0 when chosen. */
  category_inferred: Generated<number>;
}

export interface ProjectDocumentsTable {
  id: Generated<number>;
  project_id: number;
  version: number;
  /** Generated name in storage; never derived from user input. */
  stored_name: string;
  original_name: string;
  file_type: 'pdf' | 'doc' | 'docx';
  mime_type: string;
  size_bytes: number;
  sha256: string;
  notes: string | null;
  uploaded_by: number;
  uploaded_at: string;
}

/** Append-only: one row per status change, including the first submission. */
export interface ProjectStatusHistoryTable {
  id: Generated<number>;
  project_id: number;
  from_status: string | null;
  to_status: string;
  remarks: string | null;
  changed_by: number;
  changed_by_name: string;
  changed_at: string;
}

/**
 * One row per password recovery request. Rows for unknown or archived usernames have no user and
 * never verify; they exist so rate limits treat every username alike (no enumeration).
 */
export interface PasswordResetCodesTable {
  id: Generated<number>;
  user_id: number | null;
  barangay_id: number | null;
  username_key: string;
  /** HMAC-SHA256 (server secret) of nonce, user id and code; the code itself is never stored. */
  code_hash: string;
  nonce: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  verified_at: string | null;
  used_at: string | null;
  superseded_at: string | null;
  ip: string | null;
  /** `recovery` (forgot-password codes) or `onboarding` (a first password's link; 0021). */
  purpose: Generated<'recovery' | 'onboarding'>;
}

/** One PPA (program, project or activity) of a barangay's raw budget data. */
export interface RawPpasTable {
  id: Generated<number>;
  barangay_id: number;
  ppa: string;
  category: string;
  committee: string;
  /** Lower-cased, space-folded `ppa|category|committee`: what a re-upload matches on. */
  ppa_key: string;
  created_at: string;
  updated_at: string;
  /**
   * The PPA's values packed in one text for exports, `years;budgets;targets` (comma lists, an
   * empty budget is null, targets a JSON array); null when it has none. Written with the values.
   */
  values_packed: string | null;
  /**
   * The years whose values come from the posted budget plan (comma list), null when none: written
   * with them by common/plan-raw-values.ts.
   */
  plan_years: string | null;
}

/** One PPA's target and budget for one year. */
export interface RawValuesTable {
  ppa_id: number;
  year: number;
  target: string | null;
  budget: number | null;
  /** 1 when the value is the posted budget plan's appropriation (0: imported). */
  from_plan: Generated<number>;
}

/** Counts changes to a barangay's raw data; caches of forecasts key on it. */
export interface RawDataVersionsTable {
  barangay_id: number;
  version: number;
  updated_at: string;
}

/** A statutory rule's value from the fiscal year it first governs (a new law is a new row). */
export interface BudgetRulesTable {
  id: Generated<number>;
  rule_key: string;
  /** A fraction: 0.25 is 25%. */
  value: number;
  effective_year: number;
  source: string;
  description: string;
}

/**
 * One version of a barangay's ABYIP and SK annual budget for a fiscal year. Amounts are whole
 * centavos. `draft` -> `approved` -> `posted`; a later approved version makes this `superseded`.
 */
export interface BudgetPlansTable {
  id: Generated<number>;
  barangay_id: number;
  year: number;
  status: 'draft' | 'approved' | 'posted' | 'superseded';
  /** Optimistic concurrency: every change adds one. */
  version: number;
  kind: 'original' | 'supplemental' | 'realignment';
  /** 0 for the original, then 1, 2... per later version of the year. */
  amendment: number;
  /** The approved version this one changes (null for the original). */
  base_plan_id: number | null;
  ten_percent_share: number;
  /** The city or municipal treasurer's certification of income (JMC No. 1 s. 2019, 3.1.2). */
  certified_on: string | null;
  certified_by: string;
  /** The barangay treasurer's written notice of the 10% share. */
  notice_on: Generated<string | null>;
  notice_by: Generated<string>;
  resolution_number: string | null;
  approved_on: string | null;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: string | null;
  /** Generated storage name of the signed resolution PDF. */
  resolution_stored_name: string | null;
  resolution_file_name: string | null;
  resolution_size_bytes: number | null;
  resolution_sha256: string | null;
  posted_at: string | null;
  posted_by: number | null;
  created_by: number;
  created_at: string;
  updated_by: number;
  updated_at: string;
}

/** One PPA line of a plan (ABYIP row), amounts in centavos. */
export interface BudgetPlanLinesTable {
  id: Generated<number>;
  plan_id: number;
  sort_order: number;
  program: 'GAP' | 'YDEP';
  centre: string | null;
  /** Unique within the plan, e.g. 2027-YDEP-HEA-001. */
  reference_code: string;
  ppa: string;
  description: string;
  expected_result: string;
  performance_indicator: string;
  start_month: number | null;
  end_month: number | null;
  responsible: string;
  ps: number;
  mooe: number;
  co: number;
  /** 1 when the line counts toward the training cap. */
  training: Generated<number>;
  project_id: number | null;
  /** JSON `[{ code, amount }]` (centavos): the objects of expenditure; null when none named. */
  objects: string | null;
}

/** One row of a plan's honoraria schedule; the monthly rate is in centavos. */
export interface BudgetPlanHonorariaTable {
  id: Generated<number>;
  plan_id: number;
  sort_order: number;
  position: 'chairperson' | 'member' | 'secretary' | 'treasurer';
  name: string;
  monthly_rate: number;
  months: number;
  /** 1 when the position is budgeted while vacant. */
  vacant: Generated<number>;
}

/** Receipts besides the 10% share (fund raising, donations, balance carried over), in centavos. */
export interface BudgetPlanOtherReceiptsTable {
  id: Generated<number>;
  plan_id: number;
  sort_order: number;
  label: string;
  amount: number;
  /** Its row of Part I (contract OTHER_RECEIPT_KINDS). */
  kind: Generated<string>;
}

/** Installation-wide values shared by every server process (never backed up). */
export interface InstallStateTable {
  name: string;
  value: string;
  updated_at: string;
}

/**
 * A document about to be written to storage (`upload`: committed before the object is written,
 * deleted with the commit of the row naming it) or deleted from it (`removal`: recorded with the
 * deletion of the row). One left over names an object a crash may have left (document-sweep.ts).
 */
export interface PendingUploadsTable {
  id: Generated<number>;
  stored_name: string;
  kind: 'upload' | 'removal';
  barangay_id: number | null;
  /** The process that recorded it (common/pending-uploads.ts `PROCESS_OWNER`). */
  owner: string;
  created_at: string;
}

/**
 * An upload sent with an idempotency key (migration 0034, common/upload-receipts.ts): the
 * account's key, what it was for, the SHA-256 of what it sent and the id of the row it stored.
 */
export interface UploadReceiptsTable {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  /**
   * What the upload did: 'tracker.evidence' (an item's evidence), 'projects.submit' (a new
   * proposal), 'projects.resubmit' (a revised one).
   */
  action: string;
  /** The row the upload was for (the tracked item, the resubmitted project), when there is one. */
  target_id: number | null;
  /** The file's SHA-256; for a proposal, of its file and text together (`contentDigest`). */
  file_sha256: string;
  result_id: number;
  created_at: string;
}

/** Barangays whose posted plans' raw values are to be rebuilt (common/plan-raw-values.ts). */
export interface PlanSyncDueTable {
  barangay_id: number;
  since: string;
}

/** A duty of an SK council (migration 0025; contract: council-duties.ts), with its source. */
export interface CouncilDutiesTable {
  code: string;
  name: string;
  source: string;
  sort_order: number;
  /** 1 when the holder of this duty may hold no other. */
  sole: number;
}

/** Who holds a duty of a barangay's council: one account per duty at a time. */
export interface CouncilDutyHoldersTable {
  barangay_id: number;
  duty: string;
  user_id: number;
  assigned_by: number;
  assigned_at: string;
}

export interface DB extends ProcurementTables {
  barangays: BarangaysTable;
  barangay_aliases: BarangayAliasesTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  password_reset_codes: PasswordResetCodesTable;
  projects: ProjectsTable;
  project_documents: ProjectDocumentsTable;
  project_status_history: ProjectStatusHistoryTable;
  raw_ppas: RawPpasTable;
  raw_values: RawValuesTable;
  raw_data_versions: RawDataVersionsTable;
  budget_rules: BudgetRulesTable;
  budget_plans: BudgetPlansTable;
  budget_plan_lines: BudgetPlanLinesTable;
  budget_plan_honoraria: BudgetPlanHonorariaTable;
  budget_plan_other_receipts: BudgetPlanOtherReceiptsTable;
  install_state: InstallStateTable;
  pending_uploads: PendingUploadsTable;
  plan_sync_due: PlanSyncDueTable;
  tracker_items: TrackerItemsTable;
  tracker_checkpoints: TrackerCheckpointsTable;
  tracker_disbursements: TrackerDisbursementsTable;
  tracker_evidence: TrackerEvidenceTable;
  tracker_commitments: TrackerCommitmentsTable;
  books_cash_entries: BooksCashEntriesTable;
  books_funds: BooksFundsTable;
  books_reconciliations: BooksReconciliationsTable;
  disclosure_rules: DisclosureRulesTable;
  sk_terms: SkTermsTable;
  disclosure_postings: DisclosurePostingsTable;
  kk_assemblies: KkAssembliesTable;
  cbydp_plans: CbydpPlansTable;
  cbydp_rows: CbydpRowsTable;
  kk_profiles: KkProfilesTable;
  kk_stat_revisions: KkStatRevisionsTable;
  kk_public_windows: KkPublicWindowsTable;
  kk_access_grants: KkAccessGrantsTable;
  audit_reasons: AuditReasonsTable;
  plan_submissions: PlanSubmissionsTable;
  plan_review_findings: PlanReviewFindingsTable;
  council_duties: CouncilDutiesTable;
  council_duty_holders: CouncilDutyHoldersTable;
  turnover_teams: TurnoverTeamsTable;
  turnover_team_members: TurnoverTeamMembersTable;
  turnover_rows: TurnoverRowsTable;
  office_requirements: OfficeRequirementsTable;
  upload_receipts: UploadReceiptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectDocumentRow = Selectable<ProjectDocumentsTable>;
export type ProjectStatusHistoryRow = Selectable<ProjectStatusHistoryTable>;

/** A selected row of any table. */
export type TableRow<T extends keyof DB> = Selectable<DB[T]>;
