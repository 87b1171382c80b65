import { z } from 'zod';
import { rowIdSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';

/**
 * Council duties: offices of the Sangguniang Kabataan that its chairperson gives to the
 * council's accounts, beside the account's position (roles.ts). The duties are reference data
 * (the `council_duties` table, seeded by a migration with the source of each), so duties of the
 * books and of procurement can be added as rows. One account holds each duty of a barangay at a
 * time; the holder is an active SK official (SKO) account of that barangay.
 *
 * - `treasurer`: the SK treasurer, appointed by the chairperson with the concurrence of the
 *   majority of the SK members (RA 10742 s. 7; qualifications in s. 10 as amended by RA 11768);
 *   custodian of the SK funds and, with the chairperson, signatory of the SK's bank account
 *   (RA 10742 s. 20(b)). Never the chairperson, and holds no other duty: the treasurer keeps the
 *   money, the others record and monitor it.
 * - `secretary`: the SK secretary, appointed as the treasurer is (RA 10742 s. 7); keeps the
 *   minutes and records of the council and the Katipunan ng Kabataan's youth registry (DILG MC
 *   No. 2022-033), with the registry's personal data.
 * - `bmo`: the Budget Monitoring Officer, designated by the chairperson with the concurrence of
 *   the majority of the SK members from the SK officials other than the treasurer; monitors the
 *   budget and prepares the budget reports: the Registry of Budget, Commitments, Payments and
 *   Balances (COA Handbook on the Financial Transactions of the SK, Annex 1).
 */
export const COUNCIL_DUTIES = ['treasurer', 'secretary', 'bmo'] as const;
export type CouncilDuty = (typeof COUNCIL_DUTIES)[number];

export function isCouncilDuty(value: unknown): value is CouncilDuty {
  return typeof value === 'string' && (COUNCIL_DUTIES as readonly string[]).includes(value);
}

/** English names of the duties (the web shows them in the reader's language). */
export const COUNCIL_DUTY_NAMES: Record<CouncilDuty, string> = {
  treasurer: 'SK Treasurer',
  secretary: 'SK Secretary',
  bmo: 'Budget Monitoring Officer',
};

export const COUNCIL_DUTY_MESSAGES = {
  assigned: (duty: string, name: string) => `${name} now holds the duty of ${duty}.`,
  released: (duty: string) => `The duty of ${duty} is vacant now.`,
  unchanged: 'Nothing changed: that account already holds this duty.',
  forbidden: 'Only the SK chairperson can assign the council’s duties.',
  unknownDuty: 'There is no such council duty.',
  invalidHolder:
    'A council duty goes to an active SK official account of this barangay (not an administrator, not an archived account).',
  chairTreasurer:
    'The SK chairperson cannot be the SK treasurer: the chairperson and the treasurer sign for the SK’s funds together (RA 10742 s. 20(b)). Choose an SK official.',
  chairHolder:
    'The SK chairperson already has the rights of every duty: choose an SK official of the council.',
  treasurerAlone:
    'The SK treasurer holds no other duty: the treasurer keeps the SK’s funds, the secretary and the Budget Monitoring Officer record and monitor them. Choose another SK official.',
} as const;

/** One duty of the barangay's council and its holder. */
export const CouncilDutySchema = z.object({
  duty: z.enum(COUNCIL_DUTIES),
  /** The duty's English name (the web shows its own translation by `duty`). */
  name: z.string(),
  /** Where the duty comes from (law, circular or handbook). */
  source: z.string(),
  holder: z
    .object({
      userId: z.number().int(),
      name: z.string(),
      assignedAt: z.string(),
    })
    .nullable(),
});
export type CouncilDutyRow = z.infer<typeof CouncilDutySchema>;

/** `GET /api/council/duties`: every duty of the caller's barangay, for every role of it. */
export const councilDutiesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/council/duties',
  response: z.object({
    success: z.literal(true),
    duties: z.array(CouncilDutySchema),
    /** Whether the caller (the chairperson) may assign them. */
    canAssign: z.boolean(),
    /** The accounts a duty may go to: active SK officials of the barangay. */
    candidates: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  }),
});

export const CouncilDutyParamsSchema = z.object({
  duty: z.enum(COUNCIL_DUTIES, { error: COUNCIL_DUTY_MESSAGES.unknownDuty }),
});

/** `PUT /api/council/duties/:duty`: an account of the barangay, or null to release the duty. */
export const CouncilDutyInputSchema = z.object({ userId: rowIdSchema.nullable() });
export type CouncilDutyInput = z.input<typeof CouncilDutyInputSchema>;

export const assignCouncilDutyEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/council/duties/:duty',
  body: CouncilDutyInputSchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});
