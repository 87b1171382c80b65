import { EXPENSE_CLASSES } from './expense-classes.ts';
import { z } from 'zod';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { LangQuerySchema } from './language-schemas.ts';
import { TrackerAlertSchema } from './tracker-alerts.ts';
import {
  HONORARIA_POSITIONS,
  PLAN_MAX_AMOUNT,
  PLAN_MAX_YEAR,
  PLAN_MIN_YEAR,
  PLAN_PROGRAMS,
  PYDP_CENTRES,
} from './budget-plan-terms.ts';
import { SignatoriesSchema, isoDate } from './budget-plans.ts';

/**
 * The implementation tracker: every line of a year's posted budget plan (ABYIP) is a tracked item
 * the council carries out and accounts for, with status, checkpoints, evidence and disbursements.
 * Items are keyed by the line's reference code, so they carry over when a newer version of the
 * year's plan is posted; the appropriation is always the newest posted version's.
 */

export const TRACKER_STATUSES = [
  'not started',
  'ongoing',
  'completed',
  'cancelled',
  'deferred',
] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];

/** Expense classes of the SK annual budget (personal services, MOOE, capital outlay). */
export { EXPENSE_CLASSES, type ExpenseClass } from './expense-classes.ts';

/** Evidence: photos (JPEG, PNG, WebP; stored without EXIF, with a thumbnail) and PDFs. */
export const EVIDENCE_KINDS = ['photo', 'pdf'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored thumbnail, in pixels. */
export const EVIDENCE_THUMBNAIL_PX = 320;
export const TRACKER_MAX_CHECKPOINTS = 50;
export const TRACKER_MAX_EVIDENCE = 50;
export const TRACKER_MAX_DISBURSEMENTS = 1000;

/** A line under this share of its appropriation after the third quarter draws an alert. */
export const LOW_UTILISATION_SHARE = 0.5;

/** Report periods: a quarter, or the whole year (year-end). */
export const TRACKER_REPORT_PERIODS = ['q1', 'q2', 'q3', 'q4', 'year'] as const;
export type TrackerReportPeriod = (typeof TRACKER_REPORT_PERIODS)[number];
export const TRACKER_REPORT_FORMATS = ['xlsx', 'pdf'] as const;

/** Texts the server answers and the web app shows for the tracker. */
export const TRACKER_MESSAGES = {
  pageTitle: 'Project Tracker',
  noPostedPlan: (year: number) =>
    `There is no posted budget plan for ${year} yet. Post the year's plan to track its projects.`,
  itemNotFound: 'Tracked item not found.',
  checkpointNotFound: 'Checkpoint not found.',
  disbursementNotFound: 'Disbursement not found.',
  evidenceNotFound: 'Evidence file not found.',
  forbidden: 'Only the SK chairperson and SK officials can change the tracker.',
  stale:
    'This item was changed by someone else since you opened it. Reload it to see their changes, then make yours again.',
  itemSaved: 'Item updated.',
  checkpointSaved: 'Checkpoint saved.',
  checkpointDeleted: 'Checkpoint deleted.',
  disbursementSaved: 'Disbursement saved.',
  disbursementDeleted: 'Disbursement deleted.',
  evidenceSaved: 'Evidence uploaded.',
  evidenceUpdated: 'Evidence updated.',
  evidenceDeleted: 'Evidence deleted.',
  /** The appropriation limit: amounts in pesos, formatted by the caller (e.g. "PHP 1,234.50"). */
  overAppropriation: (expenseClass: string, appropriated: string, available: string) =>
    `This disbursement would take the line past its ${expenseClass} appropriation of ${appropriated} (${available} left). Realign the budget through a new plan version first.`,
  /** The honoraria limit: like `overAppropriation`, for a position's honoraria. */
  overHonoraria: (positionName: string, appropriated: string, available: string) =>
    `This payment would take the ${positionName} honoraria past their appropriation of ${appropriated} (${available} left). Honoraria are paid within the posted plan's schedule; realign it through a new plan version first.`,
  honorariaPsOnly: 'Honoraria are personal services: record the payment with class PS.',
  notInPlan:
    'This item is no longer in the posted plan; disbursements can no longer be recorded against it.',
  outsideYear: (year: number) => `The date must fall within the plan year ${year}.`,
  futureDate: (today: string) =>
    `The date must not be after today (${today}, Philippine time): record a disbursement once it is paid.`,
  evidenceType: 'Evidence must be a photo (JPEG, PNG or WebP) or a PDF file.',
  evidenceTooLarge: (maxMb: number) => `Evidence files must be at most ${maxMb} MB.`,
  evidenceNoFile: 'Choose a photo or PDF file to upload.',
  tooMany: (what: string, max: number) => `An item can have at most ${max} ${what}.`,
  datesOrder: 'The end date must not be before the start date.',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .default('');

const requiredLabel = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

const optionalDate = (label: string) => isoDate(label).nullable().default(null);

/** `PUT /api/tracker/items/:id`: the officer-editable fields, with the version read. */
export const UpdateTrackerItemSchema = z
  .object({
    version: z.number({ error: 'version is required' }).int().min(1),
    status: z.enum(TRACKER_STATUSES, {
      error: "Status must be 'not started', 'ongoing', 'completed', 'cancelled' or 'deferred'",
    }),
    plannedStart: optionalDate('Planned start'),
    plannedEnd: optionalDate('Planned end'),
    actualStart: optionalDate('Actual start'),
    actualEnd: optionalDate('Actual end'),
    /** What was achieved against the line's target (expected result / indicator). */
    accomplishment: text('Accomplishment', 2000),
    remarks: text('Remarks', 2000),
  })
  .refine(
    (item) => !item.plannedStart || !item.plannedEnd || item.plannedStart <= item.plannedEnd,
    { message: 'The end date must not be before the start date.', path: ['plannedEnd'] },
  )
  .refine((item) => !item.actualStart || !item.actualEnd || item.actualStart <= item.actualEnd, {
    message: 'The end date must not be before the start date.',
    path: ['actualEnd'],
  });
export type UpdateTrackerItemRequest = z.input<typeof UpdateTrackerItemSchema>;

export const CheckpointInputSchema = z.object({
  title: requiredLabel('Checkpoint title', 200),
  dueOn: isoDate('Due date'),
  doneOn: optionalDate('Done date'),
  note: text('Note', 1000),
});
export type CheckpointInput = z.input<typeof CheckpointInputSchema>;

/** Pesos, more than 0, at most two decimals. */
const disbursementAmount = z
  .number({ error: 'Amount must be a number' })
  .gt(0, 'Amount must be more than 0')
  .max(PLAN_MAX_AMOUNT, 'Amount is too large')
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'Amount must have at most two decimals (centavos)',
  );

export const DisbursementInputSchema = z.object({
  date: isoDate('Date'),
  amount: disbursementAmount,
  expenseClass: z.enum(EXPENSE_CLASSES, { error: "Class must be 'PS', 'MOOE' or 'CO'" }),
  /** Cheque, voucher or official receipt number. */
  reference: requiredLabel('Reference (cheque or voucher number)', 100),
  note: text('Note', 1000),
  /**
   * The commitment (tracker-registry.ts) the payment is made against, of the same item and class;
   * absent or null: a payment made without one, which obligates and pays at once.
   */
  commitmentId: rowIdSchema.nullable().optional(),
});
export type DisbursementInput = z.input<typeof DisbursementInputSchema>;

/** `PUT /api/tracker/evidence/:id`; the upload (multipart `file`) takes the same as fields. */
export const EvidenceUpdateSchema = z.object({
  caption: text('Caption', 300),
  /** Shown on the public disclosure board (photos only). */
  public: z.boolean({ error: 'public must be true or false' }).default(false),
});
export type EvidenceUpdate = z.input<typeof EvidenceUpdateSchema>;

/** Appropriated, disbursed, balance (pesos) and utilisation (% of appropriated; null if 0). */
export const UtilisationSchema = z.object({
  appropriated: z.number(),
  disbursed: z.number(),
  balance: z.number(),
  utilisation: z.number().nullable(),
});
export type Utilisation = z.infer<typeof UtilisationSchema>;

const ByClass = z.object({ PS: z.number(), MOOE: z.number(), CO: z.number() });

export const CheckpointSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  dueOn: z.string(),
  doneOn: z.string().nullable(),
  note: z.string(),
  overdue: z.boolean(),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

export const DisbursementSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  expenseClass: z.enum(EXPENSE_CLASSES),
  reference: z.string(),
  note: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  /** The commitment it pays (RBCPB); null: paid without one. */
  commitmentId: z.number().int().nullable().optional(),
});
export type Disbursement = z.infer<typeof DisbursementSchema>;

