import { z } from 'zod';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';

/*
 * Specific-purpose funds: money the SK receives for a stated purpose (a grant, a donation), kept
 * apart in the Registry of Specific Purpose Fund, Commitments, Payments and Balances that the COA
 * Handbook on the Financial Transactions of the SK asks the SK to keep (item 3.21.4, as quoted in
 * COA AOM No. 2022-006; the registry's own columns were not at hand: not confirmed). A fund is
 * named by the chairperson or the Budget Monitoring Officer; the treasurer records what is
 * received into it (a collection or a bank credit naming the fund) and pays from it (a voucher
 * naming the fund). A fund never spends more than it has received: a voucher past what is left
 * is refused, and so is the reversal of a receipt the fund has already spent.
 */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${String(max)} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

/** `POST /api/books/funds`. */
export const FundInputSchema = z.object({
  name: required('Name of the fund', 120),
  /** The grantor or donor. */
  source: required('Source (grantor or donor)', 200),
  purpose: required('Purpose', 500),
  /** The deed of donation, memorandum of agreement or grant letter. */
  reference: required('Reference (deed of donation, agreement or grant letter)', 120),
});
export type FundInput = z.input<typeof FundInputSchema>;

export const FundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.string(),
  purpose: z.string(),
  reference: z.string(),
  /** Pesos: receipts into the fund (reversals netted). */
  received: z.number(),
  /** Vouchers naming the fund and not cancelled (drafts to paid). */
  committed: z.number(),
  paid: z.number(),
  /** Received less committed: what new vouchers may still spend. */
  uncommitted: z.number(),
  /** Received less paid: the fund's cash. */
  unexpended: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Fund = z.infer<typeof FundSchema>;

/** One row of a fund's registry: a receipt, a voucher (committed) or its payment. */
export const FundRegistryRowSchema = z.object({
  date: z.string(),
  reference: z.string(),
  particulars: z.string(),
  received: z.number(),
  committed: z.number(),
  paid: z.number(),
  uncommitted: z.number(),
  unexpended: z.number(),
});
export type FundRegistryRow = z.infer<typeof FundRegistryRowSchema>;

export const FundRegistrySchema = z.object({
  fund: FundSchema,
  rows: z.array(FundRegistryRowSchema),
});
export type FundRegistry = z.infer<typeof FundRegistrySchema>;

export const FundParamsSchema = z.object({ id: rowIdSchema });
export const FundRegistryQuerySchema = z.object({
  format: z
    .enum(['json', 'xlsx', 'pdf'], { error: "format must be 'json', 'xlsx' or 'pdf'" })
    .default('json'),
});

export const FUND_MESSAGES = {
  saved: 'The fund is recorded.',
  forbidden:
    'Only the SK chairperson or the Budget Monitoring Officer names a specific-purpose fund.',
  duplicate: 'This barangay already has a fund of that name.',
  notFound: 'There is no such fund.',
  receiptKind: 'Only a collection or a bank credit is received into a specific-purpose fund.',
  overReceived: (name: string, left: string) =>
    `Fund “${name}” has ${left} left that no other voucher holds: it never spends more than it has received.`,
  reversalSpent: (name: string, left: string) =>
    `Fund “${name}” has already committed this money (${left} left uncommitted): cancel or reverse its vouchers first.`,
} as const;

export const fundsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/funds',
  response: z.object({
    success: z.literal(true),
    funds: z.array(FundSchema),
    canManage: z.boolean(),
  }),
});

export const addFundEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/funds',
  body: FundInputSchema,
  response: z.object({ success: z.literal(true), message: z.string(), fund: FundSchema }),
});

/** `GET /api/books/funds/:id/registry?format=json|xlsx|pdf`. */
export const fundRegistryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/funds/:id/registry',
  query: FundRegistryQuerySchema,
  response: z.object({ success: z.literal(true), registry: FundRegistrySchema }),
});
