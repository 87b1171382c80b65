import { z } from 'zod';
import { PLAN_MAX_AMOUNT } from './budget-plan-terms.ts';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { objectOfExpenditure } from './objects-of-expenditure.ts';

/**
 * Purchase requests (procurement.ts for the BAC): a request is made from a line of a year's
 * operative plan (the newest posted version; `lineRef` is the line's reference code) by the BAC's
 * secretariat or members, its items each charged to an object of expenditure, all of one
 * expense class. It stays within the line's available balance in that class: the appropriation
 * less what is committed or paid (the tracker's registry) less the requests still open on it
 * (422 ABOVE_AVAILABLE_BALANCE). Above the posting threshold (procurement-rules.ts) its request for
 * quotation is posted on PhilGEPS and at a conspicuous place, with a deadline; requests for the
 * same object of expenditure close in time that each stay at or under the threshold while their
 * sum goes over it raise the splitting warning, which the BAC answers in writing.
 */

export const REQUEST_MESSAGES = {
  notBac: 'Only the BAC’s secretariat and members (or the chairperson) make purchase requests.',
  notBacMember: 'Only a member of the BAC answers the splitting warning.',
  lineNotFound: (ref: string, year: number) =>
    `There is no line ${ref} in the operative plan of ${String(year)}: choose a line of the posted plan.`,
  mixedClasses:
    'A purchase request charges one expense class: put the items of another class in a request of their own.',
  aboveBalance: (available: string, total: string) =>
    `The request (${total}) is above the line’s available balance (${available}: the appropriation less what is committed, paid or already requested).`,
  requestNotFound: 'There is no such purchase request.',
  personalServices:
    'Personal services (honoraria) are not procured: a purchase request is for goods and services of MOOE or capital outlay.',
  created: (number: string) => `Purchase request ${number} is made.`,
  splittingAnswered: 'The BAC’s answer to the splitting warning is recorded.',
  noSplitting: 'This request raises no splitting warning.',
} as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${String(max)} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

const pesos = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than zero`)
    .max(PLAN_MAX_AMOUNT, `${label} is too large`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${label} must have at most two decimals (centavos)`,
    );

export const RequestItemInputSchema = z.object({
  description: required('Item description', 300),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1_000_000, 'Quantity is too large'),
  unit: required('Unit', 40),
  unitCost: pesos('Unit cost'),
  objectCode: z
    .string({ error: 'Object of expenditure is required' })
    .refine((code) => objectOfExpenditure(code) !== undefined, 'Unknown object of expenditure'),
});

export const RequestInputSchema = z.object({
  lineRef: required('Plan line', 80),
  /** The plan's year; default the current year in Manila. */
  year: z.number().int().min(2000).max(2100).optional(),
  purpose: required('Purpose', 500).optional(),
  items: z
    .array(RequestItemInputSchema, { error: 'items must be a list' })
    .min(1, 'A request has at least one item')
    .max(50, 'At most 50 items a request'),
});
export type RequestInput = z.input<typeof RequestInputSchema>;

export const RequestParamsSchema = z.object({ id: rowIdSchema });
export const RequestsQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** `?format=pdf`: the purchase request's form instead of its JSON. */
export const RequestDocumentQuerySchema = z.object({
  format: z.enum(['json', 'pdf'], { error: "format must be 'json' or 'pdf'" }).default('json'),
});

export const SplittingAnswerSchema = z.object({ reason: required('Reason', 2000) });

export const RequestItemSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  unitCost: z.number(),
  objectCode: z.string(),
  amount: z.number(),
});

export const PurchaseRequestSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  year: z.number().int(),
  lineRef: z.string(),
  ppa: z.string(),
  expenseClass: z.enum(['PS', 'MOOE', 'CO']),
  objectCode: z.string(),
  purpose: z.string(),
  total: z.number(),
  requestedOn: z.string(),
  requestedBy: z.string(),
  status: z.enum(['requested', 'ordered', 'cancelled']),
  items: z.array(RequestItemSchema),
  /** Within the small value procurement ceiling of the year's rule. */
  withinSvpCeiling: z.boolean(),
  posting: z.object({
    required: z.boolean(),
    /** The last day of the PhilGEPS posting, and the days left until it (negative: past). */
    until: z.string().nullable(),
    daysLeft: z.number().int().nullable(),
    threshold: z.number(),
  }),
  splitting: z.object({
    warning: z.boolean(),
    /** The other requests for the same object of expenditure in the window. */
    related: z.array(z.object({ number: z.string(), total: z.number(), requestedOn: z.string() })),
    sum: z.number(),
    reason: z.string().nullable(),
    /** The BAC must answer before its resolution. */
    unanswered: z.boolean(),
  }),
  /** The suppliers the request for quotation went to, and what each quoted (null: none). */
  quotations: z.array(
    z.object({
      supplierId: z.number().int(),
      supplier: z.string(),
      philgepsNumber: z.string(),
      amount: z.number().nullable(),
      responsive: z.boolean(),
      /** The lowest calculated and responsive quotation. */
      lowest: z.boolean(),
    }),
  ),
  award: z
    .object({
      supplierId: z.number().int(),
      supplier: z.string(),
      amount: z.number(),
      justification: z.string().nullable(),
      abstractOn: z.string(),
    })
    .nullable(),
  resolution: z.object({ mode: z.string(), number: z.string(), date: z.string() }).nullable(),
  order: z
    .object({
      id: z.number().int(),
      number: z.string(),
      orderedOn: z.string(),
      amount: z.number(),
      commitmentId: z.number().int(),
      /** A copy to the COA auditor by this day (COA Circular 96-010), days left (negative: past). */
      auditorDue: z.string(),
      auditorDaysLeft: z.number().int(),
    })
    .nullable(),
  /** Deliveries inspected and accepted; each reported to the auditor within 24 hours. */
  inspections: z.array(
    z.object({
      id: z.number().int(),
      deliveredOn: z.string(),
      inspectedOn: z.string(),
      inspector: z.string(),
      /** Accepted quantity of each of the request's items, in its order. */
      accepted: z.array(z.number().int()),
      /** The delivery report to the COA auditor is due by this day (24 hours), days left. */
      reportDue: z.string(),
      reportDaysLeft: z.number().int(),
    }),
  ),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>;

/** A line of the operative plan a request may come from, with its balance by class (pesos). */
export const RequestLineSchema = z.object({
  referenceCode: z.string(),
  ppa: z.string(),
  available: z.object({ PS: z.number(), MOOE: z.number(), CO: z.number() }),
});
export type RequestLine = z.infer<typeof RequestLineSchema>;

export const RequestsAnswerSchema = z.object({
  year: z.number().int(),
  requests: z.array(PurchaseRequestSchema),
  lines: z.array(RequestLineSchema),
  canRequest: z.boolean(),
  asOf: z.string(),
});
export type RequestsAnswer = z.infer<typeof RequestsAnswerSchema>;

export const procurementRequestsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/requests',
  query: RequestsQuerySchema,
  response: z.object({ success: z.literal(true), answer: RequestsAnswerSchema }),
});

export const createProcurementRequestEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/procurement/requests',
  body: RequestInputSchema,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    request: PurchaseRequestSchema,
  }),
});

export const procurementRequestEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/requests/:id',
  query: RequestDocumentQuerySchema,
  response: z.object({ success: z.literal(true), request: PurchaseRequestSchema }),
});

export const answerSplittingEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/procurement/requests/:id/splitting',
  body: SplittingAnswerSchema,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    request: PurchaseRequestSchema,
  }),
});
