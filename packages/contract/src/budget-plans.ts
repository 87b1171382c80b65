import { z } from 'zod';
import { calendarDate } from './calendar-date.ts';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { PlanCheckSchema, PlanRuleSchema } from './budget-plan-rules.ts';
import { PlanCbydpSchema } from './cbydp.ts';
import {
  PLAN_LINE_MAX_OBJECTS,
  PlanLineObjectSchema,
  SavedLineObjectSchema,
} from './objects-of-expenditure.ts';
import {
  HONORARIA_POSITIONS,
  OTHER_RECEIPT_KINDS,
  PLAN_KINDS,
  PLAN_LINE_TEXT_MAX,
  PLAN_MAX_AMOUNT,
  PLAN_MAX_HONORARIA,
  PLAN_MAX_LINES,
  PLAN_MAX_OTHER_RECEIPTS,
  PLAN_MAX_YEAR,
  PLAN_MIN_YEAR,
  PLAN_NAME_MAX,
  PLAN_PROGRAMS,
  PLAN_STATUSES,
  PYDP_CENTRES,
} from './budget-plan-terms.ts';

/**
 * Budget plans: the council's Annual Barangay Youth Investment Program (ABYIP) and SK annual
 * budget for one fiscal year, within the SK fund (10% of the barangay's general fund, RA 10742
 * s. 20(a)), checked against the limits of RA 11768 (2022). Shared by the server (which enforces
 * the checks on approval) and the web app (which recomputes them as the user types).
 */

/** Texts the server answers and the web app shows for plans. */
export const PLAN_MESSAGES = {
  pageTitle: 'Budget Planning',
  created: (year: number) => `Draft budget plan for ${year} created.`,
  saved: 'Budget plan saved.',
  approved: 'Budget plan approved.',
  posted: 'Budget plan posted to the public disclosure board.',
  revised: 'A new version was created from the approved plan.',
  notFound: 'Budget plan not found.',
  exists: (year: number) =>
    `A budget plan for ${year} already exists; open it or create a new version from it.`,
  stale:
    'This plan was changed by someone else since you opened it. Reload it to see their changes, then make yours again.',
  notDraft: 'Only a draft can be changed. Create a new version to change an approved plan.',
  approvalInFuture: (today: string) =>
    `The approval date cannot be after today (${today}): record the SK resolution once it is adopted.`,
  approveFailing: (rules: string[]) =>
    `The plan cannot be approved while checks fail: ${rules.join('; ')}.`,
  notApproved: 'Only an approved plan can be posted.',
  belowDisbursed: (action: 'approved' | 'posted', lines: string[]) =>
    `The plan cannot be ${action}: it would appropriate less than was already disbursed: ${lines.join('; ')}. Each line must keep its reference code and at least what was paid in each class; correct the disbursement records first if they are wrong.`,
  belowDisbursedLine: (
    line: string,
    expenseClass: string,
    appropriation: string | null,
    paid: string,
  ) =>
    `${line}, ${expenseClass}: new appropriation ${appropriation ?? '₱0.00 (the line is not in this version: removed, or its reference code changed)'}, already disbursed ${paid}`,
  /** Like `belowDisbursedLine`, for a class with commitments (the RBCPB, tracker-registry.ts). */
  belowCommittedLine: (
    line: string,
    expenseClass: string,
    appropriation: string | null,
    committed: string,
    paid: string,
  ) =>
    `${line}, ${expenseClass}: new appropriation ${appropriation ?? '₱0.00 (the line is not in this version: removed, or its reference code changed)'}, already committed ${committed} (of which ${paid} paid)`,
  /** Like `belowCommittedLine`, for an object of expenditure of a line that itemises its class. */
  belowObjectLine: (line: string, object: string, appropriation: string, obligated: string) =>
    `${line}, ${object}: new appropriation ${appropriation}, already committed or paid ${obligated} (keep the object on the line with at least that much)`,
  notRevisable: 'Only an approved or posted plan can be revised.',
  draftExists: (year: number) =>
    `There is already a draft for ${year}; finish or change that draft instead.`,
  forbidden: 'Only the SK chairperson and SK officials can change budget plans.',
  chairOnly: 'Only the SK chairperson can approve or post a budget plan.',
  resolutionNotPdf: 'The signed resolution must be a PDF file.',
  resolutionTooLarge: (maxMb: number) => `The signed resolution must be at most ${maxMb} MB.`,
  noResolution: 'This plan has no signed resolution file.',
  unknownProject: (id: number) => `Proposal #${id} is not a proposal of this barangay.`,
  objectsMismatch: (line: string, expenseClass: string, lineAmount: number, objects: number) =>
    `${line}: its objects of expenditure add up to ${objects.toFixed(2)} of ${expenseClass}, but the line has ${lineAmount.toFixed(2)}. Make them add up, or leave the objects empty.`,
  duplicateReference: (code: string) =>
    `The reference code ${code} is used by more than one line; each line needs its own.`,
  reservedReference: (code: string) =>
    `The reference code ${code} is kept for the honoraria in the Project Tracker; give the line another.`,
  barangayNotFound: 'Barangay not found.',
} as const;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .default('');

