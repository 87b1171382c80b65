import type { Generated } from 'kysely';

/**
 * Tables of the inventory and turnover when a new council takes office (migration 0031; contract
 * turnover.ts). Part of `DB` in schema.ts; same conventions (ISO-8601 UTC text, calendar dates
 * `YYYY-MM-DD`, amounts in centavos). A term is named by its first day (`sk_terms.starts_on`).
 */

/** The SK Inventory Team of a barangay for a term, created by the chairperson's order. */
export interface TurnoverTeamsTable {
  id: Generated<number>;
  barangay_id: number;
  term_starts_on: string;
  order_number: string;
  order_date: string;
  /** The day the turnover form was signed; null while the inventory is open. */
  signed_on: string | null;
  created_by: number;
  created_at: string;
  updated_by: number;
  updated_at: string;
}

/** A member of the team: the chair (the chairperson), the vice chair, the members. */
export interface TurnoverTeamMembersTable {
  team_id: number;
  user_id: number;
  role: 'chair' | 'vice chair' | 'member';
  /** The account's name when the order was made (printed on the order). */
  name: string;
  sort_order: number;
}

/** A row the team adds by hand to the inventory: what the physical count found or missed. */
export interface TurnoverRowsTable {
  id: Generated<number>;
  barangay_id: number;
  term_starts_on: string;
  category: 'property' | 'financial' | 'document' | 'money';
  description: string;
  quantity: number;
  unit: string;
  amount_cents: number | null;
  acquired_on: string | null;
  condition: 'serviceable' | 'repair' | 'unserviceable' | 'missing';
  location: string;
  remarks: string;
  created_by: number;
  created_at: string;
  updated_by: number;
  updated_at: string;
}

/** A requirement before assuming office, recorded for an official of a new term (0033). */
export interface OfficeRequirementsTable {
  id: Generated<number>;
  barangay_id: number;
  user_id: number;
  requirement: string;
  done_on: string;
  reference: string;
  file_stored_name: string | null;
  file_name: string | null;
  recorded_by: number;
  recorded_at: string;
  verified_by: number | null;
  verified_at: string | null;
}
