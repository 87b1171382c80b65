import { z } from 'zod';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { isoDate, pesoAmount } from './budget-plans.ts';
import { defineEndpoint } from './endpoints.ts';
import { PLAN_MAX_YEAR, PLAN_MIN_YEAR } from './budget-plan-terms.ts';

/*
 * The SK treasurer's cash book: the entries behind the Register of Cash Receipts, Deposits and
 * Other Related Financial Transactions (RCRD) and the Register of Cash in Bank and Other Related
 * Financial Transactions (RCB), which the COA Handbook on the Financial Transactions of the SK
 * (item 3.21.1 and 3.21.2, as quoted in COA AOM No. 2022-006) has the SK treasurer keep; and the
 * monthly bank reconciliation. Columns follow the barangay's cash registers (Manual on the New
 * Barangay Accounting System); the SK forms' own columns were not at hand (not confirmed).
 *
 * Nothing is deleted: a wrong entry is reversed by another (`reverses`), which both registers show.
 */

/**
 * - `collection`: money the treasurer receives in cash, under an official receipt (RCRD).
 * - `deposit`: collections deposited to the SK's current account (RCRD and RCB).
 * - `transfer`: the barangay's transfer of the SK's share credited to the SK's account (RCB).
 * - `bank-credit`: another credit by the bank (interest; a credit memo) (RCB).
 * - `bank-debit`: a debit by the bank (service charge; a debit memo) (RCB).
 * Payments leave the account as disbursements (the tracker), which the RCB lists as checks issued.
 */
export const CASH_ENTRY_KINDS = [
  'collection',
  'deposit',
  'transfer',
  'bank-credit',
  'bank-debit',
] as const;
export type CashEntryKind = (typeof CASH_ENTRY_KINDS)[number];

/**
 * The barangay deposits the SK's share within five working days after its monthly National Tax
 * Allotment is credited: DBM-DILG-NYC JMC No. 2025-1, as press reports summarise it (not
 * confirmed from the circular's text). Working days here are Monday to Friday: holidays are not
 * known to SK Tanaw, so a transfer past the fifth weekday is flagged for the treasurer to verify,
 * never passed silently.
 */
export const SK_SHARE_TRANSFER_RULE = {
  workingDays: 5,
  source:
    'DBM-DILG-NYC Joint Memorandum Circular No. 2025-1 (the SK share deposited within five working days after the barangay’s monthly NTA is credited), as press reports summarise it',
  confirmed: false,
} as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${String(max)} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${String(max)} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .default('');

const positive = (label: string) =>
  pesoAmount(label).refine((v) => v > 0, `${label} must be more than 0`);

/** `POST /api/books/cash`: one entry of the cash book. */
export const CashEntryInputSchema = z
  .object({
    kind: z.enum(CASH_ENTRY_KINDS, {
      error: "Kind must be 'collection', 'deposit', 'transfer', 'bank-credit' or 'bank-debit'",
    }),
    date: isoDate('Date'),
    /** Official receipt, deposit slip, credit or debit memo number. */
    reference: required('Reference (official receipt, deposit slip or memo number)', 60),
    /** Payor of a collection; the bank or the barangay otherwise. */
    party: optional('Payor', 120),
    particulars: required('Particulars', 200),
    amount: positive('Amount'),
    /** A transfer: the day the barangay's monthly NTA was credited, when known. */
    allotmentCreditedOn: isoDate('Date the barangay’s allotment was credited')
      .nullable()
      .default(null),
    /** A collection or bank credit received into a specific-purpose fund (books-funds.ts). */
    fundId: rowIdSchema.nullable().default(null),
  })
  .refine((e) => e.kind === 'transfer' || e.allotmentCreditedOn === null, {
    message: 'Only a transfer of the SK share has an allotment date.',
    path: ['allotmentCreditedOn'],
  })
  .refine((e) => e.allotmentCreditedOn === null || e.allotmentCreditedOn <= e.date, {
    message: 'The allotment must have been credited on or before the transfer.',
    path: ['allotmentCreditedOn'],
  });
export type CashEntryInput = z.input<typeof CashEntryInputSchema>;
export type CashEntryFields = z.output<typeof CashEntryInputSchema>;

export const CashReversalSchema = z.object({
  reason: required('Reason', 300),
});

export const CashEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(CASH_ENTRY_KINDS),
  date: z.string(),
  reference: z.string(),
  party: z.string(),
  particulars: z.string(),
  /** Pesos; negative for a reversal. */
  amount: z.number(),
  allotmentCreditedOn: z.string().nullable(),
  /** A transfer with its allotment date: the last day it was due, and whether it came later. */
  transferDueOn: z.string().nullable(),
  transferLate: z.boolean().nullable(),
  reverses: z.number().int().nullable(),
  reversedBy: z.number().int().nullable(),
  /** The specific-purpose fund it was received into; null: the SK's own fund. */
  fundId: z.number().int().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type CashEntry = z.infer<typeof CashEntrySchema>;

const year = z.coerce
  .number({ error: 'year must be a whole number' })
  .int('year must be a whole number')
  .min(PLAN_MIN_YEAR, `year must be ${String(PLAN_MIN_YEAR)} or later`)
  .max(PLAN_MAX_YEAR, `year must be ${String(PLAN_MAX_YEAR)} or earlier`);
