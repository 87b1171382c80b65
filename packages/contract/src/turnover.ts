import { z } from 'zod';
import { PLAN_MAX_AMOUNT } from './budget-plan-terms.ts';
import { isoDate } from './budget-plans.ts';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { SkTermSchema } from './disclosure-postings.ts';
import { TERM_DEADLINE_KEYS } from './terms.ts';

/**
 * The inventory and turnover of the SK's properties, financial records, documents and money
 * accountabilities when a new council takes office.
 *
 * DILG MC No. 2023-047 (21 March 2023) has the SK chairperson create, through an order, and
 * convene the SK Inventory Team (SKIT), a copy going to the city or municipal mayor through the
 * Local Youth Development Officer and to the city or municipal DILG officer. The SKIT makes the
 * initial and the final inventory of all SK properties, financial records and documents, and
 * the turnover of those and of the money accountabilities to the incoming officials, on "SK
 * Inventory and Turnover Form No. 1" (Annex E), ending in a turnover ceremony; DILG MC No.
 * 2023-166 followed with the final inventory before the new term. Read from regional and city
 * memoranda that reproduce them (DILG Biñan City, 4 April 2023; DILG Region I advisory, 23 March
 * 2023) and from the circular's sample order (Annex D, "Section I. Composition: Chair, Vice
 * Chair, Members"); the circulars' own text was not read.
 */

/**
 * The SKIT's composition, as data. `confirmed` false: SK Tanaw's reading, not the circular's
 * text. The sample order (Annex D) names a chair, a vice chair and members, and has the SK
 * chairperson create the team; that the chairperson heads it, and the least number of members,
 * follow the Barangay Inventory Team of DILG MC No. 2018-12 (the Punong Barangay as chair, with
 * at least two kagawads, the secretary and the treasurer).
 */
export const SKIT_RULES = {
  /** Members besides the chair (the chairperson who makes the order). */
  minMembers: 2,
  maxMembers: 14,
  source:
    'DILG MC No. 2023-047, Annex D (sample order: chair, vice chair, members); the least number of members after the Barangay Inventory Team of DILG MC No. 2018-12',
  confirmed: false,
} as const;

export const TURNOVER_CATEGORIES = ['property', 'financial', 'document', 'money'] as const;
export type TurnoverCategory = (typeof TURNOVER_CATEGORIES)[number];
export const TURNOVER_CATEGORY_NAMES: Record<TurnoverCategory, string> = {
  property: 'Property',
  financial: 'Financial record',
  document: 'Document',
  money: 'Money accountability',
};

export const TURNOVER_CONDITIONS = ['serviceable', 'repair', 'unserviceable', 'missing'] as const;
export type TurnoverCondition = (typeof TURNOVER_CONDITIONS)[number];
export const TURNOVER_CONDITION_NAMES: Record<TurnoverCondition, string> = {
  serviceable: 'Serviceable',
  repair: 'Needs repair',
  unserviceable: 'Unserviceable',
  missing: 'Missing on the physical count',
};

/** Not started: no SKIT and no row; in progress: a SKIT or rows; signed: the form is signed. */
export const TURNOVER_STATES = ['not started', 'in progress', 'signed'] as const;
export type TurnoverState = (typeof TURNOVER_STATES)[number];

export const TURNOVER_MESSAGES = {
  forbidden: 'Only the SK chairperson creates the SK Inventory Team and keeps the inventory.',
  termNotFound: 'There is no such SK term of office.',
  noTeam: 'Create the SK Inventory Team first: the team makes the inventory.',
  rowNotFound: 'There is no such row of the inventory.',
  signed: 'The turnover form is signed: nothing more can change on it.',
  tooFew: (least: number) =>
    `The SK Inventory Team needs at least ${String(least)} members besides the chairperson.`,
  invalidMember:
    'Every member of the SK Inventory Team is an active SK official account of this barangay (not the chairperson, not an administrator, not an archived account), named once.',
  viceChair: 'The vice chair is one of the team’s members.',
  saved: 'The SK Inventory Team is saved.',
  rowSaved: 'The row is saved.',
  rowRemoved: 'The row is removed.',
  signedSaved: 'The turnover form is marked signed.',
  unsigned: 'The turnover form is open again.',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${String(max)} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .default('');

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${String(max)} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

/** `?term=`: a term's first day (sk_terms); absent: the term running today, else the newest. */
export const TurnoverQuerySchema = z.object({
  term: isoDate('Term').optional(),
});

export const TurnoverDocumentQuerySchema = TurnoverQuerySchema.extend({
  format: z.enum(['pdf', 'xlsx'], { error: "format must be 'pdf' or 'xlsx'" }).default('pdf'),
});

/** `PUT /api/turnover/team`: the order creating the SKIT and its members. */
export const TurnoverTeamInputSchema = z.object({
  term: isoDate('Term').optional(),
  orderNumber: required('Order number', 40),
  orderDate: isoDate('Order date'),
  memberIds: z
    .array(rowIdSchema, { error: 'memberIds must be a list of accounts' })
    .max(SKIT_RULES.maxMembers, `At most ${String(SKIT_RULES.maxMembers)} members`),
  viceChairId: rowIdSchema.nullable().default(null),
});
export type TurnoverTeamInput = z.input<typeof TurnoverTeamInputSchema>;

/** A row the team adds by hand: what the physical count found (or did not). */
export const TurnoverRowInputSchema = z.object({
  term: isoDate('Term').optional(),
  category: z.enum(TURNOVER_CATEGORIES, {
    error: "Category must be 'property', 'financial', 'document' or 'money'",
  }),
  description: required('Description', 300),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(100_000, 'Quantity is too large'),
  unit: text('Unit', 40),
  amount: z
    .number({ error: 'Amount must be a number' })
    .min(0, 'Amount cannot be negative')
    .max(PLAN_MAX_AMOUNT, 'Amount is too large')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'Amount must have at most two decimals (centavos)',
    )
    .nullable()
    .default(null),
  acquiredOn: isoDate('Date acquired').nullable().default(null),
  condition: z.enum(TURNOVER_CONDITIONS, {
    error: "Condition must be 'serviceable', 'repair', 'unserviceable' or 'missing'",
  }),
  location: text('Location', 200),
  remarks: text('Remarks', 1000),
});
export type TurnoverRowInput = z.input<typeof TurnoverRowInputSchema>;

