import { z } from 'zod';
import { isoDate } from './budget-plans.ts';
import { isSafeText, rowIdSchema, unsafeTextMessage } from './common.ts';
import { defineEndpoint } from './endpoints.ts';

/**
 * The officials of a new council: the city imports the proclaimed SK chairpersons and members
 * (a .csv or .xlsx, or one by hand) before the term starts; each gets an account in the new term
 * and a one-time link by e-mail to set a password. The chairperson invites more members (the
 * appointed secretary and treasurer are SK officials too) the same way. Then each official's
 * requirements before assuming office are recorded, and the city verifies them.
 */

/** The positions an import names, with the words accepted for each (lower case). */
export const OFFICIAL_POSITIONS = {
  SKC: ['sk chairperson', 'chairperson', 'sk chairman', 'chairman', 'chair', 'skc', 'tagapangulo'],
  SKO: ['sk member', 'member', 'sk kagawad', 'kagawad', 'sk official', 'skk', 'sko', 'kasapi'],
} as const;
export type OfficialPosition = keyof typeof OFFICIAL_POSITIONS;

/** The position a cell names, or null. */
export function officialPosition(text: string): OfficialPosition | null {
  const key = text.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const code of ['SKC', 'SKO'] as const) {
    if ((OFFICIAL_POSITIONS[code] as readonly string[]).includes(key)) {
      return code;
    }
  }
  return null;
}

/**
 * The elected SK: a chairperson and seven members (RA 10742 s. 6; the Act's text as reproduced
 * by its implementing rules, not the Official Gazette's). `confirmed` false.
 */
export const SK_COUNCIL_SIZE = {
  chair: 1,
  members: 7,
  source: 'RA 10742 s. 6 (SK composed of a chairperson and seven members)',
  confirmed: false,
} as const;

/** The import's columns: the header texts accepted for each (lower case, letters only). */
export const OFFICIALS_COLUMNS = {
  barangay: ['barangay', 'barangaycode', 'psgc', 'psgccode'],
  position: ['position', 'posisyon'],
  name: ['name', 'fullname', 'pangalan'],
  email: ['email', 'emailaddress'],
  mobile: ['mobile', 'mobilenumber', 'phone', 'phonenumber', 'contactnumber', 'cellphone'],
} as const;
export type OfficialsColumn = keyof typeof OFFICIALS_COLUMNS;

/** Why a row of an import is refused; the web says each in the reader's language. */
export const OFFICIALS_ROW_ERRORS = [
  'missing-column',
  'barangay-required',
  'barangay-unknown',
  'barangay-not-served',
  'position-invalid',
  'name-required',
  'name-invalid',
  'email-required',
  'email-invalid',
  'email-duplicate-file',
  'email-taken',
  'already-in',
  'mobile-invalid',
  'chair-twice',
  'too-many-rows',
  'empty-file',
] as const;
export type OfficialsRowError = (typeof OFFICIALS_ROW_ERRORS)[number];

export const OfficialsRowErrorSchema = z.object({
  /** The file's row (the header is row 1); 0 for the file as a whole. */
  row: z.number().int(),
  column: z.enum(['barangay', 'position', 'name', 'email', 'mobile', 'file']),
  error: z.enum(OFFICIALS_ROW_ERRORS),
  /** In English; the web shows `error` in the reader's language. */
  message: z.string(),
});
export type OfficialsRowErrorItem = z.infer<typeof OfficialsRowErrorSchema>;

/** The most rows one import takes (142 barangays of eight officials, and room). */
export const OFFICIALS_MAX_ROWS = 3000;

