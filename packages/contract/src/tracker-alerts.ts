import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';
import { LangQuerySchema } from './language-schemas.ts';

/**
 * The tracker's alerts, in a module of their own: the dashboard reads them, and its download
 * need not carry the whole tracker contract (with its plan and CBYDP schemas).
 */

export const TRACKER_ALERT_KINDS = [
  /** A checkpoint's due date has passed and it is not done. */
  'checkpoint-overdue',
  /** Still `not started` in the last quarter of its period. */
  'not-started-late',
  /** Under 50% utilised after the third quarter of the year. */
  'low-utilisation',
] as const;
export type TrackerAlertKind = (typeof TRACKER_ALERT_KINDS)[number];

export const TrackerAlertSchema = z.object({
  kind: z.enum(TRACKER_ALERT_KINDS),
  itemId: z.number().int(),
  referenceCode: z.string(),
  ppa: z.string(),
  /**
   * A sentence for the dashboard, e.g. "Checkpoint 'Venue booked' was due 2026-03-15.", in the
   * language asked for (`lang`; the account's by default): same numbers and dates in each.
   */
  message: z.string(),
  /** The date the alert is about (the checkpoint's due date; the period's last quarter; 1 Oct). */
  since: z.string(),
});
export type TrackerAlert = z.infer<typeof TrackerAlertSchema>;

export const TrackerAlertsQuerySchema = LangQuerySchema;

/** The current year's alerts, for the dashboard. */
export const trackerAlertsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/tracker/alerts',
  query: TrackerAlertsQuerySchema,
  response: z.object({
    success: z.literal(true),
    year: z.number().int(),
    alerts: z.array(TrackerAlertSchema),
  }),
});
