import { z } from 'zod';
import { isoDate } from './budget-plans.ts';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { PROCUREMENT_RULE_KEYS } from './procurement-rules.ts';

/**
 * Procurement by the SK's own Bids and Awards Committee (GPPB Circular No. 07-2019; RA 12009 and
 * its IRR; the values applied: procurement-rules.ts). This part: the BAC constituted by the
 * chairperson's order, and the suppliers the SK buys from.
 *
 * The chairperson is the Head of the Procuring Entity (HoPE) and constitutes the BAC; the BAC's
 * members are SK officials of the barangay other than the chairperson and the treasurer (the
 * treasurer's duty, council-duties.ts). The order names the BAC's chair and vice chair among its
 * members, a secretariat (one or more SK officials other than the chairperson) and the inspector
 * who inspects and accepts deliveries (an SK official other than the chairperson and the
 * treasurer: the one who pays does not accept).
 */

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

export const PROCUREMENT_MESSAGES = {
  forbidden: 'Only the SK chairperson, as Head of the Procuring Entity, constitutes the BAC.',
  editForbidden: 'Only the SK chairperson and SK officials of the barangay keep the procurement.',
  bacSize: (least: number, most: number) =>
    `The BAC has at least ${String(least)} and at most ${String(most)} members (GPPB Circular No. 07-2019).`,
  bacChair:
    'The SK chairperson is the Head of the Procuring Entity and can never be a member of the BAC (GPPB Circular No. 07-2019).',
  bacTreasurer:
    'The SK treasurer cannot be a member of the BAC (GPPB Circular No. 07-2019) nor its inspector: choose another SK official.',
  bacMemberInvalid:
    'Every member, secretariat and inspector of the BAC is an active SK official account of this barangay, named once as a member.',
  bacOfficers: 'The BAC’s chair and vice chair are two different members of the BAC.',
  bacSaved: 'The BAC is constituted.',
  noBac: 'The chairperson has not constituted the BAC yet.',
  supplierSaved: 'The supplier is saved.',
  supplierNotFound: 'There is no such supplier.',
  supplierDuplicate: 'A supplier with this name is already listed.',
} as const;

/** `PUT /api/procurement/bac`: the chairperson's order constituting the BAC. */
export const BacInputSchema = z.object({
  orderNumber: required('Order number', 40),
  orderDate: isoDate('Order date'),
  memberIds: z
    .array(rowIdSchema, { error: 'memberIds must be a list of accounts' })
    .max(20, 'At most 20 members'),
  chairId: rowIdSchema,
  viceChairId: rowIdSchema,
  secretariatIds: z
    .array(rowIdSchema, { error: 'secretariatIds must be a list of accounts' })
    .min(1, 'The BAC needs a secretariat')
    .max(5, 'At most 5 in the secretariat'),
  inspectorId: rowIdSchema,
});
export type BacInput = z.input<typeof BacInputSchema>;

export const BAC_ROLES = ['chair', 'vice chair', 'member', 'secretariat', 'inspector'] as const;
export type BacRole = (typeof BAC_ROLES)[number];

const PersonSchema = z.object({ userId: z.number().int(), name: z.string() });

export const BacSchema = z.object({
  orderNumber: z.string(),
  orderDate: z.string(),
  members: z.array(PersonSchema.extend({ role: z.enum(BAC_ROLES) })),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type Bac = z.infer<typeof BacSchema>;

export const ProcurementRuleSchema = z.object({
  key: z.enum(PROCUREMENT_RULE_KEYS),
  value: z.number(),
  unit: z.string(),
  effectiveYear: z.number().int(),
  description: z.string(),
  source: z.string(),
  confirmed: z.boolean(),
});

export const BacAnswerSchema = z.object({
  bac: BacSchema.nullable(),
  /** Accounts the chairperson may name (empty for anyone else); the treasurer is marked. */
  candidates: z.array(PersonSchema.extend({ treasurer: z.boolean() })),
  canManage: z.boolean(),
  rules: z.array(ProcurementRuleSchema),
});
export type BacAnswer = z.infer<typeof BacAnswerSchema>;

export const procurementBacEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/bac',
  response: z.object({ success: z.literal(true), bac: BacAnswerSchema }),
});

export const saveProcurementBacEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/procurement/bac',
  body: BacInputSchema,
  response: z.object({ success: z.literal(true), message: z.string(), bac: BacAnswerSchema }),
});

/** The order constituting the BAC, as a PDF. */
export const PROCUREMENT_BAC_ORDER_PATH = '/api/procurement/bac/order';

/** A TIN: 9 digits, and a branch code of 3 to 5 (written with or without dashes). */
const TIN_PATTERN = /^\d{3}-?\d{3}-?\d{3}(-?\d{3,5})?$/;

export const SupplierInputSchema = z.object({
  name: required('Business name', 200),
  address: required('Address', 300),
  tin: z
    .string({ error: 'TIN must be text' })
    .trim()
    .refine(
      (v) => v === '' || TIN_PATTERN.test(v),
      'TIN is 9 digits and a branch code (000-000-000-000)',
    )
    .default(''),
  philgepsNumber: optional('PhilGEPS registration number', 40),
});
export type SupplierInput = z.input<typeof SupplierInputSchema>;

export const SupplierParamsSchema = z.object({ id: rowIdSchema });

export const SupplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  tin: z.string(),
  philgepsNumber: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

const suppliersAnswer = z.object({
  success: z.literal(true),
  suppliers: z.array(SupplierSchema),
  canEdit: z.boolean(),
});

export const procurementSuppliersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/suppliers',
  response: suppliersAnswer,
});

export const addProcurementSupplierEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/procurement/suppliers',
  body: SupplierInputSchema,
  response: suppliersAnswer.extend({ message: z.string(), supplier: SupplierSchema }),
});

export const updateProcurementSupplierEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/procurement/suppliers/:id',
  body: SupplierInputSchema,
  response: suppliersAnswer.extend({ message: z.string(), supplier: SupplierSchema }),
});