export const OFFICIALS_MESSAGES = {
  forbidden:
    'Only the city administrator or the youth development officer imports the officials of a new council.',
  rowsInvalid: (n: number) =>
    `${String(n)} ${n === 1 ? 'problem' : 'problems'} in the file: nothing was imported. Correct the rows and import the file again.`,
  imported: (n: number, mailed: number) =>
    `${String(n)} ${n === 1 ? 'official' : 'officials'} added to the new term; ${String(mailed)} ${mailed === 1 ? 'link' : 'links'} to set a password e-mailed.`,
  format: 'Import a .csv or .xlsx file with the columns barangay, position, name, e-mail, mobile.',
  fileRequired: 'Choose the file of officials to import.',
  noTerm: 'There is no SK term after this one to add officials to.',
  inviteForbidden: 'Only the SK chairperson of the new term invites its members.',
  requirementForbidden:
    'Only the official, the SK chairperson, or the city records this requirement.',
  verifyForbidden: 'Only the city administrator or the youth development officer verifies.',
  officialNotFound: 'There is no such official of the new term in this barangay.',
  requirementSaved: 'The requirement is recorded.',
  requirementCleared: 'The requirement is cleared.',
  verified: 'The requirement is marked verified.',
  unverified: 'The requirement is no longer marked verified.',
  notRecorded: 'Record the requirement (date and reference) before verifying it.',
  rows: {
    'missing-column': 'The file has no such column.',
    'barangay-required': 'The barangay is required.',
    'barangay-unknown': 'There is no barangay by that name or PSGC code.',
    'barangay-not-served': 'That barangay is not one of your city’s.',
    'position-invalid': 'The position is SK chairperson or SK member (kagawad).',
    'name-required': 'The name is required.',
    'name-invalid': 'The name is too long or holds characters that are not allowed.',
    'email-required': 'An e-mail address is required: the link to set a password goes by e-mail.',
    'email-invalid': 'The e-mail address is not valid, or not at an allowed domain.',
    'email-duplicate-file': 'The same e-mail address is on another row of the file.',
    'email-taken': 'An account already has this e-mail address.',
    'already-in': 'This official is already in the new term (imported before).',
    'mobile-invalid': 'The mobile number is 09XXXXXXXXX or +639XXXXXXXXX.',
    'chair-twice':
      'The barangay already has a chairperson for the new term (or twice in the file).',
    'too-many-rows': `At most ${String(OFFICIALS_MAX_ROWS)} rows in one file.`,
    'empty-file': 'The file has no rows of officials.',
  } satisfies Record<OfficialsRowError, string>,
} as const;

export const OfficialsImportResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  term: z.object({ startsOn: z.string(), endsOn: z.string() }),
  created: z.number().int(),
  chairs: z.number().int(),
  members: z.number().int(),
  mailed: z.number().int(),
});
export type OfficialsImportResult = z.infer<typeof OfficialsImportResultSchema>;

export const OfficialsImportErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.literal('OFFICIALS_ROWS_INVALID'),
  errors: z.array(OfficialsRowErrorSchema),
});
export type OfficialsImportError = z.infer<typeof OfficialsImportErrorSchema>;

const nameText = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters')
  .refine(isSafeText, unsafeTextMessage('Name'));

/** One official by hand (the city), the same checks as a row of the file. */
export const OfficialInputSchema = z.object({
  barangay: z.string().trim().max(100).default(''),
  position: z.string().trim().max(40).default(''),
  name: z.string().trim().max(200).default(''),
  email: z.string().trim().max(254).default(''),
  mobile: z.string().trim().max(20).default(''),
  language: z.enum(['en', 'fil']).default('fil'),
});
export type OfficialInput = z.input<typeof OfficialInputSchema>;

/** The chairperson of the new term invites a member (an SK official) of the council. */
export const InviteMemberSchema = z.object({
  name: nameText,
  email: z.string().trim().max(254).default(''),
  mobile: z.string().trim().max(20).default(''),
  language: z.enum(['en', 'fil']).default('fil'),
});
export type InviteMember = z.input<typeof InviteMemberSchema>;

export const CITY_OFFICIALS_IMPORT_PATH = '/api/city/turnover/officials';
export const CITY_OFFICIALS_TEMPLATE_PATH = '/api/city/turnover/officials/template';
export const OFFICIALS_FILE_FIELD = 'file';

export const OfficialsTemplateQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: "format must be 'csv' or 'xlsx'" }).default('xlsx'),
});

export const addOfficialEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/city/turnover/officials/one',
  body: OfficialInputSchema,
  response: OfficialsImportResultSchema,
});

export const inviteMemberEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/turnover/officials',
  body: InviteMemberSchema,
  response: OfficialsImportResultSchema,
});

/**
 * The requirements before an SK official assumes office, as data. Each is recorded with a date
 * and a number or reference, optionally a file; the city marks it verified. `confirmed` false:
 * read in news reports and advisories quoting the issuances, not the issuances' own text.
 */