/** Pesos with at most two decimals, 0 or more. */
export const pesoAmount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(PLAN_MAX_AMOUNT, `${label} is too large`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${label} must have at most two decimals (centavos)`,
    );

const month = (label: string) =>
  z
    .number({ error: `${label} must be a month from 1 to 12` })
    .int(`${label} must be a month from 1 to 12`)
    .min(1, `${label} must be a month from 1 to 12`)
    .max(12, `${label} must be a month from 1 to 12`)
    .nullable()
    .default(null);

/** An ISO date `YYYY-MM-DD` that exists on the calendar (calendar-date.ts). */
export const isoDate = calendarDate;

export const OtherReceiptSchema = z.object({
  label: z
    .string({ error: 'Receipt label is required' })
    .trim()
    .min(1, 'Receipt label is required')
    .max(PLAN_NAME_MAX, `Receipt label must be at most ${PLAN_NAME_MAX} characters`)
    .refine(isSafeText, unsafeTextMessage('Receipt label')),
  amount: pesoAmount('Receipt amount'),
  /** Which row of Part I it is printed under; `other` when a client does not say. */
  kind: z
    .enum(OTHER_RECEIPT_KINDS, {
      error: `Receipt kind must be one of ${OTHER_RECEIPT_KINDS.join(', ')}`,
    })
    .default('other'),
});
export type OtherReceipt = z.infer<typeof OtherReceiptSchema>;

/**
 * Receipts (JMC No. 1 s. 2019, item 3.1.2): the barangay treasurer informs the SK chairperson and
 * treasurer in writing, by 15 September, of the estimated 10% share (`noticeOn`, `noticeBy`),
 * supported by a certification of the barangay's income from the city or municipal treasurer
 * (`certifiedOn`, `certifiedBy`). The notice's fields came later: optional, so a client
 * that sends only the certification still saves.
 */
export const PlanReceiptsSchema = z.object({
  /** The estimated 10% share of the barangay's general fund. */
  tenPercentShare: pesoAmount('The 10% share').default(0),
  /** The city or municipal treasurer's certification of income: its date and who signed it. */
  certifiedOn: isoDate('Certification date').nullable().default(null),
  certifiedBy: optionalText('Certifying officer', PLAN_NAME_MAX),
  /** The barangay treasurer's written notice: its date and the barangay treasurer's name. */
  noticeOn: isoDate('Notice date').nullable().default(null),
  noticeBy: optionalText('Barangay treasurer', PLAN_NAME_MAX),
  /** Fund raising, donations, unspent balance carried over... */
  otherReceipts: z
    .array(OtherReceiptSchema)
    .max(PLAN_MAX_OTHER_RECEIPTS, `At most ${PLAN_MAX_OTHER_RECEIPTS} other receipts`)
    .default([]),
});
export type PlanReceipts = z.infer<typeof PlanReceiptsSchema>;
export type PlanReceiptsInput = z.input<typeof PlanReceiptsSchema>;

export const PlanLineSchema = z
  .object({
    /** Present for a line already saved; absent for a new one. */
    id: z.number().int().positive().optional(),
    program: z.enum(PLAN_PROGRAMS, { error: "Program must be 'GAP' or 'YDEP'" }),
    /** Required for YDEP lines (a check, so a draft can be saved half-done). */
    centre: z
      .enum(PYDP_CENTRES, { error: 'Centre must be a PYDP centre of participation' })
      .nullable()
      .default(null),
    /** Generated when empty. */
    referenceCode: optionalText('Reference code', PLAN_LINE_TEXT_MAX.referenceCode),
    /** Required (a check, so a draft can be saved with a line being typed). */
    ppa: optionalText('PPA', PLAN_LINE_TEXT_MAX.ppa),
    description: optionalText('Description', PLAN_LINE_TEXT_MAX.description),
    expectedResult: optionalText('Expected result', PLAN_LINE_TEXT_MAX.expectedResult),
    performanceIndicator: optionalText(
      'Performance indicator',
      PLAN_LINE_TEXT_MAX.performanceIndicator,
    ),
    startMonth: month('Start month'),
    endMonth: month('End month'),
    responsible: optionalText('Person or committee responsible', PLAN_LINE_TEXT_MAX.responsible),
    ps: pesoAmount('PS').default(0),
    mooe: pesoAmount('MOOE').default(0),
    co: pesoAmount('CO').default(0),
    /** Counts toward the training cap. */
    training: z.boolean().default(false),
    /** An optional proposal this line carries out. */
    projectId: z.number().int().positive().nullable().default(null),
    /**
     * The objects of expenditure the amounts are charged to, adding up to PS, MOOE and CO to the
     * centavo. Absent or empty: the line keeps the objects it had while they still add up, else
     * it is not itemised (charged to the residual objects, with a warning check).
     */
    objects: z
      .array(PlanLineObjectSchema)
      .max(PLAN_LINE_MAX_OBJECTS, `At most ${PLAN_LINE_MAX_OBJECTS} objects of expenditure a line`)
      .optional(),
  })
  .refine(
    (line) =>
      line.startMonth === null || line.endMonth === null || line.startMonth <= line.endMonth,
    { message: 'The start month must not be after the end month', path: ['endMonth'] },
  );
export type PlanLine = z.infer<typeof PlanLineSchema>;
export type PlanLineInput = z.input<typeof PlanLineSchema>;

/** What a line says besides its program, centre and amounts: its texts and months. */
export type PlanLineTexts = Pick<
  PlanLine,
  | 'referenceCode'
  | 'ppa'
  | 'description'
  | 'expectedResult'
  | 'performanceIndicator'
  | 'startMonth'
  | 'endMonth'
  | 'responsible'
>;

/** A new line's texts and months: all blank. */
export const BLANK_LINE_TEXTS: Readonly<PlanLineTexts> = {
  referenceCode: '',
  ppa: '',
  description: '',
  expectedResult: '',
  performanceIndicator: '',
  startMonth: null,
  endMonth: null,
  responsible: '',
};

export const HonorariumSchema = z.object({
  position: z.enum(HONORARIA_POSITIONS, {
    error: 'Position must be chairperson, member, secretary or treasurer',
  }),
  name: optionalText('Name', PLAN_NAME_MAX),
  monthlyRate: pesoAmount('Monthly rate'),
  months: z
    .number({ error: 'Months must be a number from 0 to 12' })
    .int('Months must be a whole number')
    .min(0, 'Months must be from 0 to 12')
    .max(12, 'Months must be from 0 to 12'),
  /**
   * A position budgeted while no one holds it (DBM LBC No. 148 s. 2022, item 3.1.8 as reported):
   * optional, so schedules saved before these fields existed read as filled.
   */
  vacant: z.boolean().default(false),
});
export type Honorarium = z.infer<typeof HonorariumSchema>;
export type HonorariumInput = z.input<typeof HonorariumSchema>;

/** `PUT /api/budget-plans/:id`: replaces receipts, lines and honoraria as a whole. */
export const SavePlanRequestSchema = z.object({
  version: z.number({ error: 'version is required' }).int().min(1),
  receipts: PlanReceiptsSchema,
  lines: z.array(PlanLineSchema).max(PLAN_MAX_LINES, `At most ${PLAN_MAX_LINES} lines`),
  honoraria: z
    .array(HonorariumSchema)
    .max(PLAN_MAX_HONORARIA, `At most ${PLAN_MAX_HONORARIA} honoraria`),
});
export type SavePlanRequest = z.input<typeof SavePlanRequestSchema>;

export const CreatePlanRequestSchema = z.object({
  year: z
    .number({ error: 'year is required' })
    .int('year must be a whole number')
    .min(PLAN_MIN_YEAR, `year must be ${PLAN_MIN_YEAR} or later`)
    .max(PLAN_MAX_YEAR, `year must be ${PLAN_MAX_YEAR} or earlier`),
  /** What to pre-fill the draft from; each defaults to true. */
  prefill: z
    .object({
      previousPlan: z.boolean().default(true),
      acceptedProposals: z.boolean().default(true),
      forecast: z.boolean().default(true),
      /** The PPAs of the year in the CBYDP covering it. */
      cbydp: z.boolean().default(true),
    })
    .default({ previousPlan: true, acceptedProposals: true, forecast: true, cbydp: true }),
});
export type CreatePlanRequest = z.input<typeof CreatePlanRequestSchema>;

export const ApprovePlanRequestSchema = z.object({
  resolutionNumber: z
    .string({ error: 'Resolution number is required' })
    .trim()
    .min(1, 'Resolution number is required')
    .max(100, 'Resolution number must be at most 100 characters')
    .refine(isSafeText, unsafeTextMessage('Resolution number')),
  approvedOn: isoDate('Approval date'),
});
export type ApprovePlanRequest = z.input<typeof ApprovePlanRequestSchema>;

export const RevisePlanRequestSchema = z.object({
  kind: z.enum(['supplemental', 'realignment'], {
    error: "kind must be 'supplemental' or 'realignment'",
  }),
});
export type RevisePlanRequest = z.input<typeof RevisePlanRequestSchema>;

const Amounts = z.object({ ps: z.number(), mooe: z.number(), co: z.number(), total: z.number() });
export type PlanAmounts = z.infer<typeof Amounts>;

export const PlanTotalsSchema = z.object({
  tenPercentShare: z.number(),
  otherReceipts: z.number(),
  /** The other receipts by kind, each a row of Part I. */
  otherReceiptsByKind: z.object({
    fundRaising: z.number(),
    carriedOver: z.number(),
    grant: z.number(),
    other: z.number(),
  }),
  /** The ceiling: the 10% share plus other receipts. */
  receipts: z.number(),
  /** Honoraria schedule total (part of personal services). */
  honoraria: z.number(),
  /** Honoraria plus the lines' PS. */
  ps: z.number(),
  mooe: z.number(),
  co: z.number(),
  appropriations: z.number(),
  training: z.number(),
  /** Receipts less appropriations (negative: over the ceiling). */
  unappropriated: z.number(),
  byProgram: z.object({ GAP: Amounts, YDEP: Amounts }),
  byCentre: z.array(Amounts.extend({ centre: z.enum(PYDP_CENTRES) })),
});
export type PlanTotals = z.infer<typeof PlanTotalsSchema>;

/** A committee's or centre's next-year forecast (the Budget Forecasting engine) for pre-fill and warnings. */
export const PlanForecastSchema = z.object({
  viewBy: z.enum(['category', 'committee']),
  name: z.string(),
  year: z.number().int(),
  mean: z.number(),
  lower80: z.number(),
  upper80: z.number(),
});
export type PlanForecast = z.infer<typeof PlanForecastSchema>;

/** A linked proposal's reference, title and status (for the acceptance warning). */
export const PlanProjectSchema = z.object({
  projectId: z.number().int(),
  referenceNumber: z.string(),
  title: z.string(),
  status: z.string(),
});
export type PlanProject = z.infer<typeof PlanProjectSchema>;

export const PlanChangeSchema = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  referenceCode: z.string(),
  ppa: z.string(),
  /** Field names whose values differ (for `changed`). */
  fields: z.array(z.string()),
  before: z.number().nullable(),
  after: z.number().nullable(),
});
export type PlanChange = z.infer<typeof PlanChangeSchema>;

export const SavedLineSchema = z.object({
  id: z.number().int(),
  program: z.enum(PLAN_PROGRAMS),
  centre: z.enum(PYDP_CENTRES).nullable(),
  referenceCode: z.string(),
  ppa: z.string(),
  description: z.string(),
  expectedResult: z.string(),
  performanceIndicator: z.string(),
  startMonth: z.number().int().nullable(),
  endMonth: z.number().int().nullable(),
  responsible: z.string(),
  ps: z.number(),
  mooe: z.number(),
  co: z.number(),
  training: z.boolean(),
  projectId: z.number().int().nullable(),
  /** The objects named for the line; empty when it is not itemised. */
  objects: z.array(SavedLineObjectSchema),
  /** False when the line has amounts but names no objects (charged to the residual objects). */
  itemised: z.boolean(),
});
export type SavedPlanLine = z.infer<typeof SavedLineSchema>;

export const SignatoriesSchema = z.object({
  secretary: z.string(),
  treasurer: z.string(),
  chairperson: z.string(),
});
export type Signatories = z.infer<typeof SignatoriesSchema>;

export const BudgetPlanSchema = z.object({
  id: z.number().int(),
  barangay: z.object({ code: z.string(), name: z.string() }),
  year: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** Optimistic concurrency: a save carries the version it started from. */
  version: z.number().int(),
  kind: z.enum(PLAN_KINDS),
  /** 0 for the original; 1, 2... for each later version of the year. */
  amendment: z.number().int(),
  /** The approved plan this version changes (null for the original). */
  basePlanId: z.number().int().nullable(),
  receipts: z.object({
    tenPercentShare: z.number(),
    certifiedOn: z.string().nullable(),
    certifiedBy: z.string(),
    noticeOn: z.string().nullable(),
    noticeBy: z.string(),
    otherReceipts: z.array(
      z.object({ label: z.string(), amount: z.number(), kind: z.enum(OTHER_RECEIPT_KINDS) }),
    ),
  }),
  lines: z.array(SavedLineSchema),
  honoraria: z.array(
    z.object({
      position: z.enum(HONORARIA_POSITIONS),
      name: z.string(),
      monthlyRate: z.number(),
      months: z.number().int(),
      vacant: z.boolean(),
    }),
  ),
  totals: PlanTotalsSchema,
  checks: z.array(PlanCheckSchema),
  /**
   * The rule values in force for the plan's year, and the first row of a rule not yet in force
   * (`rulesForYear`), so the browser checks as the user types and as the server does.
   */
  rules: z.array(PlanRuleSchema),
  forecasts: z.array(PlanForecastSchema),
  projects: z.array(PlanProjectSchema),
  /** The CBYDP covering the plan's year and its PPAs of the year; null when none does. */
  cbydp: PlanCbydpSchema.nullable(),
  signatories: SignatoriesSchema,
  approval: z
    .object({
      resolutionNumber: z.string(),
      approvedOn: z.string(),
      approvedBy: z.string(),
      hasResolutionFile: z.boolean(),
    })
    .nullable(),
  postedAt: z.string().nullable(),
  /** Differences from the base plan (null for the original). */
  changes: z.array(PlanChangeSchema).nullable(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type BudgetPlan = z.infer<typeof BudgetPlanSchema>;

export const PlanSummarySchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  version: z.number().int(),
  kind: z.enum(PLAN_KINDS),
  amendment: z.number().int(),
  receipts: z.number(),
  appropriations: z.number(),
  failing: z.number().int(),
  updatedAt: z.string(),
});
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

export const PlanIdParamsSchema = z.object({ id: rowIdSchema });
export const PlanListQuerySchema = z.object({
  year: z.coerce
    .number()
    .int('year must be a whole number')
    .min(PLAN_MIN_YEAR)
    .max(PLAN_MAX_YEAR)
    .optional(),
});
export const PLAN_DOCUMENTS = ['abyip', 'annual-budget'] as const;
export type PlanDocument = (typeof PLAN_DOCUMENTS)[number];
export const PLAN_DOCUMENT_FORMATS = ['xlsx', 'pdf'] as const;
export type PlanDocumentFormat = (typeof PLAN_DOCUMENT_FORMATS)[number];
export const PlanDocumentQuerySchema = z.object({
  format: z.enum(PLAN_DOCUMENT_FORMATS, { error: "format must be 'xlsx' or 'pdf'" }),
});