const month = z.coerce
  .number({ error: 'month must be from 1 to 12' })
  .int('month must be from 1 to 12')
  .min(1, 'month must be from 1 to 12')
  .max(12, 'month must be from 1 to 12');

export const CashYearQuerySchema = z.object({ year: year.optional() });
export const RegisterQuerySchema = z.object({
  year,
  month,
  format: z
    .enum(['json', 'xlsx', 'pdf'], { error: "format must be 'json', 'xlsx' or 'pdf'" })
    .default('json'),
});
export const CashEntryParamsSchema = z.object({ id: rowIdSchema });

/** One row of a register: what came in, what went out, the balance after it. */
export const RegisterRowSchema = z.object({
  date: z.string(),
  reference: z.string(),
  party: z.string(),
  particulars: z.string(),
  /** Pesos in (collections in the RCRD; deposits and credits in the RCB). */
  in: z.number(),
  /** Pesos out (deposits in the RCRD; checks and debits in the RCB). */
  out: z.number(),
  balance: z.number(),
  /** `entry`: a cash book entry (its id in `id`); `disbursement`: a payment (tracker). */
  source: z.enum(['entry', 'disbursement']),
  id: z.number().int(),
});
export type RegisterRow = z.infer<typeof RegisterRowSchema>;

export const RegisterSchema = z.object({
  register: z.enum(['rcrd', 'rcb']),
  year: z.number().int(),
  month: z.number().int(),
  /** The balance brought forward from the months before (undeposited cash; cash in bank). */
  broughtForward: z.number(),
  rows: z.array(RegisterRowSchema),
  totalIn: z.number(),
  totalOut: z.number(),
  /** Brought forward + in - out: the next month's balance brought forward. */
  carriedForward: z.number(),
});
export type Register = z.infer<typeof RegisterSchema>;

/** `POST /api/books/reconciliations`: a month's bank statement against the RCB. */
export const ReconciliationInputSchema = z.object({
  year,
  month,
  /** The bank statement's balance at the month's end. */
  statementBalance: pesoAmount('Bank statement balance'),
  /** Deposits (cash book entries) of the month not yet on the statement. */
  depositsInTransit: z.array(rowIdSchema).max(500).default([]),
  /** Checks (disbursements) issued not yet paid by the bank. */
  outstandingChecks: z.array(rowIdSchema).max(2000).default([]),
});
export type ReconciliationInput = z.input<typeof ReconciliationInputSchema>;
export type ReconciliationFields = z.output<typeof ReconciliationInputSchema>;

export const ReconciliationSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  statementBalance: z.number(),
  depositsInTransit: z.number(),
  outstandingChecks: z.number(),
  /** Statement + deposits in transit - outstanding checks. */
  adjustedBankBalance: z.number(),
  /** The RCB's balance at the month's end. */
  bookBalance: z.number(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

export const cashEntriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/cash',
  query: CashYearQuerySchema,
  response: z.object({
    success: z.literal(true),
    year: z.number(),
    entries: z.array(CashEntrySchema),
  }),
});
export const addCashEntryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/cash',
  body: CashEntryInputSchema,
  response: z.object({ success: z.literal(true), message: z.string(), entry: CashEntrySchema }),
});
export const reverseCashEntryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/cash/:id/reverse',
  body: CashReversalSchema,
  response: z.object({ success: z.literal(true), message: z.string(), entry: CashEntrySchema }),
});
export const rcrdEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/registers/rcrd',
  query: RegisterQuerySchema,
  response: z.object({ success: z.literal(true), register: RegisterSchema }),
});
export const rcbEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/registers/rcb',
  query: RegisterQuerySchema,
  response: z.object({ success: z.literal(true), register: RegisterSchema }),
});
export const reconciliationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/reconciliations',
  query: CashYearQuerySchema,
  response: z.object({
    success: z.literal(true),
    year: z.number(),
    reconciliations: z.array(ReconciliationSchema),
  }),
});
export const reconcileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/reconciliations',
  body: ReconciliationInputSchema,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    reconciliation: ReconciliationSchema,
  }),
});

export const CASH_MESSAGES = {
  forbidden:
    'Only the SK treasurer records the SK’s cash book and reconciles it with the bank (COA Handbook on the Financial Transactions of the SK, item 3.21).',
  added: 'Entry recorded in the cash book.',
  reversed: 'Entry reversed; both stay in the registers.',
  notFound: 'That cash book entry was not found.',
  alreadyReversed: 'That entry has already been reversed.',
  reversalOfReversal: 'A reversal cannot be reversed; record the entry again instead.',
  futureDate: 'The date must not be after today (Manila).',
  depositAboveCash: (undeposited: string) =>
    `A deposit cannot be more than the collections not yet deposited (${undeposited} on that day).`,
  reversalBelowZero:
    'Reversing this entry would leave the collections not yet deposited below zero; reverse the deposit first.',
  reconciled: 'The month reconciles with the bank statement.',
  notReconciled: (difference: string) =>
    `The bank statement does not reconcile with the register: the adjusted bank balance differs from the book balance by ${difference}. Check the deposits in transit, the outstanding checks and the bank's debits and credits not yet recorded.`,
  unknownItem:
    'A deposit in transit must be a deposit of the SK’s cash book, and an outstanding check a payment of the SK, dated within the month or before and not reversed.',
  monthNotOver: 'A month is reconciled after it ends (Manila).',
} as const;
