import type { Generated } from 'kysely';

/**
 * Tables of what a council shows and sends up: the full-disclosure posting
 * rules, terms and records (DILG MC 2023-068), and the city's review of submitted SK budgets.
 * Part of `DB` in schema.ts; same conventions (ISO-8601 UTC text, 0/1 flags).
 */

/** How soon a document must be posted and how long it stays (MC 2023-068; migration 0020). */
export interface DisclosureRulesTable {
  id: Generated<number>;
  document: string;
  effective_year: number;
  due_basis: string;
  due_days: number;
  stay_basis: string;
  stay_value: number;
  source: string;
  confirmed: number;
}

/** An SK term of office: the end-of-term report covers its fiscal years. */
export interface SkTermsTable {
  id: Generated<number>;
  /** The term's first and last Manila days ('YYYY-MM-DD'). */
  starts_on: string;
  ends_on: string;
  source: string;
  /** The instants it starts and ends (ISO UTC; migration 0030): a term may start at noon. */
  starts_at: Generated<string>;
  ends_at: Generated<string>;
  /** 1: the dates were read in the law; 0: from press reports, not confirmed. */
  confirmed: Generated<number>;
  /** 1: the law allows the term's SK officials a single term. */
  single_term: Generated<number>;
  /** Days after the end in which the outgoing chair and treasurer read and finish the turnover. */
  turnover_days: Generated<number>;
  turnover_source: Generated<string>;
}

/** One document the council posted to the public disclosure board. */
export interface DisclosurePostingsTable {
  id: Generated<number>;
  barangay_id: number;
  document: string;
  year: number;
  plan_id: number | null;
  posted_at: string;
  posted_by: number;
  posted_until: string;
  stay_basis: string;
  stay_value: number;
  rule_source: string;
  posting_key: string;
}

/** A plan version submitted to its city for review (migration 0024). */
export interface PlanSubmissionsTable {
  id: Generated<number>;
  barangay_id: number;
  plan_id: number;
  year: number;
  state: string;
  submitted_at: string;
  submitted_by: number;
  submitted_by_name: string;
  received_on: string;
  started_at: string | null;
  started_by: number | null;
  decided_at: string | null;
  decided_by: number | null;
  decided_by_name: string | null;
  outcome: string | null;
  conditions: string | null;
  sanggunian_resolution_number: string | null;
  sanggunian_resolution_date: string | null;
  deemed_at: string | null;
  version: number;
}

/** The city budget officer's finding on one line of a submitted plan. */
export interface PlanReviewFindingsTable {
  id: Generated<number>;
  submission_id: number;
  barangay_id: number;
  sort_order: number;
  line_ref: string;
  inoperative: number;
  reason: string;
  rule: string;
}