export const EvidenceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EVIDENCE_KINDS),
  fileName: z.string(),
  caption: z.string(),
  public: z.boolean(),
  size: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** One tracked item as the list shows it. */
export const TrackerItemSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  /** False when a newer posted version of the plan dropped the line (read only, appropriation 0). */
  inPlan: z.boolean(),
  program: z.enum(PLAN_PROGRAMS),
  centre: z.enum(PYDP_CENTRES).nullable(),
  referenceCode: z.string(),
  ppa: z.string(),
  /** The line's expected result and performance indicator. */
  target: z.string(),
  /** The position of an honoraria item (PS of the plan's honoraria schedule); null for a line. */
  honorariaPosition: z.enum(HONORARIA_POSITIONS).nullable(),
  startMonth: z.number().int().nullable(),
  endMonth: z.number().int().nullable(),
  responsible: z.string(),
  projectId: z.number().int().nullable(),
  status: z.enum(TRACKER_STATUSES),
  plannedStart: z.string().nullable(),
  plannedEnd: z.string().nullable(),
  actualStart: z.string().nullable(),
  actualEnd: z.string().nullable(),
  accomplishment: z.string(),
  remarks: z.string(),
  /** Per class: the appropriation, and what was disbursed. */
  appropriatedByClass: ByClass,
  disbursedByClass: ByClass,
  /**
   * Per class, what disbursement vouchers on their way to payment (prepared, certified,
   * approved) hold: not yet disbursed, but no longer available for another payment.
   */
  heldByClass: ByClass.optional(),
  spending: UtilisationSchema,
  checkpoints: z.object({
    total: z.number().int(),
    done: z.number().int(),
    overdue: z.number().int(),
  }),
  evidence: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  /**
   * The city declared the line inoperative in its review of the budget (the reason and rule it
   * gave, the day it acted): no new commitment or payment until a later version is found
   * operative; what was paid before stays.
   */
  inoperative: z.object({ reason: z.string(), rule: z.string(), decidedOn: z.string() }).nullable(),
});
export type TrackerItemSummary = z.infer<typeof TrackerItemSummarySchema>;