export const OFFICE_REQUIREMENTS = [
  {
    key: 'proclamation',
    name: 'Certificate of proclamation',
    source:
      'COMELEC certificate of canvass and proclamation; DILG MC No. 2023-166 (assumption of office of the 2023 barangay and SK officials), as reported',
    confirmed: false,
  },
  {
    key: 'oath',
    name: 'Oath of office',
    source:
      'RA 7160 (Local Government Code) s. 92: elective local officials take an oath of office upon assumption; DILG MC No. 2023-166, as reported',
    confirmed: false,
  },
  {
    key: 'soce',
    name: 'Statement of election contributions and expenditures (SOCE) filed',
    source:
      'RA 7166 s. 14: no person elected shall enter upon the duties of the office until the statement is filed; COMELEC Resolution No. 10924 (2023 BSKE), as reported',
    confirmed: false,
  },
  {
    key: 'training',
    name: 'Certificate of the SK mandatory training',
    source:
      'RA 10742 s. 27, as amended by RA 11768: any SK official, elected or appointed, must undergo the mandatory training before assuming office (NYC advisory after G.R. Nos. 263590 and 263673, 2023); the amended text not read',
    confirmed: false,
  },
] as const;
export type OfficeRequirementKey = (typeof OFFICE_REQUIREMENTS)[number]['key'];
export const OFFICE_REQUIREMENT_KEYS = OFFICE_REQUIREMENTS.map((r) => r.key) as [
  OfficeRequirementKey,
  ...OfficeRequirementKey[],
];

export const RequirementStateSchema = z.object({
  key: z.enum(OFFICE_REQUIREMENT_KEYS),
  doneOn: z.string().nullable(),
  reference: z.string().nullable(),
  fileName: z.string().nullable(),
  recordedBy: z.string().nullable(),
  verifiedOn: z.string().nullable(),
  verifiedBy: z.string().nullable(),
});
export type RequirementState = z.infer<typeof RequirementStateSchema>;

export const NewOfficialSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  position: z.enum(['SKC', 'SKO']),
  /** The account's password is set (its link used). */
  signedIn: z.boolean(),
  requirements: z.array(RequirementStateSchema),
  done: z.number().int(),
});
export type NewOfficial = z.infer<typeof NewOfficialSchema>;

export const OfficialsRequirementsSchema = z.object({
  barangay: z.object({ code: z.string(), name: z.string() }),
  term: z.object({ startsOn: z.string(), endsOn: z.string() }).nullable(),
  officials: z.array(NewOfficialSchema),
  requirements: z.array(
    z.object({
      key: z.enum(OFFICE_REQUIREMENT_KEYS),
      name: z.string(),
      source: z.string(),
      confirmed: z.boolean(),
    }),
  ),
  /** Which officials the caller may record for (ids), and whether the caller verifies. */
  canRecordFor: z.array(z.number().int()),
  canVerify: z.boolean(),
  done: z.number().int(),
  total: z.number().int(),
});
export type OfficialsRequirements = z.infer<typeof OfficialsRequirementsSchema>;

export const RequirementParamsSchema = z.object({
  userId: rowIdSchema,
  requirement: z.enum(OFFICE_REQUIREMENT_KEYS, { error: 'There is no such requirement.' }),
});
export const CityRequirementParamsSchema = RequirementParamsSchema.extend({
  barangayCode: z.string().min(1).max(40),
});

/** Recorded (a date and a reference) or cleared (both null). */
export const RequirementInputSchema = z.object({
  doneOn: isoDate('Date').nullable(),
  reference: z
    .string({ error: 'Reference must be text' })
    .trim()
    .max(100, 'Reference must be at most 100 characters')
    .refine(isSafeText, unsafeTextMessage('Reference'))
    .nullable()
    .default(null),
});
export const RequirementVerifyInputSchema = z.object({ verified: z.boolean() });

const requirementsAnswer = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  requirements: OfficialsRequirementsSchema,
});

export const requirementsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/turnover/requirements',
  response: requirementsAnswer,
});
export const recordRequirementEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/turnover/requirements/:userId/:requirement',
  body: RequirementInputSchema,
  response: requirementsAnswer,
});
export const cityRequirementsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/turnover/:barangayCode/requirements',
  response: requirementsAnswer,
});
export const cityRecordRequirementEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/city/turnover/:barangayCode/requirements/:userId/:requirement',
  body: RequirementInputSchema,
  response: requirementsAnswer,
});
export const cityVerifyRequirementEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/city/turnover/:barangayCode/requirements/:userId/:requirement/verified',
  body: RequirementVerifyInputSchema,
  response: requirementsAnswer,
});
