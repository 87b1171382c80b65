import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';

/**
 * Full public disclosure (DILG MC No. 2023-068, "SK Full Public Disclosure
 * Policy: Posting of SK-Related Documents in the SKFPD Policy Board"): the documents the SK posts,
 * when each is due and how long it stays. The deadlines and periods live in the server's
 * `disclosure_rules` table, each row with its source and whether it was confirmed.
 */
export const DISCLOSURE_DOCUMENTS = [
  'abyip',
  'annual-budget',
  'annual-report',
  'end-of-term-report',
] as const;
export type DisclosureDocument = (typeof DISCLOSURE_DOCUMENTS)[number];

/** The documents posted through `POST /api/disclosure/postings` (the plan's go with the plan). */
export const POSTABLE_REPORTS = ['annual-report', 'end-of-term-report'] as const;
export type PostableReport = (typeof POSTABLE_REPORTS)[number];

/** What a deadline counts from: 1 January, 31 December of the year, or the term's last day. */
export const DUE_BASES = ['year-start', 'year-end', 'term-end'] as const;
export type DueBasis = (typeof DUE_BASES)[number];
/** How long it stays: to 31 December (of the year plus `value` years) or `value` days. */
export const STAY_BASES = ['year-end', 'days'] as const;
export type StayBasis = (typeof STAY_BASES)[number];

export const DisclosureRuleSchema = z.object({
  document: z.enum(DISCLOSURE_DOCUMENTS),
  effectiveYear: z.number().int(),
  dueBasis: z.enum(DUE_BASES),
  dueDays: z.number().int(),
  stayBasis: z.enum(STAY_BASES),
  stayValue: z.number().int(),
  source: z.string(),
  /** False: the value is SK Tanaw's reading, not confirmed from the issuance's text. */
  confirmed: z.boolean(),
});
export type DisclosureRule = z.infer<typeof DisclosureRuleSchema>;

export const SkTermSchema = z.object({
  startsOn: z.string(),
  endsOn: z.string(),
  source: z.string(),
});
export type SkTerm = z.infer<typeof SkTermSchema>;

export const DisclosurePostingSchema = z.object({
  document: z.enum(DISCLOSURE_DOCUMENTS),
  year: z.number().int(),
  /** The plan version posted (ABYIP, annual budget); null for the reports. */
  planId: z.number().int().nullable(),
  /** The instant it was posted (ISO); shown in Manila time. */
  postedOn: z.string(),
  /** The last Manila day ('YYYY-MM-DD') it must stay posted. */
  postedUntil: z.string(),
  /** The period in words' parts: its basis, value and source. */
  period: z.object({
    basis: z.enum(STAY_BASES),
    value: z.number().int(),
    source: z.string(),
  }),
  /** True while today (Manila) is on or before `postedUntil`. */
  stillRequired: z.boolean(),
});
export type DisclosurePosting = z.infer<typeof DisclosurePostingSchema>;

export const DisclosureDueSchema = z.object({
  document: z.enum(DISCLOSURE_DOCUMENTS),
  year: z.number().int(),
  /** The last Manila day ('YYYY-MM-DD') to post it; null when the rules table has no rule for it. */
  dueOn: z.string().nullable(),
  /** Past `dueOn` and not posted (true as well when no rule says when it is due). */
  overdue: z.boolean(),
  /**
   * True when `dueOn` passed before the council began using SK Tanaw (its first account): shown
   * as before SK Tanaw, never overdue.
   */
  beforeOnboarding: z.boolean().optional(),
  source: z.string(),
  confirmed: z.boolean(),
});
export type DisclosureDue = z.infer<typeof DisclosureDueSchema>;

/** The postings and what is due next, as the public board and the chair's screen show them. */
export const DisclosureScheduleSchema = z.object({
  /** Today in Manila ('YYYY-MM-DD'): what `overdue` and `stillRequired` are measured against. */
  asOf: z.string(),
  postings: z.array(DisclosurePostingSchema),
  nextDue: z.array(DisclosureDueSchema),
  term: SkTermSchema.nullable(),
});
export type DisclosureSchedule = z.infer<typeof DisclosureScheduleSchema>;

/** Signed in: `GET /api/disclosure/postings`, the council's own schedule. */
export const disclosureScheduleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/disclosure/postings',
  response: z.object({
    success: z.literal(true),
    /** The council's barangay code: its public board's address. */
    barangayCode: z.string(),
    schedule: DisclosureScheduleSchema,
  }),
});

export const PostReportBodySchema = z.object({
  document: z.enum(POSTABLE_REPORTS, {
    error: "document must be 'annual-report' or 'end-of-term-report'",
  }),
  year: z.number().int().min(2016).max(2100),
});
export type PostReportBody = z.infer<typeof PostReportBodySchema>;

/** Chairperson: `POST /api/disclosure/postings`, posts the annual or end-of-term report. */
export const postReportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/disclosure/postings',
  body: PostReportBodySchema,
  response: z.object({ success: z.literal(true), schedule: DisclosureScheduleSchema }),
});

/** Public: `GET /api/public/disclosure/:barangayCode/end-of-term/:year?format=xlsx|pdf`. */
export const END_OF_TERM_REPORT_PATH = '/api/public/disclosure/:barangayCode/end-of-term/:year';

export const DISCLOSURE_MESSAGES = {
  alreadyPosted: 'This report is already on the board.',
  notDueYet: (document: PostableReport, year: number) =>
    document === 'annual-report'
      ? `The annual report of ${String(year)} can be posted once the year has ended.`
      : `The end-of-term report can be posted from the term's last year (${String(year)}).`,
  noPostedPlan: (year: number) =>
    `No plan of ${String(year)} was posted: the annual report reports on the posted plan.`,
  noTerm: 'No SK term of office ends in that year.',
  ruleMissing: (document: DisclosureDocument) =>
    `No posting rule for the ${document} is in the rules table: it cannot be posted until one is.`,
  reportNotPosted: 'This report is not on the board.',
} as const;