export const TurnoverRowParamsSchema = z.object({ id: rowIdSchema });

/** `PUT /api/turnover/signed`: the day the form was signed, or null to open it again. */
export const TurnoverSignedInputSchema = z.object({
  term: isoDate('Term').optional(),
  signedOn: isoDate('Date signed').nullable(),
});

const MemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  role: z.enum(['chair', 'vice chair', 'member']),
});

export const TurnoverTeamSchema = z.object({
  orderNumber: z.string(),
  orderDate: z.string(),
  members: z.array(MemberSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TurnoverTeam = z.infer<typeof TurnoverTeamSchema>;

export const TurnoverRowSchema = z.object({
  id: z.number().int(),
  category: z.enum(TURNOVER_CATEGORIES),
  description: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  amount: z.number().nullable(),
  acquiredOn: z.string().nullable(),
  condition: z.enum(TURNOVER_CONDITIONS),
  location: z.string(),
  remarks: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type TurnoverRow = z.infer<typeof TurnoverRowSchema>;

/** A capital outlay item the tracker knows: equipment and other property bought. Pesos. */
export const TurnoverPropertySchema = z.object({
  year: z.number().int(),
  referenceCode: z.string(),
  ppa: z.string(),
  status: z.string(),
  appropriated: z.number(),
  committed: z.number(),
  paid: z.number(),
  /** Photos and PDFs recorded on the item (its evidence). */
  evidence: z.number().int(),
});

/** The registry's balances of a year (MOOE and capital outlay together). Pesos. */
export const TurnoverBalanceSchema = z.object({
  year: z.number().int(),
  /** The newest posted plan's resolution, or null when none was posted. */
  resolutionNumber: z.string().nullable(),
  appropriated: z.number(),
  committed: z.number(),
  paid: z.number(),
  unobligated: z.number(),
  unpaid: z.number(),
});
export type TurnoverBalance = z.infer<typeof TurnoverBalanceSchema>;

/** A commitment not fully paid: a money accountability the incoming council inherits. */
export const TurnoverOpenCommitmentSchema = z.object({
  year: z.number().int(),
  date: z.string(),
  reference: z.string(),
  payee: z.string(),
  expenseClass: z.string(),
  amount: z.number(),
  unpaid: z.number(),
});

export const TURNOVER_DOCUMENT_KINDS = [
  'abyip',
  'cbydp',
  'accomplishment-report',
  'end-of-term-report',
  'kk-registry',
] as const;

/** A document the product holds; the youth registry by its size only, never its contents. */
export const TurnoverDocumentSchema = z.object({
  kind: z.enum(TURNOVER_DOCUMENT_KINDS),
  year: z.number().int().nullable(),
  title: z.string(),
  reference: z.string(),
  /** Records (the youth registry), reports (accomplishment reports), else null. */
  count: z.number().int().nullable(),
});
export type TurnoverDocument = z.infer<typeof TurnoverDocumentSchema>;

export const TurnoverInventorySchema = z.object({
  properties: z.array(TurnoverPropertySchema),
  balances: z.array(TurnoverBalanceSchema),
  openCommitments: z.array(TurnoverOpenCommitmentSchema),
  documents: z.array(TurnoverDocumentSchema),
  rows: z.array(TurnoverRowSchema),
});
export type TurnoverInventory = z.infer<typeof TurnoverInventorySchema>;

export const TurnoverSchema = z.object({
  term: SkTermSchema,
  terms: z.array(SkTermSchema),
  state: z.enum(TURNOVER_STATES),
  signedOn: z.string().nullable(),
  team: TurnoverTeamSchema.nullable(),
  /** The accounts the chairperson may name (empty for anyone else). */
  candidates: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  canManage: z.boolean(),
  rules: z.object({
    minMembers: z.number().int(),
    maxMembers: z.number().int(),
    source: z.string(),
    confirmed: z.boolean(),
  }),
  inventory: TurnoverInventorySchema,
  asOf: z.string(),
});
export type Turnover = z.infer<typeof TurnoverSchema>;

export const turnoverEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/turnover',
  query: TurnoverQuerySchema,
  response: z.object({ success: z.literal(true), turnover: TurnoverSchema }),
});

const saved = z.object({ success: z.literal(true), message: z.string(), turnover: TurnoverSchema });

export const saveTurnoverTeamEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/turnover/team',
  body: TurnoverTeamInputSchema,
  response: saved,
});
export const addTurnoverRowEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/turnover/rows',
  body: TurnoverRowInputSchema,
  response: saved,
});
export const updateTurnoverRowEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/turnover/rows/:id',
  body: TurnoverRowInputSchema,
  response: saved,
});
export const removeTurnoverRowEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/turnover/rows/:id',
  response: saved,
});
export const turnoverSignedEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/turnover/signed',
  body: TurnoverSignedInputSchema,
  response: saved,
});

