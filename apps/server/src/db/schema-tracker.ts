import type { Generated } from 'kysely';

/**
 * Tables of the implementation tracker of posted plans (items, checkpoints, commitments,
 * disbursements, evidence, the Budget Monitoring Officer). Part of `DB` in schema.ts; same
 * conventions (ISO-8601 UTC text, 0/1 flags, amounts in centavos).
 */

/**
 * One tracked item: a line (by reference code) of a year's posted budget plan, as the council
 * carries it out. Its appropriation is always the newest posted version's line.
 */
export interface TrackerItemsTable {
  id: Generated<number>;
  barangay_id: number;
  year: number;
  reference_code: string;
  status: 'not started' | 'ongoing' | 'completed' | 'cancelled' | 'deferred';
  planned_start: string | null;
  planned_end: string | null;
  actual_start: string | null;
  actual_end: string | null;
  accomplishment: string;
  remarks: string;
  /** Optimistic concurrency of the item's own fields: every change adds one. */
  version: number;
  created_at: string;
  /** Null while only the system has touched it. */
  updated_by: number | null;
  updated_at: string;
}

export interface TrackerCheckpointsTable {
  id: Generated<number>;
  barangay_id: number;
  item_id: number;
  title: string;
  due_on: string;
  done_on: string | null;
  note: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** Money paid out against a tracked item, in centavos, by expense class. */
export interface TrackerDisbursementsTable {
  id: Generated<number>;
  barangay_id: number;
  item_id: number;
  disbursed_on: string;
  amount_cents: number;
  expense_class: 'PS' | 'MOOE' | 'CO';
  reference: string;
  note: string;
  recorded_by: number;
  recorded_at: string;
  /** The commitment it pays (migration 0017); null: paid without one. */
  commitment_id: number | null;
  // The disbursement voucher (migration 0036, contract books.ts): only `paid` rows are payments.
  status: Generated<'draft' | 'certified' | 'approved' | 'paid' | 'cancelled'>;
  /** `YYYY-MM-NNNN`; null for a reversal entry. */
  dv_number: string | null;
  payee: Generated<string>;
  payee_tin: Generated<string>;
  payee_address: Generated<string>;
  particulars: Generated<string>;
  object_code: string | null;
  prepared_on: string | null;
  certified_by: number | null;
  certified_at: string | null;
  approved_by: number | null;
  approved_at: string | null;
  pay_mode: 'check' | 'ada' | 'recorded' | null;
  check_number: Generated<string>;
  bank: Generated<string>;
  paid_by: number | null;
  paid_at: string | null;
  /** The DV a reversal entry (opposite amount) undoes. */
  reverses_id: number | null;
  reversed_at: string | null;
  reversed_by: number | null;
  reversal_reason: Generated<string>;
  /** The specific-purpose fund it spends (migration 0042); null: the SK's own fund. */
  fund_id: Generated<number | null>;
}

/** A commitment of a tracked item's MOOE or CO (the RBCPB), in centavos. */
export interface TrackerCommitmentsTable {
  id: Generated<number>;
  barangay_id: number;
  item_id: number;
  committed_on: string;
  expense_class: 'MOOE' | 'CO';
  reference: string;
  payee: string;
  particulars: string;
  amount_cents: number;
  cancelled_at: string | null;
  cancelled_by: number | null;
  recorded_by: number;
  recorded_at: string;
  /** The object of expenditure it obligates (migration 0041); null when it names none. */
  object_code: string | null;
}

/** A photo (stored without EXIF, with a thumbnail) or PDF of a tracked item. */
export interface TrackerEvidenceTable {
  id: Generated<number>;
  barangay_id: number;
  item_id: number;
  kind: 'photo' | 'pdf';
  /** Generated storage name of the stored file. */
  stored_name: string;
  /** Generated storage name of the thumbnail; null for PDFs. */
  thumbnail_name: string | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  caption: string;
  /** 1: shown on the public disclosure board. */
  is_public: Generated<number>;
  uploaded_by: number;
  uploaded_at: string;
}

/** An entry of the SK treasurer's cash book (migration 0038), append-only; centavos. */
export interface BooksCashEntriesTable {
  id: Generated<number>;
  barangay_id: number;
  kind: 'collection' | 'deposit' | 'transfer' | 'bank-credit' | 'bank-debit';
  entry_on: string;
  reference: string;
  party: string;
  particulars: string;
  /** Negative for a reversal (PostgreSQL answers bigint as text). */
  amount_cents: number | string;
  allotment_credited_on: string | null;
  reverses_id: number | null;
  recorded_by: number;
  recorded_at: string;
  /** The specific-purpose fund it is received into (migration 0042); null: the SK's own. */
  fund_id: Generated<number | null>;
}

/** A specific-purpose fund: a grant or donation for a stated purpose (migration 0042). */
export interface BooksFundsTable {
  id: Generated<number>;
  barangay_id: number;
  name: string;
  source: string;
  purpose: string;
  reference: string;
  created_by: number;
  created_at: string;
}

/** A month's bank reconciliation (migration 0038), append-only: the newest of a month holds. */
export interface BooksReconciliationsTable {
  id: Generated<number>;
  barangay_id: number;
  year: number;
  month: number;
  statement_cents: number | string;
  deposits_in_transit_cents: number | string;
  outstanding_checks_cents: number | string;
  book_cents: number | string;
  items: string;
  recorded_by: number;
  recorded_at: string;
}
