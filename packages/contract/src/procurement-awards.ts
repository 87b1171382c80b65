import { z } from 'zod';
import { PLAN_MAX_AMOUNT } from './budget-plan-terms.ts';
import { isoDate } from './budget-plans.ts';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { PurchaseRequestSchema } from './procurement-requests.ts';

/**
 * From the quotations to the purchase order (procurement-requests.ts for the request): the BAC
 * records the suppliers the request for quotation went to (at least the rule's minimum,
 * procurement-rules.ts) and what each quoted; the abstract of quotations awards the lowest
 * calculated and responsive quotation, another only with a written justification, never to a
 * supplier without a PhilGEPS registration number nor above the request's amount (the approved
 * budget for the contract); the BAC resolution recommends the mode and the award, after the
 * PhilGEPS posting period and the answer to a splitting warning; the chairperson, as Head of the
 * Procuring Entity, approves the purchase order, which becomes the commitment in the tracker's
 * registry (RBCPB) in the same transaction.
 */

export const AWARD_MESSAGES = {
  tooFewQuotations: (least: number) =>
    `The request for quotation goes to at least ${String(least)} suppliers (small value procurement).`,
  noQuotation: 'No responsive quotation was received: the BAC cannot award.',
  notLowest: (lowest: string) =>
    `The award goes to the lowest calculated and responsive quotation (${lowest}); another award needs a written justification.`,
  noPhilgeps:
    'The supplier has no PhilGEPS registration number: suppliers are registered on PhilGEPS before an award.',
  aboveAbc:
    'The quotation is above the purchase request’s amount (the approved budget for the contract).',
  notQuoted: 'The awarded supplier has no responsive quotation on this request.',
  noAbstract: 'Make the abstract of quotations (the award) before the BAC’s resolution.',
  splittingUnanswered:
    'The splitting warning of this request has no written answer of the BAC yet: answer it before the resolution.',
  postingOpen: (until: string) =>
    `The request for quotation is posted on PhilGEPS until ${until}: the BAC resolves after the posting period.`,
  noResolution:
    'There is no BAC resolution recommending the award yet: no purchase order before it.',
  ordered: 'The purchase order is already approved: the request is closed.',
  orderForbidden:
    'Only the SK chairperson, as Head of the Procuring Entity, approves purchase orders.',
  notInspector:
    'Only the inspector the chairperson named on the BAC’s order inspects and accepts deliveries.',
  aboveOrder: (item: string, left: number) =>
    `The accepted quantity of ${item} is above what the order has left to accept (${String(left)}).`,
  inspectionDates:
    'The delivery and the inspection are dated on or after the order and not after today; the inspection not before the delivery.',
  orderNotFound: 'There is no such purchase order.',
  inspectionSaved: 'The inspection and acceptance is recorded.',
  orderDuplicate: 'A purchase order with this number already exists.',
  orderDate: (year: number) =>
    `The purchase order is dated in ${String(year)}, the plan’s year, on or after the BAC resolution and not after today.`,
  quotationsSaved: 'The quotations are recorded.',
  abstractSaved: 'The abstract of quotations is made.',
  resolutionSaved: 'The BAC resolution is recorded.',
  orderSaved: (number: string) =>
    `Purchase order ${number} is approved and committed in the registry.`,
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${String(max)} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

export const QuotationsInputSchema = z.object({
  quotations: z
    .array(
      z.object({
        supplierId: rowIdSchema,
        /** Pesos; null: the supplier sent no quotation. */
        amount: z
          .number({ error: 'Amount must be a number' })
          .positive('Amount must be more than zero')
          .max(PLAN_MAX_AMOUNT, 'Amount is too large')
          .refine(
            (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
            'Amount must have at most two decimals (centavos)',
          )
          .nullable(),
        responsive: z.boolean().default(true),
      }),
      { error: 'quotations must be a list' },
    )
    .max(20, 'At most 20 suppliers'),
});
export type QuotationsInput = z.input<typeof QuotationsInputSchema>;

export const AbstractInputSchema = z.object({
  awardSupplierId: rowIdSchema,
  justification: text('Justification', 2000).optional(),
});

export const ResolutionInputSchema = z.object({
  number: text('Resolution number', 40),
  date: isoDate('Resolution date'),
});

export const OrderInputSchema = z.object({
  requestId: rowIdSchema,
  number: text('Purchase order number', 40),
  date: isoDate('Purchase order date'),
});

const requestAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  request: PurchaseRequestSchema,
});

export const saveQuotationsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/procurement/requests/:id/quotations',
  body: QuotationsInputSchema,
  response: requestAnswer,
});

export const saveAbstractEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/procurement/requests/:id/abstract',
  body: AbstractInputSchema,
  response: requestAnswer,
});

export const saveResolutionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/procurement/requests/:id/resolution',
  body: ResolutionInputSchema,
  response: requestAnswer,
});

export const approveOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/procurement/orders',
  body: OrderInputSchema,
  response: requestAnswer,
});

/** `POST /api/procurement/inspections`: a delivery inspected and accepted, by item (0-based). */
export const InspectionInputSchema = z.object({
  orderId: rowIdSchema,
  deliveredOn: isoDate('Delivery date'),
  inspectedOn: isoDate('Inspection date'),
  items: z
    .array(
      z.object({
        item: z.number().int().min(0).max(49),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .min(0, 'Quantity cannot be negative')
          .max(1_000_000, 'Quantity is too large'),
      }),
    )
    .min(1, 'An inspection accepts at least one item')
    .max(50),
});

export const recordInspectionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/procurement/inspections',
  body: InspectionInputSchema,
  response: requestAnswer,
});