export const TrackerItemSchema = TrackerItemSummarySchema.extend({
  checkpointList: z.array(CheckpointSchema),
  disbursements: z.array(DisbursementSchema),
  evidenceList: z.array(EvidenceSchema),
  /** The linked proposal's reference and title, when the line carries one out. */
  project: z.object({ referenceNumber: z.string(), title: z.string() }).nullable(),
});
export type TrackerItem = z.infer<typeof TrackerItemSchema>;

export const CentreUtilisationSchema = UtilisationSchema.extend({
  /** A PYDP centre, or null for the General Administration Program. */
  centre: z.enum(PYDP_CENTRES).nullable(),
  items: z.number().int(),
});
export type CentreUtilisation = z.infer<typeof CentreUtilisationSchema>;

export const TrackerOverviewSchema = z.object({
  year: z.number().int(),
  barangay: z.object({ code: z.string(), name: z.string() }),
  /** The newest posted plan of the year the items come from; null: none posted yet. */
  plan: z
    .object({
      id: z.number().int(),
      amendment: z.number().int(),
      resolutionNumber: z.string(),
      postedAt: z.string(),
    })
    .nullable(),
  /** Years with a posted plan (newest first), for the year picker. */
  years: z.array(z.number().int()),
  items: z.array(TrackerItemSummarySchema),
  byCentre: z.array(CentreUtilisationSchema),
  totals: UtilisationSchema,
  byStatus: z.record(z.enum(TRACKER_STATUSES), z.number().int()),
  alerts: z.array(TrackerAlertSchema),
  /** The Manila date the figures and alerts were computed for. */
  asOf: z.string(),
});
export type TrackerOverview = z.infer<typeof TrackerOverviewSchema>;

export const TrackerYearQuerySchema = z.object({
  year: z.coerce
    .number()
    .int('year must be a whole number')
    .min(PLAN_MIN_YEAR, `year must be ${PLAN_MIN_YEAR} or later`)
    .max(PLAN_MAX_YEAR, `year must be ${PLAN_MAX_YEAR} or earlier`)
    .optional(),
});
/**
 * GET /api/tracker: the year, and `lang` (`en` or `fil`) for the alerts' sentences (absent: the
 * account's language). The figures are the same in both languages.
 */
export const TrackerOverviewQuerySchema = TrackerYearQuerySchema.extend(LangQuerySchema.shape);
/** GET /api/tracker/alerts: `lang` for the alerts' sentences (absent: the account's language). */
export const TrackerIdParamsSchema = z.object({ id: rowIdSchema });

const itemAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  item: TrackerItemSchema,
});