/** The order creating the SKIT (PDF) and the turnover form (`format=pdf|xlsx`): downloads. */
export const TURNOVER_ORDER_PATH = '/api/turnover/order';
export const TURNOVER_INVENTORY_PATH = '/api/turnover/inventory';

/** One barangay of the city's consolidated view. */
export const CityTurnoverRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  district: z.string().nullable(),
  team: z
    .object({ orderNumber: z.string(), orderDate: z.string(), members: z.number().int() })
    .nullable(),
  state: z.enum(TURNOVER_STATES),
  signedOn: z.string().nullable(),
  rows: z.number().int(),
  missing: z.number().int(),
  /**
   * The officials of the incoming council (the term after this one): whether its chairperson's
   * account is in (imported or added), how many members are, how many the SK has (a chairperson
   * and seven members, SK_COUNCIL_SIZE), and how many of them set their password (`signedIn`).
   */
  officialsIn: z.object({
    chair: z.boolean(),
    members: z.number().int(),
    expected: z.number().int(),
    signedIn: z.number().int(),
  }),
  /** The requirements before assuming office recorded for those officials, of all they owe. */
  requirementsDone: z.object({
    done: z.number().int(),
    verified: z.number().int(),
    total: z.number().int(),
  }),
  /** The incoming term's first deadlines: when due, and the day done when the product knows it. */
  deadlines: z.array(
    z.object({
      key: z.enum(TERM_DEADLINE_KEYS),
      dueOn: z.string(),
      daysLeft: z.number().int(),
      /** The day it was done; null when not yet, or not known (`tracked` false). */
      doneOn: z.string().nullable(),
      /** Whether the product holds the data that says it is done (the BAC is not recorded). */
      tracked: z.boolean(),
    }),
  ),
});
export type CityTurnoverRow = z.infer<typeof CityTurnoverRowSchema>;

export const CityTurnoverSchema = z.object({
  city: z.object({ code: z.string(), name: z.string() }),
  term: SkTermSchema,
  rows: z.array(CityTurnoverRowSchema),
  totals: z.object({
    barangays: z.number().int(),
    teams: z.number().int(),
    inProgress: z.number().int(),
    signed: z.number().int(),
    chairsIn: z.number().int(),
    requirementsDone: z.number().int(),
    requirementsTotal: z.number().int(),
  }),
  /** The term whose officials `officialsIn` counts (the next one); null when none is stored. */
  incoming: z.object({ startsOn: z.string(), endsOn: z.string() }).nullable(),
});
export type CityTurnover = z.infer<typeof CityTurnoverSchema>;

export const CityTurnoverQuerySchema = TurnoverQuerySchema.extend({
  format: z.enum(['json', 'xlsx'], { error: "format must be 'json' or 'xlsx'" }).default('json'),
});

export const cityTurnoverEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/turnover',
  query: CityTurnoverQuerySchema,
  response: z.object({ success: z.literal(true), turnover: CityTurnoverSchema }),
});

/** A barangay's SKIT order (PDF) and turnover form, for the city: 404 outside its city. */
export const CITY_TURNOVER_ORDER_PATH = '/api/city/turnover/:barangayCode/order';
export const CITY_TURNOVER_INVENTORY_PATH = '/api/city/turnover/:barangayCode/inventory';
