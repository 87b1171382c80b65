import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';
import { RegisterQuerySchema, RegisterSchema } from './books-cash.ts';

/*
 * The SK treasurer's monthly reports, from the cash book and the vouchers:
 * - the Report of Checks Issued: every check the treasurer issued in the month (and every advice
 *   to debit the account), with its voucher, payee and amount, a cancelled check as a negative
 *   line; the report the treasurer keeps with the RCB and the auditor reconciles with the bank
 *   (the barangay's Report of Checks Issued, Manual on the New Barangay Accounting System; the
 *   SK handbook's own form was not at hand: not confirmed);
 * - the cash position at the end of the month: cash on hand (RCRD), cash in bank (RCB), the
 *   bank's balance as last reconciled, and the vouchers approved or on their way that will take
 *   cash, so the council sees what it can still pay.
 * Both `?year=&month=&format=json|xlsx|pdf`; read by every account of the council and the city.
 */

export const ReportQuerySchema = RegisterQuerySchema;

export const CheckIssuedSchema = z.object({
  date: z.string(),
  /** The check's number; an advice to debit the account has the voucher's reference. */
  checkNumber: z.string(),
  dvNumber: z.string(),
  payee: z.string(),
  particulars: z.string(),
  bank: z.string(),
  mode: z.enum(['check', 'ada']),
  /** Pesos; negative for a cancelled (reversed) payment. */
  amount: z.number(),
  cancelled: z.boolean(),
});
export type CheckIssued = z.infer<typeof CheckIssuedSchema>;

export const ChecksIssuedSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  rows: z.array(CheckIssuedSchema),
  totalChecks: z.number(),
  totalAda: z.number(),
  total: z.number(),
});
export type ChecksIssued = z.infer<typeof ChecksIssuedSchema>;

const Movement = z.object({
  broughtForward: z.number(),
  in: z.number(),
  out: z.number(),
  carriedForward: z.number(),
});

export const CashPositionSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  /** The last day of the month. */
  asOf: z.string(),
  /** Collections not yet deposited (the RCRD). */
  cashOnHand: Movement,
  /** The SK's current account by its books (the RCB). */
  cashInBank: Movement,
  /** The month's reconciliation, when made: the bank's balance and the book balance it proved. */
  reconciliation: z
    .object({
      statement: z.number(),
      depositsInTransit: z.number(),
      outstandingChecks: z.number(),
      adjusted: z.number(),
      recordedAt: z.string(),
    })
    .nullable(),
  /** Vouchers prepared, certified or approved and not yet paid (as of now). */
  awaitingPayment: z.object({ count: z.number().int(), amount: z.number() }),
  /** Cash on hand and in bank, less the vouchers awaiting payment. */
  available: z.number(),
});
export type CashPosition = z.infer<typeof CashPositionSchema>;

export const checksIssuedEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/reports/checks-issued',
  query: ReportQuerySchema,
  response: z.object({ success: z.literal(true), report: ChecksIssuedSchema }),
});

export const cashPositionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/reports/cash-position',
  query: ReportQuerySchema,
  response: z.object({ success: z.literal(true), report: CashPositionSchema }),
});

/**
 * `GET /api/city/books/:barangayCode/:document?year=&month=&format=`: the city reads a barangay's
 * registers and the treasurer's reports (every city role; a barangay of another city is 404).
 */
export const CITY_BOOK_DOCUMENTS = ['rcrd', 'rcb', 'checks-issued', 'cash-position'] as const;
export const CityBooksParamsSchema = z.object({
  barangayCode: z.string().min(1).max(20),
  document: z.enum(CITY_BOOK_DOCUMENTS, {
    error: "document must be 'rcrd', 'rcb', 'checks-issued' or 'cash-position'",
  }),
});
export const cityBooksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/books/:barangayCode/:document',
  query: ReportQuerySchema,
  response: z.object({
    success: z.literal(true),
    barangay: z.object({ code: z.string(), name: z.string() }),
    register: RegisterSchema.nullable(),
    checksIssued: ChecksIssuedSchema.nullable(),
    cashPosition: CashPositionSchema.nullable(),
  }),
});
