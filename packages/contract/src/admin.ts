import { z } from 'zod';
import { isCalendarDate } from './calendar-date.ts';
import { pagingFields, requiredText } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { USERNAME_PATTERN, USERNAME_RULE_MESSAGE } from './password.ts';
import { ROLE_CODES } from './roles.ts';
import { COUNCIL_DUTIES } from './council-duties.ts';

/** Texts of spec part 2 sections 5, 6 and 8 for the administrator screens, word for word. */
export const ADMIN_MESSAGES = {
  fetchUsersFailed: 'Failed to fetch users',
  createFailed: 'Failed to create account',
  accountCreated: 'Account created successfully! An email has been sent with the account details.',
  roleAssigned: 'Role successfully assigned.',
  roleFailed: 'An error occurred while assigning the role',
  userArchived: (name: string) => `User ${name} archived successfully.`,
  accountRestored: 'Account restored successfully!',
  projectArchived: 'Project archived successfully.',
  projectArchiveFailed: 'Failed to archive project.',
  noFile: 'No file associated with this project.',
  fileFailed: 'Could not retrieve the file. Please try again.',
  projectRestored: 'Project restored successfully!',
  projectsEmpty: 'No projects found for your barangay.',
  sessionsFailed: 'Failed to fetch session logs',
  auditFailed: (reason: string) => `Error fetching audit trail: ${reason}`,
  emailRequired: 'Email address is required',
  emailDomain: 'Invalid email domain. Only @gmail.com, @outlook.com, and @yahoo.com are allowed.',
  emailInvalid: 'Please enter a valid email address.',
  notAssigned: 'Not Assigned',
  notAvailable: 'N/A',
  authFailed: 'Authentication failed. Please log in again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  accessDenied: 'Access denied. You do not have permission to view this page.',
  notAuthorized: 'You are not authorized to view this page.',
  // Texts the spec leaves open.
  archiveUserFailed: 'Failed to archive user.',
  restoreAccountFailed: 'Failed to restore account.',
  restoreProjectFailed: 'Failed to restore project.',
  selectRole: 'Please select a role.',
  barangayInvalid: 'Barangay must be San Bartolome or Nagkaisang Ngayon',
  phoneInvalid: 'Phone number must be a Philippine mobile number (09XXXXXXXXX or +639XXXXXXXXX)',
  usernameTaken: 'That username is already taken.',
  emailTaken: 'That email address is already used by another account.',
  otherBarangay: 'You can only create accounts for your own barangay.',
  mailFailed:
    'The account details could not be e-mailed, so the account was not created. Please try again later.',
  userNotFound: 'User not found.',
  alreadyArchived: 'This account is already archived.',
  notArchived: 'This account is not archived.',
  archiveSelf: 'You cannot archive your own account.',
  demoteSelf: 'You cannot remove your own administrator role.',
  lastAdministrator: 'Your barangay must keep at least one administrator.',
  projectNotFound: 'Project not found.',
  projectNotArchived: 'This project is not archived.',
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  dateOrder: 'Start date must not be after end date',
} as const;

/** Part 2 section 9: the account e-mail domains (case-insensitive). */
export const ALLOWED_EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com'] as const;
/** Part 2 section 9: the barangay choices of the account form (either spelling is accepted). */
export const ACCOUNT_BARANGAY_CHOICES = ['San Bartolome', 'Nagkaisang Ngayon'] as const;
/** A Philippine mobile number: 09XXXXXXXXX or +639XXXXXXXXX. */
export const PH_MOBILE_PATTERN = /^(09\d{9}|\+639\d{9})$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** One domain name as ACCOUNT_EMAIL_DOMAINS lists it (`naga.gov.ph`; no @, no spaces). */
export const EMAIL_DOMAIN_PATTERN =
  /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/**
 * The domains accounts may use: the spec's three, then an installation's own (the server's
 * ACCOUNT_EMAIL_DOMAINS, e.g. a city's `naga.gov.ph`), lower case, each once.
 */
export function accountEmailDomains(extra: readonly string[] = []): string[] {
  const all = [
    ...ALLOWED_EMAIL_DOMAINS,
    ...extra.map((d) => d.trim().replace(/^@/, '').toLowerCase()),
  ];
  return [...new Set(all.filter((d) => d !== ''))];
}

/** `@a, @b, and @c` (two: `@a and @b`), with the word for "and" of the language shown. */
export function emailDomainList(domains: readonly string[], and = 'and'): string {
  const named = domains.map((d) => `@${d}`);
  if (named.length <= 2) {
    return named.join(` ${and} `);
  }
  return `${named.slice(0, -1).join(', ')}, ${and} ${named.at(-1) ?? ''}`;
}

