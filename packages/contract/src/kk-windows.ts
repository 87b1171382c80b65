import { z } from 'zod';
import { rowIdSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';

/**
 * Assembly windows of the KK self-profiling form: for the hours of a KK assembly the SK
 * chairperson or the designated SK secretary opens a link (and its QR code) to the barangay's
 * public form. Submissions sent through it are not held to the limit per client address, since
 * a barangay hall's Wi-Fi gives every youth there one public address; the window has a cap of
 * its own instead, and can be closed early.
 */

/** The longest a window may stay open: one day's assembly. */
export const KK_WINDOW_MAX_HOURS = 12;
/** How far ahead a window may be scheduled. */
export const KK_WINDOW_MAX_DAYS_AHEAD = 30;
/** Profiles one window takes at most (a large assembly's attendance, with room to spare). */
export const KK_WINDOW_MAX_SUBMISSIONS = 500;
/** The query parameter of the public form's address that carries a window's token. */
export const KK_WINDOW_QUERY = 'window';

export const KK_WINDOW_MESSAGES = {
  opened: 'Assembly window opened.',
  closed: 'Assembly window closed.',
  notFound: 'Assembly window not found.',
  endBeforeStart: 'The window must end after it starts.',
  tooLong: `A window may stay open at most ${String(KK_WINDOW_MAX_HOURS)} hours.`,
  past: 'The window must end in the future.',
  tooFarAhead: `A window may start at most ${String(KK_WINDOW_MAX_DAYS_AHEAD)} days ahead.`,
  full: 'This assembly link has taken as many profiles as it may. Please ask the SK secretary.',
} as const;

const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time` })
    .transform((v) => new Date(v).toISOString());

/** `POST /api/kk/windows`: from when to when (ISO date-times; checked again on the server). */
export const KkWindowInputSchema = z
  .object({ startsAt: instant('The start'), endsAt: instant('The end') })
  .refine((w) => w.endsAt > w.startsAt, { message: KK_WINDOW_MESSAGES.endBeforeStart })
  .refine((w) => Date.parse(w.endsAt) - Date.parse(w.startsAt) <= KK_WINDOW_MAX_HOURS * 3_600_000, {
    message: KK_WINDOW_MESSAGES.tooLong,
  });
export type KkWindowInput = z.input<typeof KkWindowInputSchema>;

export const KkWindowSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  closedAt: z.string().nullable(),
  /** Now between start and end, and not closed. */
  open: z.boolean(),
  /** Profiles taken through it so far, and at most. */
  submissions: z.number().int(),
  maxSubmissions: z.number().int(),
  /** The public form's address with the window's token (`/kk/<code>?window=<token>`). */
  path: z.string(),
  url: z.string(),
  /** A QR code of `url`, an SVG document. */
  svg: z.string(),
});
export type KkWindow = z.infer<typeof KkWindowSchema>;

export const KkWindowIdParamsSchema = z.object({ id: rowIdSchema });

/** `GET /api/kk/windows`: the windows not yet over (open or ahead), and the last ended ones. */
export const kkWindowsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/windows',
  response: z.object({ success: z.literal(true), windows: z.array(KkWindowSchema) }),
});
export const kkOpenWindowEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/kk/windows',
  body: KkWindowInputSchema,
  response: z.object({ success: z.literal(true), message: z.string(), window: KkWindowSchema }),
});
export const kkCloseWindowEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/kk/windows/:id/close',
  response: kkOpenWindowEndpoint.response,
});

/** The public form's query: a window's token, when the address came from one. */
export const KkPublicWindowQuerySchema = z.object({
  [KK_WINDOW_QUERY]: z.string().max(200).optional(),
});

/** Whether the public form's window token names a window open now, and until when. */
export const KkPublicWindowStateSchema = z
  .object({ open: z.boolean(), endsAt: z.string().nullable() })
  .nullable();

/**
 * The answer of a verification refused because the profile has the same name and birthday as
 * another profile of the registry: which one (its id and name, for the chairperson or secretary
 * who may see them), so that one of the two can be removed or corrected.
 */
export const KkDuplicateAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.literal('KK_DUPLICATE'),
  duplicateOf: z.object({
    id: z.number().int(),
    lastName: z.string(),
    firstName: z.string(),
    middleName: z.string(),
    suffix: z.string(),
    status: z.enum(['pending', 'verified']),
  }),
});
export type KkDuplicateAnswer = z.infer<typeof KkDuplicateAnswerSchema>;