/** The year's items, figures per centre and alerts (default: the current Manila year). */
export const trackerOverviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/tracker',
  query: TrackerOverviewQuerySchema,
  response: z.object({ success: z.literal(true), tracker: TrackerOverviewSchema }),
});
export const getTrackerItemEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/tracker/items/:id',
  response: z.object({ success: z.literal(true), item: TrackerItemSchema }),
});
export const updateTrackerItemEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/tracker/items/:id',
  body: UpdateTrackerItemSchema,
  response: itemAnswer,
});
export const addCheckpointEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/tracker/items/:id/checkpoints',
  body: CheckpointInputSchema,
  response: itemAnswer,
});
export const updateCheckpointEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/tracker/checkpoints/:id',
  body: CheckpointInputSchema,
  response: itemAnswer,
});
export const deleteCheckpointEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/tracker/checkpoints/:id',
  response: itemAnswer,
});
export const addDisbursementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/tracker/items/:id/disbursements',
  body: DisbursementInputSchema,
  response: itemAnswer,
});
export const updateDisbursementEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/tracker/disbursements/:id',
  body: DisbursementInputSchema,
  response: itemAnswer,
});
export const deleteDisbursementEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/tracker/disbursements/:id',
  response: itemAnswer,
});
/** Multipart: `file` (photo or PDF), `caption`, `public` ('true' or 'false'). */
export const TRACKER_EVIDENCE_UPLOAD_PATH = '/api/tracker/items/:id/evidence';
export const TRACKER_EVIDENCE_FILE_FIELD = 'file';
export const updateEvidenceEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/tracker/evidence/:id',
  body: EvidenceUpdateSchema,
  response: itemAnswer,
});
export const deleteEvidenceEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/tracker/evidence/:id',
  response: itemAnswer,
});
/** The stored file (EXIF removed) and its thumbnail (photos only; a PDF has none: 404). */
export const TRACKER_EVIDENCE_FILE_PATH = '/api/tracker/evidence/:id/file';
export const TRACKER_EVIDENCE_THUMBNAIL_PATH = '/api/tracker/evidence/:id/thumbnail';
/** `GET /api/tracker/reports/:period?year=YYYY&format=xlsx|pdf`: the accomplishment report. */
export const TRACKER_REPORT_PATH = '/api/tracker/reports/:period';
export const TrackerReportParamsSchema = z.object({
  period: z.enum(TRACKER_REPORT_PERIODS, { error: "period must be 'q1'-'q4' or 'year'" }),
});
export const TrackerReportQuerySchema = z.object({
  year: TrackerYearQuerySchema.shape.year,
  format: z.enum(TRACKER_REPORT_FORMATS, { error: "format must be 'xlsx' or 'pdf'" }),
});

/** Planned next to spent per past year, for the Budget Forecasting page. */
export const PlannedSpentSchema = z.object({
  year: z.number().int(),
  planned: z.number(),
  spent: z.number(),
  byCentre: z.array(
    z.object({ centre: z.enum(PYDP_CENTRES).nullable(), planned: z.number(), spent: z.number() }),
  ),
});
export type PlannedSpent = z.infer<typeof PlannedSpentSchema>;
export const plannedSpentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/tracker/planned-spent',
  response: z.object({ success: z.literal(true), years: z.array(PlannedSpentSchema) }),
});

/** What the public board adds to each posted year. */
export const DisclosureTrackerSchema = z.object({
  asOf: z.string(),
  byStatus: z.record(z.enum(TRACKER_STATUSES), z.number().int()),
  totals: UtilisationSchema,
  byCentre: z.array(CentreUtilisationSchema),
  items: z.array(
    z.object({
      referenceCode: z.string(),
      ppa: z.string(),
      centre: z.enum(PYDP_CENTRES).nullable(),
      /** The position of an honoraria item; null for a line. */
      honorariaPosition: z.enum(HONORARIA_POSITIONS).nullable(),
      status: z.enum(TRACKER_STATUSES),
      accomplishment: z.string(),
      spending: UtilisationSchema,
      /** Photos the council marked public: ids for the public photo routes. */
      photos: z.array(z.object({ id: z.number().int(), caption: z.string() })),
    }),
  ),
  /** Report periods with a downloadable accomplishment report (ended quarters, and the year). */
  reports: z.array(z.enum(TRACKER_REPORT_PERIODS)),
  signatories: SignatoriesSchema,
});
export type DisclosureTracker = z.infer<typeof DisclosureTrackerSchema>;
/** Public: `GET /api/public/disclosure/:barangayCode/tracker/:year` (null tracker: none posted). */
export const disclosureTrackerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/disclosure/:barangayCode/tracker/:year',
  response: z.object({ success: z.literal(true), tracker: DisclosureTrackerSchema.nullable() }),
});
/** Public photos (marked public) and reports of a posted year. */
export const DISCLOSURE_PHOTO_PATH = '/api/public/disclosure/:barangayCode/photos/:id';
export const DISCLOSURE_PHOTO_THUMBNAIL_PATH =
  '/api/public/disclosure/:barangayCode/photos/:id/thumbnail';
export const DISCLOSURE_REPORT_PATH = '/api/public/disclosure/:barangayCode/reports/:year/:period';
