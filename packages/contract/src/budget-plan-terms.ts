/**
 * Budget plans' vocabulary and limits: the centres, programs, statuses and positions a plan is
 * written in, the sizes the plan schemas (budget-plans.ts) accept, and the project statuses a
 * plan line can be linked to without a warning.
 */

/** The Philippine Youth Development Plan 2023-2028's ten centres of participation. */
export const PYDP_CENTRES = [
  'Health',
  'Education',
  'Economic Empowerment',
  'Social Inclusion and Equity',
  'Peace-building and Security',
  'Governance',
  'Active Citizenship',
  'Environment',
  'Global Mobility',
  'Agriculture',
] as const;
export type PydpCentre = (typeof PYDP_CENTRES)[number];

/** General Administration Program, and the SK Youth Development and Empowerment Programs. */
export const PLAN_PROGRAMS = ['GAP', 'YDEP'] as const;
export type PlanProgram = (typeof PLAN_PROGRAMS)[number];
export const PLAN_PROGRAM_NAMES: Record<PlanProgram, string> = {
  GAP: 'General Administration Program',
  YDEP: 'SK Youth Development and Empowerment Programs',
};

/** draft -> approved (SK resolution) -> posted (public); a newer approved version supersedes. */
export const PLAN_STATUSES = ['draft', 'approved', 'posted', 'superseded'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The first plan of a year is the original; approved plans change through new versions. */
export const PLAN_KINDS = ['original', 'supplemental', 'realignment'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** Positions of the honoraria schedule (RA 11768: members, secretary and treasurer). */
/**
 * The kinds of receipt besides the 10% share, each printed as its own row of Part I (Receipts
 * Program). The SK annual budget form of DBM-DILG-NYC JMC No. 1 s. 2019 has two receipt rows,
 * "Ten percent (10%) of the general fund of the barangay" and "Receipts from fund raising
 * activities"; the sample budget of the COA Handbook on the Financial Transactions of the SK
 * (page 112, reproduced as Annex C of DILG MC No. 2023-068) has the first only. A balance carried
 * over, donations and grants, and other receipts have no row on either form: each follows the
 * form's rows under its own name, so no receipt is printed under a row it is not.
 */
export const OTHER_RECEIPT_KINDS = ['fundRaising', 'carriedOver', 'grant', 'other'] as const;
export type OtherReceiptKind = (typeof OTHER_RECEIPT_KINDS)[number];
export const OTHER_RECEIPT_KIND_NAMES: Record<OtherReceiptKind, string> = {
  fundRaising: 'Receipts from fund raising activities',
  carriedOver: 'Balance carried over from the previous year',
  grant: 'Donations and grants',
  other: 'Other receipts',
};

export const HONORARIA_POSITIONS = ['chairperson', 'member', 'secretary', 'treasurer'] as const;
export type HonorariaPosition = (typeof HONORARIA_POSITIONS)[number];
export const HONORARIA_POSITION_NAMES: Record<HonorariaPosition, string> = {
  chairperson: 'SK Chairperson',
  member: 'SK Member',
  secretary: 'SK Secretary',
  treasurer: 'SK Treasurer',
};

export const PLAN_MIN_YEAR = 2000;
export const PLAN_MAX_YEAR = 2099;
export const PLAN_MAX_LINES = 500;
export const PLAN_MAX_HONORARIA = 30;
export const PLAN_MAX_OTHER_RECEIPTS = 50;
/** Largest amount accepted anywhere in a plan (pesos): far above any barangay's SK fund. */
export const PLAN_MAX_AMOUNT = 1_000_000_000;
/** Largest signed resolution PDF accepted on approval. */
export const PLAN_RESOLUTION_MAX_BYTES = 10 * 1024 * 1024;

/** Most characters of each text of a plan line (the editor's inputs stop at the same). */
export const PLAN_LINE_TEXT_MAX = {
  referenceCode: 40,
  ppa: 300,
  description: 2000,
  expectedResult: 1000,
  performanceIndicator: 1000,
  responsible: 200,
} as const;
/** Most characters of a name or label elsewhere in a plan (certifying officer, honorarium
 * name, other receipt label). */
export const PLAN_NAME_MAX = 200;

/**
 * Largest body of a plan save (`PUT /api/budget-plans/:id`) that the plan schemas (budget-plans.ts) can accept:
 * every list at its most and every text at its longest, each character written as a JSON
 * `\uXXXX` escape (6 bytes; what Python's `json.dumps` sends for non-ASCII text), plus 1 KiB per
 * record for field names, numbers and indentation. About 14 MB; anything larger cannot be a
 * valid plan, so the server refuses it (413) before reading it.
 */
export const PLAN_SAVE_MAX_BODY_BYTES =
  (PLAN_MAX_LINES + PLAN_MAX_HONORARIA + PLAN_MAX_OTHER_RECEIPTS + 1) * 1024 +
  6 *
    (PLAN_MAX_LINES * Object.values(PLAN_LINE_TEXT_MAX).reduce((sum, max) => sum + max, 0) +
      (PLAN_MAX_HONORARIA + PLAN_MAX_OTHER_RECEIPTS + 1) * PLAN_NAME_MAX);

/** Statuses at or past acceptance: a linked proposal in any other status draws a warning. */
export const ACCEPTED_PROJECT_STATUSES = [
  'Proposal Accepted',
  'In Compilation',
  "Brgy. Captain's Review",
  'Submitted to LGU',
  'LGU Revision Requested',
  'LGU Approval',
] as const;
