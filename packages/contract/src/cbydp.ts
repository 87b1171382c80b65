import { z } from 'zod';
import { calendarDate, isCalendarDate } from './calendar-date.ts';
import { isSafeText, requiredText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import {
  PLAN_MAX_AMOUNT,
  PLAN_MAX_YEAR,
  PLAN_MIN_YEAR,
  PYDP_CENTRES,
} from './budget-plan-terms.ts';
import type { PlanRule } from './budget-plan-rules.ts';
import { manilaParts } from './manila-time.ts';

/**
 * The Comprehensive Barangay Youth Development Plan (CBYDP). RA 10742 s. 8(a)
 * as amended by RA 11768 s. 1 (2022), text read: the SK shall, "in consultation and with the
 * concurrence of the Katipunan ng Kabataan, and within three (3) months from their assumption to
 * office, formulate a three (3)-year rolling plan ... the Comprehensive Barangay Youth Development
 * Plan, which shall serve as basis in the preparation of the Annual Barangay Youth Investment
 * Program", aligned with the Philippine Youth Development Plan. The form's parts follow the NYC's
 * planning guidelines (NYC Resolution No. 46, Administrative Series of 2019, transmitted by DILG
 * MC No. 2019-151 of 10 September 2019): per centre of participation, the youth development
 * concerns, objectives, performance indicators, targets, programs, projects and activities (PPAs),
 * budget and person or committee responsible. The three-month limit lives in the rules table
 * (rule `cbydp-due-months`), not here.
 */

export const CBYDP_YEARS = 3;
export const CBYDP_STATUSES = ['draft', 'approved'] as const;
export type CbydpStatus = (typeof CBYDP_STATUSES)[number];
export const CBYDP_MAX_ROWS = 200;
export const CBYDP_TEXT_MAX = {
  concern: 1000,
  objective: 1000,
  indicator: 500,
  target: 300,
  ppas: 1000,
  responsible: 200,
} as const;

/** The planning guidelines the form follows. */
export const CBYDP_FORM_SOURCE =
  'NYC Resolution No. 46, Administrative Series of 2019 (DILG MC No. 2019-151): CBYDP form';

export const CBYDP_MESSAGES = {
  created: (period: string) => `Draft CBYDP ${period} created.`,
  saved: 'CBYDP saved.',
  approved: 'CBYDP approved.',
  notFound: 'CBYDP not found.',
  forbidden: 'Only the SK chairperson and SK officials prepare the CBYDP.',
  chairOnly: 'Only the SK chairperson records the approval of the CBYDP.',
  exists: (period: string) => `A CBYDP starting ${period} already exists.`,
  notDraft: 'Only a draft CBYDP can be changed or approved.',
  stale: 'Someone else saved this CBYDP since you opened it. Reload it and try again.',
  noRows: 'A CBYDP needs at least one row before it is approved.',
  incompleteRows: (rows: number[]) =>
    `Rows without a concern, an objective or a PPA: ${rows.map((r) => `row ${r}`).join(', ')}.`,
  assemblyNotFound: 'The KK assembly named is not an assembly of this barangay.',
  assemblyAfterApproval:
    "The KK assembly's concurrence must come on or before the date of the SK resolution.",
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .default('');

const budget = z
  .number({ error: 'Budget must be a number' })
  .min(0, 'Budget must not be negative')
  .max(PLAN_MAX_AMOUNT, 'Budget is too large')
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'Budget must have at most two decimals (centavos)',
  );

export const CbydpRowSchema = z.object({
  centre: z.enum(PYDP_CENTRES, { error: 'Centre must be a PYDP centre of participation' }),
  concern: text('Youth development concern', CBYDP_TEXT_MAX.concern),
  objective: text('Objective', CBYDP_TEXT_MAX.objective),
  indicator: text('Performance indicator', CBYDP_TEXT_MAX.indicator),
  /** The target of each of the three years, in order. */
  targets: z.tuple([
    text('Target', CBYDP_TEXT_MAX.target),
    text('Target', CBYDP_TEXT_MAX.target),
    text('Target', CBYDP_TEXT_MAX.target),
  ]),
  ppas: text('PPAs', CBYDP_TEXT_MAX.ppas),
  /** The budget of each of the three years, in pesos. */
  budgets: z.tuple([budget, budget, budget]),
  responsible: text('Person or committee responsible', CBYDP_TEXT_MAX.responsible),
});
export type CbydpRow = z.infer<typeof CbydpRowSchema>;
export type CbydpRowInput = z.input<typeof CbydpRowSchema>;

const startYear = z
  .number({ error: 'The first year is required' })
  .int('The first year must be a whole number')
  .min(PLAN_MIN_YEAR, `The first year must be ${PLAN_MIN_YEAR} or later`)
  .max(PLAN_MAX_YEAR - 2, `The first year must be ${PLAN_MAX_YEAR - 2} or earlier`);

export const CreateCbydpRequestSchema = z.object({
  startYear,
  /** When the SK officials assumed office: the three months run from it. */
  officeAssumedOn: calendarDate('Date the SK officials assumed office'),
});
export type CreateCbydpRequest = z.input<typeof CreateCbydpRequestSchema>;

export const SaveCbydpRequestSchema = z.object({
  version: z.number({ error: 'version is required' }).int().min(1),
  officeAssumedOn: calendarDate('Date the SK officials assumed office'),
  rows: z.array(CbydpRowSchema).max(CBYDP_MAX_ROWS, `At most ${CBYDP_MAX_ROWS} rows`),
});
export type SaveCbydpRequest = z.input<typeof SaveCbydpRequestSchema>;

export const ApproveCbydpRequestSchema = z.object({
  resolutionNumber: requiredText('Resolution number', 100),
  approvedOn: calendarDate('Date of the SK resolution'),
  /** The KK assembly that concurred. */
  assemblyId: z.number({ error: 'Choose the KK assembly that concurred' }).int().positive(),
});
export type ApproveCbydpRequest = z.input<typeof ApproveCbydpRequestSchema>;

/**
 * Where the CBYDP stands against its due date: approved on or before it (`on-time`) or after
 * (`late`); not approved and the Manila date on or before it (`due`) or after (`overdue`);
 * `rule-missing` when the rules table has no due-date rule for the year the SK took office (a
 * warning, never a pass).
 */
export const CBYDP_DUE_STATES = ['on-time', 'late', 'due', 'overdue', 'rule-missing'] as const;
export type CbydpDueState = (typeof CBYDP_DUE_STATES)[number];

export const CbydpDueSchema = z.object({
  state: z.enum(CBYDP_DUE_STATES),
  dueOn: z.string().nullable(),
  months: z.number().nullable(),
  source: z.string().nullable(),
});
export type CbydpDue = z.infer<typeof CbydpDueSchema>;

export const CbydpSchema = z.object({
  id: z.number().int(),
  startYear: z.number().int(),
  endYear: z.number().int(),
  /** '2026-2028'. */
  period: z.string(),
  status: z.enum(CBYDP_STATUSES),
  version: z.number().int(),
  officeAssumedOn: z.string(),
  rows: z.array(CbydpRowSchema),
  /** Budget of each year over every row. */
  totals: z.tuple([z.number(), z.number(), z.number()]),
  due: CbydpDueSchema,
  approval: z
    .object({
      resolutionNumber: z.string(),
      approvedOn: z.string(),
      approvedBy: z.string(),
      assembly: z.object({
        id: z.number().int(),
        heldOn: z.string(),
        attendance: z.number().int(),
      }),
    })
    .nullable(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type Cbydp = z.infer<typeof CbydpSchema>;

export const CbydpSummarySchema = CbydpSchema.pick({
  id: true,
  startYear: true,
  endYear: true,
  period: true,
  status: true,
  due: true,
  totals: true,
  updatedAt: true,
});
export type CbydpSummary = z.infer<typeof CbydpSummarySchema>;

export const CbydpIdParamsSchema = z.object({ id: rowIdSchema });
export const CBYDP_DOCUMENT_FORMATS = ['xlsx', 'pdf'] as const;
export const CbydpDocumentQuerySchema = z.object({
  format: z.enum(CBYDP_DOCUMENT_FORMATS, { error: "format must be 'xlsx' or 'pdf'" }),
});

const cbydpAnswer = z.object({ success: z.literal(true), message: z.string(), cbydp: CbydpSchema });
export const listCbydpEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/cbydp',
  response: z.object({ success: z.literal(true), plans: z.array(CbydpSummarySchema) }),
});
export const createCbydpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/cbydp',
  body: CreateCbydpRequestSchema,
  response: cbydpAnswer,
});
export const getCbydpEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/cbydp/:id',
  response: z.object({ success: z.literal(true), cbydp: CbydpSchema }),
});
export const saveCbydpEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/cbydp/:id',
  body: SaveCbydpRequestSchema,
  response: cbydpAnswer,
});
export const approveCbydpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/cbydp/:id/approve',
  body: ApproveCbydpRequestSchema,
  response: cbydpAnswer,
});
/** `?format=xlsx|pdf`: the CBYDP in the NYC form's layout (a download). */
export const CBYDP_DOCUMENT_PATH = '/api/cbydp/:id/document';

