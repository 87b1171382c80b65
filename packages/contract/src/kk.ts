import { z } from 'zod';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { calendarDate } from './calendar-date.ts';
import { BarangayCodeSchema } from './barangay-code.ts';
import { defineEndpoint } from './endpoints.ts';
import { KkPublicWindowQuerySchema, KkPublicWindowStateSchema } from './kk-windows.ts';
import {
  KK_AGE_GROUPS,
  KK_CIVIL_STATUSES,
  KK_CLASSIFICATIONS,
  KK_EDUCATION,
  KK_SEXES,
  KK_SPECIFIC_NEEDS,
  KK_WORK_STATUSES,
} from './kk-stats.ts';

/**
 * The Katipunan ng Kabataan youth registry: the fields of the youth
 * database of DILG MC No. 2022-033 (its Annex 4 template), kept under RA 10173 (the Data Privacy
 * Act of 2012) and the National Privacy Commission's rules: personal fields are encrypted at rest
 * on the server, read and exported only by the SK chairperson and the officer the chairperson
 * designates to the SK secretary's duty, and every read and export is audited with its reason.
 */

export const KK_MESSAGES = {
  saved: 'Profile saved.',
  removed: 'Profile removed.',
  verified: 'Profile verified: it is now in the registry.',
  submitted:
    'Thank you. Your profile was received and waits for the SK secretary to verify it before it joins the registry.',
  secretarySaved: 'SK secretary designated.',
  secretaryCleared: 'SK secretary designation removed.',
  notFound: 'Profile not found.',
  notSecretary:
    'Only the SK chairperson and the officer designated to the SK secretary’s duty can see or change personal data of the youth registry.',
  designateForbidden: 'Only the SK chairperson can designate the SK secretary.',
  secretaryInvalid: 'The SK secretary must be an active SK official account of this barangay.',
  duplicate: 'A profile with the same name and birthday is already in the registry.',
  duplicateOf: (id: number) =>
    `A profile with the same name and birthday is already in the registry: profile #${String(id)}. Remove one of the two, or correct it, before verifying.`,
  ageOutside: 'The Katipunan ng Kabataan is for those 15 to 30 years old (RA 10742 s. 4).',
  guardianConsent:
    'Those under 18 need the consent of a parent or guardian (DILG MC 2022-033): tick the guardian’s consent and give the guardian’s name.',
  duplicateInFile: 'Same name and birthday as an earlier row of the file.',
  importBad: (bad: number) =>
    `${bad} row(s) have problems; nothing was saved. Correct them, or import again choosing to skip the bad rows.`,
  imported: (saved: number, skipped: number) =>
    `${saved} profile(s) imported${skipped > 0 ? `, ${skipped} bad row(s) skipped` : ''}.`,
  importFormat: 'The file must be the Annex 4 template as .xlsx or .csv.',
  importHeaders: (missing: string) => `The file's header row lacks the column(s): ${missing}.`,
  importEmpty: 'The file has no profile rows.',
  keyUnavailable:
    'The youth registry’s encryption key is not configured (KK_DATA_KEY or KK_DATA_KEY_FILE). Ask the installer to set it.',
  keyMismatch:
    'The youth registry cannot be read with the configured key: restore the key file that belongs with this data.',
  reasonRequired: 'Say why you are opening personal data (at least 5 characters).',
  accessOpened: (minutes: number) =>
    `The youth registry's personal data are open to you for ${String(minutes)} minutes.`,
  accessRequired:
    'Open the youth registry with a reason first (POST /api/kk/access), or send the reason in the X-Access-Reason header.',
  reasonInUrl:
    'A reason never goes in the address: open the registry with POST /api/kk/access (or the X-Access-Reason header) to read, and send the reason in the JSON body of a change, removal or export.',
} as const;

/**
 * How long an access grant (`POST /api/kk/access`) lets its session read personal data: reads
 * after it need a new reason.
 */
export const KK_ACCESS_MINUTES = 30;

/** The header an API client may send the reason of one read in instead of opening a grant. */
export const KK_ACCESS_REASON_HEADER = 'x-access-reason';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label))
    .default('');

/** Why personal data is opened or exported (RA 10173 s. 11: processing for a declared purpose). */
export const KkReasonSchema = z
  .string({ error: KK_MESSAGES.reasonRequired })
  .trim()
  .min(5, KK_MESSAGES.reasonRequired)
  .max(300, 'The reason must be at most 300 characters')
  .refine(isSafeText, unsafeTextMessage('Reason'));

/** A body that only says why: opening the registry, a verification, a removal. */
export const KkReasonInputSchema = z.object({ reason: KkReasonSchema });

