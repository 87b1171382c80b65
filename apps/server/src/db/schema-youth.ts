import type { Generated } from 'kysely';

/**
 * Tables of the youth the plans are for: the Katipunan ng Kabataan registry (personal
 * fields as ciphertext, features/kk/crypto.ts), its assemblies and the three-year CBYDP. Part of
 * `DB` in schema.ts; same conventions (ISO-8601 UTC text, 0/1 flags).
 */

/** A Katipunan ng Kabataan profile; personal fields only as ciphertext (migration 0022). */
export interface KkProfilesTable {
  id: Generated<number>;
  barangay_id: number;
  key_id: string;
  personal_ct: string;
  birthday_ct: string;
  dup_index: string;
  sex: string;
  classification: string;
  specific_needs: string | null;
  education: string;
  work_status: string;
  sk_voter: number;
  national_voter: number;
  voted_last_election: number;
  assemblies_attended: number;
  status: 'pending' | 'verified';
  source: 'encoded' | 'import' | 'public';
  guardian_consent: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  verified_by: number | null;
  verified_at: string | null;
  /** Fixed random key of the cell key method, 0-255 (migration 0029); never shown. */
  record_key: number;
  /** Random, set again on every write that changes what the row counts in (migration 0029). */
  stats_rev: number;
  /** 15-17, 18-24, 25-30 or outside, as of the day worked out; null until filled (0029). */
  age_group: string | null;
  /** YYYY-MM in which age_group next changes; null when it never does or not filled yet. */
  regroup_month: string | null;
}

/**
 * A barangay's statistics revision (migration 0035): random, set again by a trigger on every
 * write of one of its profiles; bigint (PostgreSQL answers it as text).
 */
export interface KkStatRevisionsTable {
  barangay_id: number;
  rev: number | string;
}

/**
 * The reason of an audit entry of the registry (migration 0028), encrypted with the registry's
 * key `key_id`; an empty `key_id`: a reason moved out of an older entry, not yet encrypted.
 */
export interface AuditReasonsTable {
  audit_id: number;
  key_id: string;
  reason: string;
}

/** A session's access to the registry's personal data, opened with a reason (migration 0028). */
export interface KkAccessGrantsTable {
  id: Generated<number>;
  session_id: string;
  user_id: number;
  /** The KK_ACCESS audit entry, whose reason (audit_reasons) the reads are audited with. */
  audit_id: number;
  created_at: string;
  expires_at: string;
}

/** A Katipunan ng Kabataan assembly (migration 0023): attendance as a count, no names. */
export interface KkAssembliesTable {
  id: Generated<number>;
  barangay_id: number;
  held_on: string;
  kind: 'regular' | 'special';
  agenda: string;
  attendance: number;
  minutes_stored_name: string | null;
  minutes_file_name: string | null;
  minutes_size_bytes: number | null;
  minutes_sha256: string | null;
  recorded_by: number;
  updated_by: number;
  updated_at: string;
}

/** A three-year CBYDP (migration 0023). */
export interface CbydpPlansTable {
  id: Generated<number>;
  barangay_id: number;
  start_year: number;
  status: 'draft' | 'approved';
  version: number;
  office_assumed_on: string;
  resolution_number: string | null;
  approved_on: string | null;
  approved_by: number | null;
  approved_by_name: string | null;
  assembly_id: number | null;
  created_by: number;
  created_at: string;
  updated_by: number;
  updated_at: string;
}

/** A row of a CBYDP; budgets in whole centavos. */
export interface CbydpRowsTable {
  id: Generated<number>;
  plan_id: number;
  sort_order: number;
  centre: string;
  concern: string;
  objective: string;
  indicator: string;
  target_1: string;
  target_2: string;
  target_3: string;
  ppas: string;
  budget_1: number;
  budget_2: number;
  budget_3: number;
  responsible: string;
}

/** An assembly window of the public self-profiling form (migration 0027). */
export interface KkPublicWindowsTable {
  id: Generated<number>;
  barangay_id: number;
  nonce: string;
  starts_at: string;
  ends_at: string;
  closed_at: string | null;
  submissions: Generated<number>;
  opened_by: number;
  opened_at: string;
  closed_by: number | null;
}
