import { z } from 'zod';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { isoDate } from './budget-plans.ts';
import { PLAN_MAX_AMOUNT } from './budget-plan-terms.ts';
import { TrackerYearQuerySchema } from './tracker.ts';

/**
 * The Registry of Budget, Commitments, Payments and Balances (RBCPB) the COA asks of the SK, one
 * for MOOE and one for CO (COA Handbook on SK financial transactions, Annex 1: its columns are the
 * PPA, particulars, date, reference, then the budget, commitments and payments, and two balances:
 * the available budget (budget less commitments) and the unpaid commitments (commitments less
 * payments)). It is kept by the Budget Monitoring Officer, whom the SK chairperson designates
 * from the SK officials other than the treasurer (DILG MC 2023-068).
 *
 * A commitment (a purchase order, a contract, a job order) obligates part of a line's
 * appropriation of its class; payments are then recorded against it. A payment recorded without
 * one (every payment before the registry existed) obligates and pays at once.
 *
 * Personal services are left out: the SK's PS are the officials' honoraria, paid per payroll
 * against the plan's honoraria schedule (tracker-honoraria.ts), and the handbook's registries
 * cover MOOE and CO.
 */

export const REGISTRY_CLASSES = ['MOOE', 'CO'] as const;
export type RegistryClass = (typeof REGISTRY_CLASSES)[number];

export const REGISTRY_MESSAGES = {
  commitmentSaved: 'Commitment recorded.',
  commitmentCancelled: 'Commitment cancelled.',
  officerSaved: 'Budget Monitoring Officer designated.',
  officerCleared: 'Budget Monitoring Officer designation removed.',
  commitmentNotFound: 'Commitment not found.',
  notOfficer:
    'Only the Budget Monitoring Officer designated by the SK chairperson, or the chairperson, can record or cancel commitments.',
  designateForbidden: 'Only the SK chairperson can designate the Budget Monitoring Officer.',
  officerInvalid:
    'The Budget Monitoring Officer must be an active SK official account of this barangay.',
  officerTreasurer:
    'The SK treasurer cannot be the Budget Monitoring Officer (DILG MC 2023-068): choose another SK official.',
  overUnobligated: (expenseClass: string, appropriated: string, available: string) =>
    `This commitment would take the line past its ${expenseClass} appropriation of ${appropriated} (${available} not yet committed or paid). Realign the budget through a new plan version first.`,
  overCommitment: (reference: string, amount: string, unpaid: string) =>
    `This payment is more than what is left unpaid of commitment ${reference} of ${amount} (${unpaid} unpaid).`,
  commitmentMismatch:
    'A payment against a commitment must be of the same item and class as the commitment.',
  commitmentCancelledState:
    'This commitment was cancelled: payments can no longer be made against it.',
  paidBeforeCommitted: (date: string) =>
    `The payment cannot be dated before its commitment (${date}).`,
  commitmentHasPayments:
    'This commitment has payments against it: delete or move them before cancelling it.',
  objectClass: (code: string, expenseClass: string) =>
    `Object of expenditure ${code} is not an account of ${expenseClass}. Choose an object of the commitment’s class.`,
  objectNotInLine: (object: string, expenseClass: string, objects: string) =>
    `This line's ${expenseClass} appropriation names no ${object}: charge one of its objects (${objects}), or add the object through a new plan version.`,
  overObject: (object: string, appropriated: string, available: string) =>
    `This would take ${object} past its appropriation of ${appropriated} on this line (${available} not yet committed or paid). Charge another object of the line, or realign through a new plan version.`,
  noObjectFits: (expenseClass: string, most: string) =>
    `No object of expenditure of this line has that much left of its ${expenseClass} appropriation (the most any has is ${most}). Name the object it pays and split the amount, or realign through a new plan version.`,
  futureCommitment: (today: string) =>
    `The date must not be after today (${today}, Philippine time): record a commitment once it is made.`,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

/** `POST /api/tracker/items/:id/commitments`. */
export const CommitmentInputSchema = z.object({
  date: isoDate('Date'),
  expenseClass: z.enum(REGISTRY_CLASSES, {
    error: "Class must be 'MOOE' or 'CO' (honoraria, PS, are paid per payroll)",
  }),
  /** Purchase order, contract or job order number. */
  reference: requiredText('Reference (purchase order or contract number)', 100),
  payee: requiredText('Payee', 200),
  amount: z
    .number({ error: 'Amount must be a number' })
    .gt(0, 'Amount must be more than 0')
    .max(PLAN_MAX_AMOUNT, 'Amount is too large')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'Amount must have at most two decimals (centavos)',
    ),
  particulars: z
    .string({ error: 'Particulars must be text' })
    .trim()
    .max(1000, 'Particulars must be at most 1000 characters')
    .refine(isSafeText, unsafeTextMessage('Particulars'))
    .default(''),
  /**
   * The object of expenditure it obligates (an account of its class, objects-of-expenditure.ts).
   * Absent or null: the line's object of the class with the most left unobligated (stored with
   * the commitment); 422 TRACKER_OVER_OBJECT when none has enough.
   */
  objectCode: z
    .string({ error: 'Object of expenditure must be an account code' })
    .trim()
    .max(20, 'Object of expenditure must be an account code')
    .nullable()
    .default(null),
});
export type CommitmentInput = z.input<typeof CommitmentInputSchema>;