/** Philippine mobile (09XXXXXXXXX or +639XXXXXXXXX) or landline digits; empty allowed. */
const contactNumber = z
  .string({ error: 'Contact number must be text' })
  .trim()
  .max(20, 'Contact number must be at most 20 characters')
  .regex(/^(\+?[0-9][0-9 -]{6,18})?$/, 'Contact number must be digits (for example 09171234567)')
  .default('');

const email = z
  .string({ error: 'E-mail must be text' })
  .trim()
  .max(200, 'E-mail must be at most 200 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'E-mail is not a valid address')
  .default('');

const yesNo = (label: string) => z.boolean({ error: `${label} must be yes or no` });

/**
 * One answer of a list: nothing is chosen for the person (the forms start empty), so a missing
 * or empty answer is asked for by its name; an answer not in the list gets `wrong`.
 */
const choice = <T extends readonly [string, ...string[]]>(
  values: T,
  label: string,
  choose: string,
  wrong: string,
) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required: choose ${choose}.`
        : wrong,
  });

/** The fields of one youth's profile (Annex 4 of DILG MC 2022-033 as the spec lists them). */
export const KkProfileFieldsSchema = z.object({
  lastName: text('Last name', 100),
  firstName: text('First name', 100),
  middleName: optionalText('Middle name', 100),
  suffix: optionalText('Suffix', 20),
  birthday: calendarDate('Birthday'),
  sexAtBirth: choice(
    KK_SEXES,
    'Sex assigned at birth',
    'Male or Female',
    "Sex assigned at birth must be 'Male' or 'Female'",
  ),
  civilStatus: choice(
    KK_CIVIL_STATUSES,
    'Civil status',
    'one of the list',
    `Civil status must be one of ${KK_CIVIL_STATUSES.join(', ')}`,
  ),
  youthClassification: choice(
    KK_CLASSIFICATIONS,
    'Youth classification',
    'one of the list',
    'Youth classification must be ISY, OSY, NEET, WY or YSN',
  ),
  /** For YSN: the kind of specific needs. */
  specificNeeds: z
    .enum(KK_SPECIFIC_NEEDS, { error: 'Specific needs must be PWD, CICL or IP' })
    .nullable()
    .default(null),
  email,
  contactNumber,
  /** Purok or sitio, street. */
  homeAddress: text('Home address (purok/sitio)', 200),
  education: choice(
    KK_EDUCATION,
    'Highest educational attainment',
    'one of the list',
    'Highest educational attainment is not in the list',
  ),
  workStatus: choice(
    KK_WORK_STATUSES,
    'Work status',
    'one of the list',
    'Work status is not in the list',
  ),
  skVoter: yesNo('Registered SK voter'),
  nationalVoter: yesNo('Registered national voter'),
  votedLastElection: yesNo('Voted in the last SK election'),
  /** KK assemblies attended (how many; 0 for none). */
  assembliesAttended: z
    .number({ error: 'Assemblies attended must be a number' })
    .int('Assemblies attended must be a whole number')
    .min(0, 'Assemblies attended cannot be negative')
    .max(99, 'Assemblies attended must be at most 99'),
});
export type KkProfileFields = z.infer<typeof KkProfileFieldsSchema>;
export type KkProfileFieldsInput = z.input<typeof KkProfileFieldsSchema>;

/** `POST /api/kk/profiles` and `PUT /api/kk/profiles/:id` (officers; a change says why). */
export const KkProfileInputSchema = KkProfileFieldsSchema.extend({ reason: KkReasonSchema });
export type KkProfileInput = z.input<typeof KkProfileInputSchema>;

/** `POST /api/public/kk/:barangayCode/profiles`: the self-profiling form. */
export const KkPublicProfileSchema = KkProfileFieldsSchema.extend({
  consent: z.literal(true, { error: 'The consent to the privacy notice is required' }),
  guardianConsent: z.boolean().default(false),
  guardianName: optionalText('Parent or guardian’s name', 200),
  /** The hidden trap field: people leave it empty. */
  website: z.string().max(500).default(''),
});
export type KkPublicProfileInput = z.input<typeof KkPublicProfileSchema>;

export const KK_STATUSES = ['pending', 'verified'] as const;
export const KK_SOURCES = ['encoded', 'import', 'public'] as const;

export const KkProfileSchema = KkProfileFieldsSchema.extend({
  id: z.number().int(),
  age: z.number().int(),
  ageGroup: z.enum(KK_AGE_GROUPS).nullable(),
  status: z.enum(KK_STATUSES),
  source: z.enum(KK_SOURCES),
  guardianConsent: z.boolean(),
  /** Older than 30 today: to be removed from the registry. */
  pastThirty: z.boolean(),
  /** Another profile has the same name and birthday. */
  duplicate: z.boolean(),
  updatedAt: z.string(),
});
export type KkProfile = z.infer<typeof KkProfileSchema>;

export const KkIdParamsSchema = z.object({ id: rowIdSchema });

/**
 * `POST /api/kk/access`: opens the registry's personal data to the caller's session for
 * KK_ACCESS_MINUTES, audited with the reason; the reads that follow are audited with it.
 */
export const kkAccessEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/kk/access',
  body: KkReasonInputSchema,
  response: z.object({ success: z.literal(true), message: z.string(), expiresAt: z.string() }),
});

export const kkProfilesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/profiles',
  response: z.object({ success: z.literal(true), profiles: z.array(KkProfileSchema) }),
});
export const kkProfileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/profiles/:id',
  response: z.object({ success: z.literal(true), profile: KkProfileSchema }),
});
export const kkAddEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/kk/profiles',
  body: KkProfileInputSchema,
  response: z.object({ success: z.literal(true), message: z.string(), profile: KkProfileSchema }),
});
export const kkUpdateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/kk/profiles/:id',
  body: KkProfileInputSchema,
  response: kkAddEndpoint.response,
});
export const KkVerifyInputSchema = KkReasonInputSchema;
export const kkVerifyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/kk/profiles/:id/verify',
  body: KkVerifyInputSchema,
  response: kkAddEndpoint.response,
});
export const kkRemoveEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/kk/profiles/:id',
  body: KkReasonInputSchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

/**
 * What is wrong with an imported row, for a screen to say in its own language (`reason` is the
 * English text): a value the schema refuses (in `column`), an age outside the KK's, or the same
 * name and birthday as a registry profile or an earlier row of the file.
 */
export const KK_IMPORT_PROBLEM_CODES = [
  'INVALID_VALUE',
  'AGE_OUTSIDE',
  'DUPLICATE_IN_REGISTRY',
  'DUPLICATE_IN_FILE',
] as const;

export const KkImportRowProblemSchema = z.object({
  /** The spreadsheet's row number (the header is row 1 of its table). */
  row: z.number().int(),
  reason: z.string(),
  /** Same name and birthday as another row of the file or a registry profile. */
  duplicate: z.boolean(),
  code: z.enum(KK_IMPORT_PROBLEM_CODES),
  /** The Annex 4 header of the column at fault (INVALID_VALUE), else null. */
  column: z.string().nullable(),
});
export type KkImportRowProblem = z.infer<typeof KkImportRowProblemSchema>;

/** `POST /api/kk/import` (multipart `file`, `skipBadRows=true|false`, `reason`). */
export const KK_IMPORT_PATH = '/api/kk/import';
export const KK_IMPORT_FILE_FIELD = 'file';
export const KkImportFieldsSchema = z.object({
  skipBadRows: z.enum(['true', 'false']).default('false'),
  reason: KkReasonSchema.default('Import of the Annex 4 youth database'),
});
export const KkImportResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  code: z.string().optional(),
  rows: z.number().int(),
  saved: z.number().int(),
  problems: z.array(KkImportRowProblemSchema),
});
export type KkImportResult = z.infer<typeof KkImportResultSchema>;

/** `POST /api/kk/export` with `{ format, reason }`: the Annex 4 workbook (a download). */
export const KK_EXPORT_PATH = '/api/kk/export';
export const KkExportInputSchema = z.object({
  format: z.enum(['xlsx'], { error: "format must be 'xlsx'" }).default('xlsx'),
  reason: KkReasonSchema,
});

/**
 * `GET /api/kk/audit`: the registry's audit entries with the reason each one gave, for those who
 * may read personal data (the reasons often name a youth; administrators' audit views show the
 * entries without them).
 */
export const KkAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  username: z.string().nullable(),
  action: z.string(),
  description: z.string(),
  reason: z.string().nullable(),
});
export type KkAuditEntry = z.infer<typeof KkAuditEntrySchema>;
export const kkAuditEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/audit',
  response: z.object({ success: z.literal(true), entries: z.array(KkAuditEntrySchema) }),
});

const counts = z.record(z.string(), z.number().int().nullable());

/** The statistics' tables, each a count per category (the same order on every page and sheet). */
export const KK_STAT_TABLES = [
  'byAgeGroup',
  'bySex',
  'byClassification',
  'byEducation',
  'byWorkStatus',
  'bySkVoter',
  'byNationalVoter',
  'byVotedLastElection',
  'byAssemblyAttendance',
] as const;
export type KkStatTable = (typeof KK_STAT_TABLES)[number];

/** `GET /api/kk/stats`: verified profiles of the caller's barangay, counted. */
export const kkStatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/stats',
  response: z.object({
    success: z.literal(true),
    total: z.number().int(),
    byAgeGroup: counts,
    bySex: counts,
    byClassification: counts,
    byEducation: counts,
    byWorkStatus: counts,
    bySkVoter: counts,
    byNationalVoter: counts,
    byVotedLastElection: counts,
    byAssemblyAttendance: counts,
    /** Submissions waiting for verification (not counted above). */
    pending: z.number().int(),
    /** Verified profiles older than 30 today (flagged for removal; not counted above). */
    pastThirty: z.number().int(),
    /** Whether the figures are protected (outside the barangay: perturbed; see the KK docs). */
    suppressed: z.boolean(),
  }),
});
export type KkStats = z.infer<typeof kkStatsEndpoint.response>;

/**
 * The statistics as a city reads them (a view outside the barangay): every count table and the
 * totals perturbed by the cell key method (the server's features/kk/cell-key.ts); null (a hidden
 * count) is no longer answered but stays allowed for clients of earlier answers.
 */
const shownCount = z.number().int().nullable();

/**
 * `?barangay=CODE` narrows the city's statistics to one of its barangays (code or PSGC);
 * `format=xlsx` answers the workbook.
 */
export const CityKkStatsQuerySchema = z.object({
  barangay: BarangayCodeSchema.optional(),
  format: z.enum(['xlsx'], { error: "format must be 'xlsx'" }).optional(),
});

/**
 * `GET /api/city/kk/stats?barangay=`: the verified profiles of the caller's city (or of one of
 * its barangays) counted like GET /api/kk/stats, small cells always hidden, with the number of
 * verified profiles of each barangay of the city. No personal data.
 */
export const cityKkStatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/kk/stats',
  query: CityKkStatsQuerySchema,
  response: kkStatsEndpoint.response.extend({
    total: shownCount,
    pending: shownCount,
    pastThirty: shownCount,
    suppressed: z.literal(true),
    city: z.object({ code: z.string(), name: z.string() }),
    /** The barangay the statistics are narrowed to; null: the whole city. */
    barangay: z.object({ code: z.string(), name: z.string() }).nullable(),
    /** Every active barangay of the city with its verified KK members (hidden under five). */
    barangays: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        district: z.string().nullable(),
        total: shownCount,
      }),
    ),
  }),
});
export type CityKkStats = z.infer<typeof cityKkStatsEndpoint.response>;

/** `GET /api/city/kk/stats.xlsx?barangay=`: the same tables as a workbook (a download). */
export const CITY_KK_STATS_XLSX_PATH = '/api/city/kk/stats.xlsx';

/** `GET|PUT /api/kk/secretary`: the officer holding the SK secretary's duty. */
export const KkSecretaryInputSchema = z.object({ userId: rowIdSchema.nullable() });
export const kkSecretaryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/secretary',
  response: z.object({
    success: z.literal(true),
    secretary: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
    /** Whether the caller may read and change personal data. */
    canReadPersonal: z.boolean(),
    canDesignate: z.boolean(),
    candidates: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  }),
});
export const kkDesignateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/kk/secretary',
  body: KkSecretaryInputSchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

export const KkPublicParamsSchema = z.object({
  barangayCode: BarangayCodeSchema,
});
export const kkPublicFormEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/kk/:barangayCode',
  query: KkPublicWindowQuerySchema,
  response: z.object({
    success: z.literal(true),
    barangay: z.object({ code: z.string(), name: z.string() }),
    /** With a window's token: whether that assembly window is open now; else null. */
    window: KkPublicWindowStateSchema,
  }),
});
export const kkPublicSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/public/kk/:barangayCode/profiles',
  query: KkPublicWindowQuerySchema,
  body: KkPublicProfileSchema,
  response: z.object({ success: z.literal(true), message: z.string() }),
});

/**
 * GET /api/kk/public-link: the address of the barangay's public self-profiling form
 * (`/kk/<code>`, absolute) and its QR code (SVG), for the council to print and share. Every
 * account of the barangay reads it; no personal data.
 */
export const kkPublicLinkEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/public-link',
  response: z.object({
    success: z.literal(true),
    /** `/kk/<code>`. */
    path: z.string(),
    /** The same, absolute: the installation's PUBLIC_URL, else the address the call came to. */
    url: z.string(),
    /** A QR code of `url`, an SVG document. */
    svg: z.string(),
  }),
});