/** The domain refusal: the spec's sentence, listing an installation's own domains too. */
export function emailDomainMessage(domains: readonly string[] = ALLOWED_EMAIL_DOMAINS): string {
  return `Invalid email domain. Only ${emailDomainList(domains)} are allowed.`;
}

/**
 * The section-5 e-mail check, shared by the forms, the server and the command line: null when
 * valid. `extraDomains`: the installation's own domains (ACCOUNT_EMAIL_DOMAINS), if any.
 */
export function emailProblem(value: string, extraDomains: readonly string[] = []): string | null {
  const email = value.trim();
  if (email === '') {
    return ADMIN_MESSAGES.emailRequired;
  }
  if (!EMAIL_SHAPE.test(email)) {
    return ADMIN_MESSAGES.emailInvalid;
  }
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const domains = accountEmailDomains(extraDomains);
  if (!domains.includes(domain)) {
    return emailDomainMessage(domains);
  }
  return null;
}

/**
 * An account's e-mail address in a request body: required and shaped like an address. The
 * domain rule depends on the installation (ACCOUNT_EMAIL_DOMAINS), so the server checks it with
 * `accountEmailProblem` (apps/server/src/lib/account-email.ts) before it creates anything.
 */
export const AccountEmailSchema = z
  .string({ error: ADMIN_MESSAGES.emailRequired })
  .trim()
  .max(254, 'Email address must be at most 254 characters')
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    // The domain is the server's to judge; the shape and presence are checked here.
    if (problem && problem !== emailDomainMessage()) {
      ctx.addIssue({ code: 'custom', message: problem });
    }
  });

/** Active: the initial password was replaced; inactive: it never was. */
export const ACCOUNT_STATUSES = ['Active', 'Inactive'] as const;

const AccountSchema = z.object({
  userID: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  emailAddress: z.string(),
  phoneNumber: z.string(),
  barangay: z.string(),
  /** A role code, or 'Not Assigned'. */
  position: z.string(),
  isArchived: z.boolean(),
  status: z.enum(ACCOUNT_STATUSES),
  actualStatus: z.enum(['active', 'inactive']),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
  archivedBy: z.string().nullable(),
  /** The council duties the account holds (council-duties.ts), shown beside its position. */
  duties: z.array(z.enum(COUNCIL_DUTIES)).optional(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountSummarySchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  archived: z.number().int(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const adminUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  response: z.object({ success: z.literal(true), users: z.array(AccountSchema) }),
});

export const CreateAccountRequestSchema = z.object({
  username: requiredText('Username', 32).regex(USERNAME_PATTERN, USERNAME_RULE_MESSAGE),
  fullName: requiredText('Full name', 100),
  /**
   * The admin's own barangay, by name (the spec's form: 'San Bartolome' or 'Nagkaisang Ngayon')
   * or any registry name: barangays are data, so the server checks it.
   */
  barangay: requiredText('Barangay', 100),
  emailAddress: AccountEmailSchema,
  phoneNumber: requiredText('Phone number', 20).regex(
    PH_MOBILE_PATTERN,
    ADMIN_MESSAGES.phoneInvalid,
  ),
  /** The spec's client sends one; the server ignores it and makes a random one. */
  password: z.string().max(200).optional(),
});
export type CreateAccountRequest = z.input<typeof CreateAccountRequestSchema>;

export const AdminMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

export const createAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/create-account',
  body: CreateAccountRequestSchema,
  response: AdminMessageResponseSchema.extend({ userID: z.number().int() }),
});

const RoleSchema = z.object({ roleID: z.string(), roleName: z.string(), description: z.string() });
export type Role = z.infer<typeof RoleSchema>;

export const rolesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/roles/all',
  response: z.object({ success: z.literal(true), roles: z.array(RoleSchema) }),
});

export const roleUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/roles/users',
  response: z.object({
    success: z.literal(true),
    users: z.array(AccountSchema),
    summary: AccountSummarySchema,
  }),
});

export const AssignRoleRequestSchema = z.object({
  userId: z.coerce
    .number({ error: 'userId is required' })
    .int('userId must be a whole number')
    .positive('userId must be a whole number'),
  position: z.enum(ROLE_CODES, { error: ADMIN_MESSAGES.selectRole }),
});
export type AssignRoleRequest = z.input<typeof AssignRoleRequestSchema>;

export const assignRoleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/roles/assignRole',
  body: AssignRoleRequestSchema,
  response: AdminMessageResponseSchema,
});