/** `PUT /api/tracker/budget-monitoring-officer`: an SK official's account, or null to clear. */
export const OfficerInputSchema = z.object({
  userId: rowIdSchema.nullable(),
});
export type OfficerInput = z.input<typeof OfficerInputSchema>;

export const RegistryPaymentSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  reference: z.string(),
  amount: z.number(),
  note: z.string(),
  /** The object of expenditure it is charged to (its voucher's, else its commitment's). */
  objectCode: z.string(),
});
export type RegistryPayment = z.infer<typeof RegistryPaymentSchema>;

export const CommitmentSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  date: z.string(),
  expenseClass: z.enum(REGISTRY_CLASSES),
  reference: z.string(),
  payee: z.string(),
  particulars: z.string(),
  amount: z.number(),
  paid: z.number(),
  unpaid: z.number(),
  cancelled: z.boolean(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  payments: z.array(RegistryPaymentSchema),
  /**
   * The object of expenditure it obligates: in the registry, the one it names, else the line's
   * only object of its class, else the class's residual object; null right after recording one
   * that names none.
   */
  objectCode: z.string().nullable(),
});
export type Commitment = z.infer<typeof CommitmentSchema>;

/** One object of expenditure of a line and class in the registry. Pesos. */
export const RegistryObjectSchema = z.object({
  code: z.string(),
  name: z.string(),
  appropriated: z.number(),
  committed: z.number(),
  paid: z.number(),
  unobligated: z.number(),
  unpaid: z.number(),
});
export type RegistryObject = z.infer<typeof RegistryObjectSchema>;

/** One line (tracked item) and class of the registry. Pesos. */
export const RegistryLineSchema = z.object({
  itemId: z.number().int(),
  referenceCode: z.string(),
  ppa: z.string(),
  expenseClass: z.enum(REGISTRY_CLASSES),
  appropriated: z.number(),
  /** Commitments not cancelled, plus payments made without one. */
  committed: z.number(),
  paid: z.number(),
  /** Appropriated less committed: what can still be committed. */
  unobligated: z.number(),
  /** Committed less paid. */
  unpaid: z.number(),
  commitments: z.array(CommitmentSchema),
  /** Payments recorded without a commitment (each obligates and pays at once). */
  directPayments: z.array(RegistryPaymentSchema),
  /**
   * The line's figures by object of expenditure (the COA handbook's breakdown): the objects the
   * plan line names for the class (its residual object when it names none), and any other object
   * a commitment or payment was charged to, with no appropriation of its own.
   */
  objects: z.array(RegistryObjectSchema),
});
export type RegistryLine = z.infer<typeof RegistryLineSchema>;

export const RegistrySchema = z.object({
  year: z.number().int(),
  /** Null: no posted plan of the year. */
  plan: z.object({ amendment: z.number().int(), resolutionNumber: z.string() }).nullable(),
  officer: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  /** The SK officials the chairperson may designate (empty for anyone else). */
  candidates: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  /** Whether the caller may record commitments (the officer, or the chairperson). */
  canCommit: z.boolean(),
  canDesignate: z.boolean(),
  lines: z.array(RegistryLineSchema),
  asOf: z.string(),
});
export type Registry = z.infer<typeof RegistrySchema>;

export const registryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/tracker/registry',
  query: TrackerYearQuerySchema,
  response: z.object({ success: z.literal(true), registry: RegistrySchema }),
});
export const addCommitmentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/tracker/items/:id/commitments',
  body: CommitmentInputSchema,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    commitment: CommitmentSchema,
  }),
});
export const cancelCommitmentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/tracker/commitments/:id/cancel',
  response: z.object({ success: z.literal(true), message: z.string() }),
});
export const designateOfficerEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/tracker/budget-monitoring-officer',
  body: OfficerInputSchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});
/** `GET /api/tracker/registry/:expenseClass?year=YYYY&format=xlsx|pdf` (MOOE or CO, lower case). */
export const TRACKER_REGISTRY_DOCUMENT_PATH = '/api/tracker/registry/:expenseClass';
export const RegistryDocumentParamsSchema = z.object({
  expenseClass: z.enum(['mooe', 'co'], { error: "expenseClass must be 'mooe' or 'co'" }),
});
export const RegistryDocumentQuerySchema = z.object({
  year: TrackerYearQuerySchema.shape.year,
  /**
   * A month (1-12): the registry of that month, each object's balances brought forward from the
   * months before and carried forward to the next. Absent: the year to date.
   */
  month: z.coerce
    .number({ error: 'month must be from 1 to 12' })
    .int('month must be from 1 to 12')
    .min(1, 'month must be from 1 to 12')
    .max(12, 'month must be from 1 to 12')
    .optional(),
  format: z.enum(['xlsx', 'pdf'], { error: "format must be 'xlsx' or 'pdf'" }),
});
