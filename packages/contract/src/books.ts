import { z } from 'zod';
import { isSafeText, requiredText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { EXPENSE_CLASSES } from './expense-classes.ts';
import { PLAN_MAX_AMOUNT } from './budget-plan-terms.ts';
import { isoDate } from './budget-plans.ts';
import { TrackerYearQuerySchema } from './tracker.ts';

/**
 * The SK's books: disbursement vouchers (DV) and their payment. A payment of the SK is a DV
 * (COA's form, Appendix 32 of the Government Accounting Manual for LGUs): payee, particulars,
 * object of expenditure, amount, the commitment it pays; box A certified by the budget officer
 * (for the SK, the Budget Monitoring Officer: allotment available and obligated for the
 * purpose), the treasurer's certification that cash is available, box C approved by the SK
 * chairperson, box D the payee's receipt, then the check. RA 7160 s. 344: no money is disbursed
 * unless the budget officer certifies the appropriation, the obligation is recorded and the
 * treasurer certifies the funds, and the voucher is approved. A DV moves `draft` (treasurer) ->
 * `certified` (Budget Monitoring Officer) -> `approved` (chairperson) -> `paid` (treasurer, by a
 * mode of PAYMENT_MODES). Nothing is deleted: an unpaid DV is `cancelled`; a paid one is reversed
 * by another entry of the opposite amount, dated the day of the reversal.
 */

export const VOUCHER_STATUSES = ['draft', 'certified', 'approved', 'paid', 'cancelled'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/**
 * What a DV's row shows: its status, or for a paid one `reversed` (a reversal entry undoes it)
 * and `reversal` (the entry that undoes another).
 */
export const VOUCHER_STATES = [...VOUCHER_STATUSES, 'reversed', 'reversal'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

/**
 * How a DV may be paid (a rules table: value, source, effective year, whether its text was read).
 * `recorded` is no mode one chooses: the payments recorded in the tracker without a voucher's
 * certifications (every payment before vouchers, and the tracker's own payment entry).
 */
export interface PaymentModeRule {
  mode: 'check' | 'ada';
  name: string;
  source: string;
  effectiveYear: number;
  confirmed: boolean;
}

export const PAYMENT_MODES: readonly PaymentModeRule[] = [
  {
    mode: 'check',
    name: 'Check',
    source:
      'RA 10742 s. 20(b) as amended by RA 11768 (the SK funds in a current account in the SK’s name, the chairperson and treasurer its signatories); COA Handbook on the Financial Transactions of the SK (payments by check), as summarised, not read',
    effectiveYear: 2018,
    confirmed: false,
  },
  {
    mode: 'ada',
    name: 'Advice to Debit Account',
    source:
      'GAM for LGUs (COA Circular No. 2015-007), payment through the List of Due and Demandable Accounts Payable - Advice to Debit Account, as commonly cited, not read for the SK',
    effectiveYear: 2016,
    confirmed: false,
  },
];
export const PAYMENT_MODE_CODES = ['check', 'ada'] as const;
export type PaymentMode = (typeof PAYMENT_MODE_CODES)[number] | 'recorded';

export const VOUCHER_RULES_SOURCE =
  'RA 7160 s. 344 (certification by the budget officer and the treasurer, approval of vouchers); GAM for LGUs (COA Circular No. 2015-007) Vol. II, Appendix 32 (Disbursement Voucher)';

export const VOUCHER_MESSAGES = {
  created: (number: string) => `Disbursement voucher ${number} saved as a draft.`,
  certified: (number: string) => `Disbursement voucher ${number} certified.`,
  approved: (number: string) => `Disbursement voucher ${number} approved.`,
  paid: (number: string) => `Disbursement voucher ${number} paid.`,
  cancelled: (number: string) => `Disbursement voucher ${number} cancelled.`,
  reversed: (number: string) => `Disbursement voucher ${number} reversed by another entry.`,
  notFound: 'Disbursement voucher not found.',
  notTreasurer:
    'Only the SK treasurer records, pays and reverses disbursement vouchers. The chairperson gives the treasurer’s duty on the Council page.',
  notBmo:
    'Only the Budget Monitoring Officer certifies disbursement vouchers (allotment available and obligated for the purpose). The chairperson gives the duty on the Council page.',
  notChair: 'Only the SK chairperson approves disbursement vouchers.',
  wrongState: (number: string, state: string, wanted: string) =>
    `Disbursement voucher ${number} is ${state}: only a ${wanted} voucher can take this step.`,
  alreadyReversed: (number: string) =>
    `Disbursement voucher ${number} is already reversed or cancelled.`,
  reversalEntry: 'A reversal entry cannot itself be reversed.',
  objectClass: (code: string, expenseClass: string) =>
    `Object of expenditure ${code} is not an account of ${expenseClass}. Choose an object of the voucher’s class.`,
  objectOfCommitment: (reference: string, object: string) =>
    `This voucher pays commitment ${reference}, which obligated ${object}: a voucher is charged to the object its commitment obligated.`,
  needsItem: 'Choose the commitment the voucher pays, or a tracked item and its class.',
  isVoucher:
    'This payment is a disbursement voucher: it is not changed or deleted here. Reverse it on the Vouchers page.',
  checkRequired: 'A check payment needs the check number and the bank.',
  reversalOf: (number: string) => `Reversal of ${number}`,
  nothingAccepted: (order: string) =>
    `Nothing of purchase order ${order} has been inspected and accepted yet: a voucher pays what the inspection and acceptance reports accepted, after them.`,
  aboveAccepted: (order: string, accepted: string, left: string) =>
    `The vouchers on purchase order ${order} may pay at most what was accepted (${accepted} by the inspection and acceptance reports): ${left} is left to pay.`,
} as const;

const amount = z
  .number({ error: 'Amount must be a number' })
  .gt(0, 'Amount must be more than 0')
  .max(PLAN_MAX_AMOUNT, 'Amount is too large')
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'Amount must have at most two decimals (centavos)',
  );

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .default('');

/** `POST /api/books/vouchers`: a draft DV, of a commitment or of an item's class. */
export const VoucherInputSchema = z.object({
  /** The commitment the DV pays (its item and class are the DV's). */
  commitmentId: rowIdSchema.nullable().default(null),
  /** Without a commitment: the tracked item and class it pays (obligated as it is paid). */
  itemId: rowIdSchema.nullable().default(null),
  expenseClass: z.enum(EXPENSE_CLASSES, { error: "Class must be 'PS', 'MOOE' or 'CO'" }).optional(),
  /** Account code of the object of expenditure (objects-of-expenditure.ts), of the DV's class. */
  objectCode: requiredText('Object of expenditure', 20),
  amount,
  payee: requiredText('Payee', 200),
  payeeTin: text('TIN', 20),
  payeeAddress: text('Address', 300),
  particulars: requiredText('Particulars', 1000),
  /** The specific-purpose fund it spends (books-funds.ts); null: the SK's own fund. */
  fundId: rowIdSchema.nullable().default(null),
});
export type VoucherInput = z.input<typeof VoucherInputSchema>;

/** `POST /api/books/vouchers/:id/pay`. */
export const VoucherPaymentSchema = z
  .object({
    mode: z.enum(PAYMENT_MODE_CODES, { error: "Mode must be 'check' or 'ada'" }),
    date: isoDate('Date'),
    checkNumber: text('Check number', 40),
    bank: text('Bank', 100),
  })
  .refine((p) => p.mode !== 'check' || (p.checkNumber !== '' && p.bank !== ''), {
    message: VOUCHER_MESSAGES.checkRequired,
    path: ['checkNumber'],
  });
export type VoucherPayment = z.input<typeof VoucherPaymentSchema>;

/** `POST /api/books/vouchers/:id/reverse`: why (an unpaid DV is cancelled, a paid one reversed). */
export const VoucherReversalSchema = z.object({ reason: requiredText('Reason', 500) });
export type VoucherReversal = z.input<typeof VoucherReversalSchema>;

export const VoucherSchema = z.object({
  id: z.number().int(),
  /** `YYYY-MM-NNNN`: year and month of the DV, its serial in the barangay's year; null: a reversal. */
  number: z.string().nullable(),
  state: z.enum(VOUCHER_STATES),
  itemId: z.number().int(),
  referenceCode: z.string(),
  ppa: z.string(),
  expenseClass: z.enum(EXPENSE_CLASSES),
  objectCode: z.string().nullable(),
  objectName: z.string().nullable(),
  commitmentId: z.number().int().nullable(),
  commitmentReference: z.string().nullable(),
  payee: z.string(),
  payeeTin: z.string(),
  payeeAddress: z.string(),
  particulars: z.string(),
  /** Pesos; negative for a reversal. */
  amount: z.number(),
  preparedOn: z.string().nullable(),
  certifiedBy: z.string().nullable(),
  certifiedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The payment's date (paid DVs and reversals). */
  paidOn: z.string().nullable(),
  mode: z.enum(['check', 'ada', 'recorded']).nullable(),
  checkNumber: z.string(),
  bank: z.string(),
  reference: z.string(),
  reversesId: z.number().int().nullable(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string(),
  recordedBy: z.string(),
  /** The specific-purpose fund it spends; null: the SK's own fund. */
  fundId: z.number().int().nullable(),
});
export type Voucher = z.infer<typeof VoucherSchema>;

/** An open commitment a DV may pay: what is left of it after the DVs not cancelled. */
export const OpenCommitmentSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  ppa: z.string(),
  expenseClass: z.enum(['MOOE', 'CO']),
  reference: z.string(),
  payee: z.string(),
  particulars: z.string(),
  unvouchered: z.number(),
  /** The object of expenditure it obligated (null: not named); a DV paying it is charged there. */
  objectCode: z.string().nullable(),
});
export type OpenCommitment = z.infer<typeof OpenCommitmentSchema>;

export const VoucherListSchema = z.object({
  year: z.number().int(),
  vouchers: z.array(VoucherSchema),
  openCommitments: z.array(OpenCommitmentSchema),
  /** The steps the caller may take: the duties the caller holds. */
  can: z.object({
    record: z.boolean(),
    certify: z.boolean(),
    approve: z.boolean(),
  }),
});
export type VoucherList = z.infer<typeof VoucherListSchema>;

export const VoucherIdParamsSchema = z.object({ id: rowIdSchema });
export const VoucherQuerySchema = z.object({
  format: z.enum(['json', 'pdf'], { error: "format must be 'json' or 'pdf'" }).default('json'),
});

const voucherAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  voucher: VoucherSchema,
});

export const listVouchersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/vouchers',
  query: TrackerYearQuerySchema,
  response: z.object({ success: z.literal(true), books: VoucherListSchema }),
});
export const createVoucherEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/vouchers',
  body: VoucherInputSchema,
  response: voucherAnswer,
});
/** `GET /api/books/vouchers/:id?format=json|pdf`: the DV, or its print in COA's layout. */
export const getVoucherEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/books/vouchers/:id',
  query: VoucherQuerySchema,
  response: z.object({ success: z.literal(true), voucher: VoucherSchema }),
});
export const certifyVoucherEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/vouchers/:id/certify',
  response: voucherAnswer,
});
export const approveVoucherEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/vouchers/:id/approve',
  response: voucherAnswer,
});
export const payVoucherEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/vouchers/:id/pay',
  body: VoucherPaymentSchema,
  response: voucherAnswer,
});
export const reverseVoucherEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/books/vouchers/:id/reverse',
  body: VoucherReversalSchema,
  response: voucherAnswer,
});
