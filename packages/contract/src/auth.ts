import { z } from 'zod';
import { requiredText } from './common.ts';
import { COUNCIL_DUTIES } from './council-duties.ts';

export const LoginRequestSchema = z.object({
  username: requiredText('Username', 64),
  password: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'Password is required'
          : 'Password must be text',
    })
    .trim()
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters'),
  barangay: requiredText('Barangay', 100),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginUserSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  position: z.string(),
  role: z.string(),
  fullName: z.string(),
  isDefaultPassword: z.boolean(),
  barangay: z.string(),
  /** The council duties the account holds (council-duties.ts), shown beside the position. */
  duties: z.array(z.enum(COUNCIL_DUTIES)).optional(),
});
export type LoginUser = z.infer<typeof LoginUserSchema>;

export const LoginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: LoginUserSchema,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const UserInfoSchema = z.object({
  userID: z.number().int(),
  userName: z.string(),
  fullName: z.string(),
  position: z.string(),
  role: z.string(),
  emailAddress: z.string(),
  phoneNumber: z.string(),
  barangay: z.string(),
  isDefaultPassword: z.boolean(),
  /** The council duties the account holds (council-duties.ts), shown beside the position. */
  duties: z.array(z.enum(COUNCIL_DUTIES)).optional(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const UserDataResponseSchema = z.object({
  success: z.literal(true),
  userInfo: UserInfoSchema,
});
export type UserDataResponse = z.infer<typeof UserDataResponseSchema>;

export const ChangeCredentialsRequestSchema = z.object({
  newUsername: z
    .string({ error: 'Username cannot be empty' })
    .trim()
    .min(1, 'Username cannot be empty'),
  newPassword: z
    .string({ error: 'New password is required' })
    .trim()
    .min(1, 'New password is required'),
  currentUsername: requiredText('Current username', 64),
  userID: z.coerce.number({ error: 'userID is required' }).int('userID must be a whole number'),
});
export type ChangeCredentialsRequest = z.infer<typeof ChangeCredentialsRequestSchema>;

/** Public, non-secret site facts for the landing page (contact footer). */
export const SiteInfoSchema = z.object({
  productName: z.string(),
  contact: z.object({
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  }),
  /** The active barangays, when they are few enough for one button each (else none). */
  barangays: z.array(z.object({ code: z.string(), name: z.string() })),
  /** How many active barangays the installation serves (more than four: a search). */
  barangayCount: z.number().int().optional(),
  /** The e-mail domains accounts may use (the spec's three and ACCOUNT_EMAIL_DOMAINS). */
  accountEmailDomains: z.array(z.string()).optional(),
  /** The cities and municipalities of the active barangays, with how many each. */
  cities: z
    .array(z.object({ name: z.string(), province: z.string().nullable(), barangays: z.number() }))
    .optional(),
  /** The city offices (a city's own row) whose staff sign in with the city's name. */
  offices: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
  /** Whether the demo's barangays are served (the landing page then describes the demo). */
  demo: z.boolean().optional(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

/** Texts the server speaks on sign-in and session errors. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username, password, or barangay.',
  accountLocked:
    'Too many failed sign-in attempts. This account is locked for now; please try again later.',
  addressLimited: 'Too many sign-in attempts from your network. Please try again later.',
  loginSuccess: 'Login successful.',
  logoutSuccess: 'Logged out.',
  authRequired: 'Authentication required. Please log in.',
  sessionExpired: 'Your session has expired. Please log in again.',
  mustChangeDefault: 'Please change your default credentials to continue.',
  forbidden: 'You do not have permission to perform this action.',
  credentialsChanged: 'Credentials successfully changed. Please log in again.',
  usernameTaken: 'That username is already taken.',
  passwordEqualsUsername: 'Password must not be the same as the username.',
  passwordUnchanged: 'New password must be different from the current password.',
  commonPassword:
    'This password is one of the most common passwords and easy to guess. Please choose another.',
  notYourAccount: 'You can only change your own credentials.',
  recentSignInRequired:
    'For your security, please sign out and sign in again before changing your username and password.',
} as const;
