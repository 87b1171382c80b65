import type { Generated } from 'kysely';

/**
 * Tables of the SK's procurement (migration 0037; contract procurement.ts). Part of `DB` in
 * schema.ts; same conventions (ISO-8601 UTC text, calendar dates `YYYY-MM-DD`, amounts in
 * centavos, 0/1 flags).
 */

/** The BAC of a barangay, constituted by the chairperson's order. */
export interface ProcurementBacsTable {
  id: Generated<number>;
  barangay_id: number;
  order_number: string;
  order_date: string;
  created_by: number;
  created_at: string;
  updated_by: number;
  updated_at: string;
}

/** Who sits on the BAC and as what; one account may hold two roles. */
export interface ProcurementBacMembersTable {
  bac_id: number;
  user_id: number;
  role: 'chair' | 'vice chair' | 'member' | 'secretariat' | 'inspector';
  /** The account's name when the order was made (printed on the order). */
  name: string;
  sort_order: number;
}

export interface ProcurementSuppliersTable {
  id: Generated<number>;
  barangay_id: number;
  name: string;
  /** The name compared as people write it (case, spacing and dots aside): unique a barangay. */
  name_key: string;
  address: string;
  tin: string;
  /** Empty when the supplier has not given one (it cannot then be awarded). */
  philgeps_number: string;
  created_by: number;
  created_at: string;
  updated_by: number;
  updated_at: string;
}

/** A purchase request from a line (a tracker item) of a year's operative plan. */
export interface ProcurementRequestsTable {
  id: Generated<number>;
  barangay_id: number;
  year: number;
  /** PR number, `YYYY-NNN` a barangay and year. */
  number: string;
  item_id: number;
  expense_class: 'PS' | 'MOOE' | 'CO';
  /** The object of expenditure of its first item (what splitting is looked for by). */
  object_code: string;
  purpose: string;
  total_cents: number;
  requested_on: string;
  /** `ordered` once the chairperson approved its purchase order. */
  status: 'requested' | 'ordered' | 'cancelled';
  posting_required: number;
  /** The last day of the PhilGEPS posting when required. */
  posting_until: string | null;
  /** The BAC's written answer to the splitting warning; null while none was asked or given. */
  splitting_reason: string | null;
  /** The abstract of quotations: the awarded supplier, amount, justification if not the lowest. */
  award_supplier_id: number | null;
  award_cents: number | null;
  award_justification: string | null;
  abstract_on: string | null;
  /** The BAC resolution: the mode recommended (`svp`), its number and date. */
  mode: string | null;
  resolution_number: string | null;
  resolution_on: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

export interface ProcurementRequestItemsTable {
  id: Generated<number>;
  request_id: number;
  sort_order: number;
  description: string;
  quantity: number;
  unit: string;
  unit_cost_cents: number;
  object_code: string;
}

/** A supplier a request for quotation went to, and what it quoted (null: none received). */
export interface ProcurementQuotationsTable {
  request_id: number;
  supplier_id: number;
  amount_cents: number | null;
  responsive: number;
  sort_order: number;
}

/** A purchase order approved by the chairperson, and the commitment it made. */
export interface ProcurementOrdersTable {
  id: Generated<number>;
  barangay_id: number;
  request_id: number;
  number: string;
  ordered_on: string;
  supplier_id: number;
  amount_cents: number;
  commitment_id: number;
  approved_by: number;
  created_at: string;
}

/** The inspection and acceptance of a delivery against a purchase order. */
export interface ProcurementInspectionsTable {
  id: Generated<number>;
  barangay_id: number;
  order_id: number;
  delivered_on: string;
  inspected_on: string;
  inspected_by: number;
  created_at: string;
}

/** The quantity of a request's item accepted on an inspection. */
export interface ProcurementInspectionItemsTable {
  inspection_id: number;
  request_item_id: number;
  quantity: number;
}

/**
 * The chairperson's approval of a year's Annual Procurement Plan (migration 0039), naming the
 * posted plan version the APP was built from; append-only, the newest of a year holds.
 */
export interface ProcurementPlanApprovalsTable {
  id: Generated<number>;
  barangay_id: number;
  year: number;
  plan_id: number;
  approved_by: number;
  /** The chairperson's name when approving (printed on the APP). */
  approved_by_name: string;
  approved_at: string;
}

/** The procurement tables of `DB` (schema.ts), by table name. */
export interface ProcurementTables {
  procurement_bacs: ProcurementBacsTable;
  procurement_bac_members: ProcurementBacMembersTable;
  procurement_suppliers: ProcurementSuppliersTable;
  procurement_requests: ProcurementRequestsTable;
  procurement_request_items: ProcurementRequestItemsTable;
  procurement_quotations: ProcurementQuotationsTable;
  procurement_orders: ProcurementOrdersTable;
  procurement_inspections: ProcurementInspectionsTable;
  procurement_inspection_items: ProcurementInspectionItemsTable;
  procurement_plan_approvals: ProcurementPlanApprovalsTable;
}