export const cbydpPeriod = (startYear: number) =>
  `${String(startYear)}-${String(startYear + CBYDP_YEARS - 1)}`;

/** 'YYYY-MM-DD' plus `months` calendar months, the day kept (or the month's last day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's date in Manila, 'YYYY-MM-DD'. */
export function manilaToday(now: Date): string {
  const { year, month, day } = manilaParts(now);
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The CBYDP's due date and where it stands: the rule `cbydp-due-months` in force for the year the
 * SK assumed office (rules table), counted from `officeAssumedOn`; the last day included. `now`
 * is read as a Manila date.
 */
export function cbydpDue(
  rules: readonly PlanRule[],
  officeAssumedOn: string,
  approvedOn: string | null,
  now: Date,
): CbydpDue {
  if (!isCalendarDate(officeAssumedOn)) {
    return { state: 'rule-missing', dueOn: null, months: null, source: null };
  }
  const year = Number(officeAssumedOn.slice(0, 4));
  // The row in force: the latest effective year on or before the year of assumption.
  const rule = rules
    .filter((r) => r.rule === 'cbydp-due-months' && r.effectiveYear <= year)
    .sort((a, b) => b.effectiveYear - a.effectiveYear)[0];
  if (!rule) {
    return { state: 'rule-missing', dueOn: null, months: null, source: null };
  }
  const dueOn = addMonths(officeAssumedOn, Math.round(rule.value));
  const base = { dueOn, months: rule.value, source: rule.source };
  if (approvedOn) {
    return { ...base, state: approvedOn <= dueOn ? 'on-time' : 'late' };
  }
  return { ...base, state: manilaToday(now) <= dueOn ? 'due' : 'overdue' };
}

/**
 * What a budget plan's checks and pre-fill know of the CBYDP covering its year: the approved one
 * (or else a draft) whose three years hold it, and its PPAs of that year (each with its row's
 * centre, budget of the year and texts for the pre-fill). Null: no CBYDP covers the year.
 */
export const PlanCbydpSchema = z.object({
  id: z.number().int(),
  period: z.string(),
  status: z.enum(CBYDP_STATUSES),
  ppas: z.array(
    z.object({
      centre: z.enum(PYDP_CENTRES),
      ppa: z.string(),
      budget: z.number(),
      objective: z.string(),
      indicator: z.string(),
      target: z.string(),
      responsible: z.string(),
    }),
  ),
});
export type PlanCbydp = z.infer<typeof PlanCbydpSchema>;

/** Rows of a year (0, 1 or 2 of the plan): a budget or a target for it. */
export const cbydpRowInYear = (row: CbydpRow, index: number) =>
  (row.budgets[index] ?? 0) > 0 || (row.targets[index] ?? '').trim() !== '';

/** Each line of a row's PPAs text: a row may list several. */
export const cbydpPpaItems = (ppas: string) =>
  ppas
    .split(/\r?\n/)
    .map((p) => p.replace(/^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+/, '').trim())
    .filter((p) => p !== '');

/** The plan-facing view of a CBYDP for `year` (one PPA item per line of a row's PPAs text). */
export function planCbydpOf(
  cbydp: { id: number; startYear: number; status: CbydpStatus; rows: readonly CbydpRow[] },
  year: number,
): PlanCbydp {
  const index = year - cbydp.startYear;
  const ppas: PlanCbydp['ppas'] = [];
  for (const row of cbydp.rows) {
    if (index < 0 || index >= CBYDP_YEARS || !cbydpRowInYear(row, index)) {
      continue;
    }
    const items = cbydpPpaItems(row.ppas);
    // A row's budget of the year goes to its first PPA when it lists several.
    items.forEach((ppa, i) =>
      ppas.push({
        centre: row.centre,
        ppa,
        budget: i === 0 ? (row.budgets[index] ?? 0) : 0,
        objective: row.objective,
        indicator: row.indicator,
        target: row.targets[index] ?? '',
        responsible: row.responsible,
      }),
    );
  }
  return { id: cbydp.id, period: cbydpPeriod(cbydp.startYear), status: cbydp.status, ppas };
}

/** Two PPA names are the same one: case, spacing and surrounding blanks aside. */
export const samePpa = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