export const UserIdParamsSchema = z.object({ userID: z.coerce.number().int().positive() });
export const ProjectIDParamsSchema = z.object({ projectID: z.coerce.number().int().positive() });

export const archiveAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/archive/accounts/:userID',
  response: AdminMessageResponseSchema,
});

export const archivedAccountsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/archive/accounts',
  response: z.object({ success: z.literal(true), data: z.array(AccountSchema) }),
});

export const restoreAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/archive/accounts/restore/:userID',
  response: AdminMessageResponseSchema,
});

const AdminProjectSchema = z.object({
  projectID: z.number().int(),
  referenceNumber: z.string(),
  proposerName: z.string(),
  title: z.string(),
  status: z.string(),
  submittedDate: z.string(),
  reviewedBy: z.string().nullable(),
  remarks: z.string().nullable(),
  fileName: z.string().nullable(),
  fileType: z.string().nullable(),
});
export type AdminProject = z.infer<typeof AdminProjectSchema>;

export const adminProjectsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/projects',
  response: z.object({ success: z.literal(true), projects: z.array(AdminProjectSchema) }),
});

const FileUrlSchema = z.object({ success: z.literal(true), url: z.string() });

export const adminProjectFileUrlEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/projects/file-url/:projectID',
  response: FileUrlSchema,
});

export const archiveProjectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/proj-archive/:projectID',
  response: AdminMessageResponseSchema,
});

const ArchivedProjectSchema = z.object({
  projectID: z.number().int(),
  reference_number: z.string(),
  submittedBy: z.string(),
  title: z.string(),
  statusName: z.string(),
  submittedDate: z.string(),
  reviewedBy: z.string().nullable(),
  remarks: z.string().nullable(),
  file_name: z.string().nullable(),
  file_type: z.string().nullable(),
  archivedAt: z.string().nullable(),
  archivedBy: z.string().nullable(),
});
export type ArchivedProject = z.infer<typeof ArchivedProjectSchema>;

export const archivedProjectsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/proj-archive',
  response: z.object({ success: z.literal(true), data: z.array(ArchivedProjectSchema) }),
});

export const archivedProjectFileUrlEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/proj-archive/file-url/:projectID',
  response: FileUrlSchema,
});

export const restoreProjectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/proj-archive/restore/:projectID',
  response: AdminMessageResponseSchema,
});

/**
 * Long logs page on the server. A page answers 'true' in this header when more rows follow: no
 * total is counted, so the first page costs the same at 100 rows or 1,000,000.
 */
export const HAS_MORE_HEADER = 'x-has-more';
export const MAX_PAGE_SIZE = 500;

/** 'YYYY-MM-DD' or absent; an empty value counts as absent. */
const optionalDay = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().refine(isCalendarDate, ADMIN_MESSAGES.dateInvalid(label)).optional(),
  );

const PagingSchema = z.object({
  ...pagingFields(MAX_PAGE_SIZE),
  startDate: optionalDay('startDate'),
  endDate: optionalDay('endDate'),
});

export const SessionLogQuerySchema = PagingSchema.extend({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type SessionLogQuery = z.input<typeof SessionLogQuerySchema>;

const SessionEntrySchema = z.object({
  sessionID: z.string(),
  userName: z.string(),
  fullName: z.string(),
  created_at: z.string(),
  /** When the session ended; null while it is still active. */
  expires_at: z.string().nullable(),
});
export type SessionEntry = z.infer<typeof SessionEntrySchema>;

export const sessionLogsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/sessions',
  query: SessionLogQuerySchema,
  response: z.array(SessionEntrySchema),
});

export const AuditQuerySchema = PagingSchema.extend({
  module: z.string().trim().max(100, 'module must be at most 100 characters').optional(),
  user: z.string().trim().max(100, 'user must be at most 100 characters').optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

const AuditEntrySchema = z.object({
  auditID: z.number().int(),
  username: z.string().nullable(),
  moduleName: z.string(),
  actions: z.string(),
  descriptions: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const auditTrailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/audit',
  query: AuditQuerySchema,
  response: z.array(AuditEntrySchema),
});

export const auditModulesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/audit/modules',
  response: z.object({ success: z.literal(true), modules: z.array(z.string()) }),
});

/** Part 2 section 4: flash messages of the admin screens close after 8 seconds. */
export const FLASH_MESSAGE_MS = 8_000;
/** Part 2 section 9: the date pickers' range. */
export const DATE_PICKER_MIN = '1900-01-01';
export const DATE_PICKER_MAX = '2099-12-31';
