import { z } from 'zod';
import { ADMIN_MESSAGES, CreateAccountRequestSchema } from './admin.ts';
import { ApiMessageSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { LanguageSchema } from './language-schemas.ts';

/**
 * Onboarding without code: the city administrator serves a barangay of its
 * city or stops serving it, and creates its first barangay administrator (MA), who gets an
 * e-mail with a one-time link to set a password (`/city?token=...`).
 */

export const ONBOARDING_MESSAGES = {
  activated: (name: string) => `${name} is served again: its accounts can sign in.`,
  deactivated: (name: string) =>
    `${name} is no longer served: nobody can sign in to it; its data stays.`,
  adminCreated: (username: string, email: string) =>
    `${username} was created; a link to set a password was e-mailed to ${email}.`,
  hasAdmin:
    'This barangay already has an administrator; its administrator creates further accounts.',
  inactive: 'Activate the barangay before creating its administrator.',
  cityAdminOnly: "Only the city administrator onboards the city's barangays.",
  linkInvalid:
    'This link is not valid. Open the link of your latest SK Tanaw e-mail, or ask your city administrator for a new one.',
  linkExpired: 'This link has expired. Ask your city administrator to send you a new one.',
  linkUsed:
    'This link was used already: your password is set. Sign in, or use Forgot Password if you do not remember it.',
  passwordSet: 'Your password is set. Sign in with your username and your new password.',
} as const;

export const SetBarangayActiveRequestSchema = z.object({ active: z.boolean() });

/** PUT /api/city/barangays/:barangayCode/active: city administrator only; audited. */
export const setBarangayActiveEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/city/barangays/:barangayCode/active',
  body: SetBarangayActiveRequestSchema,
  response: ApiMessageSchema,
});

export const CreateBarangayAdminRequestSchema = z.object({
  username: CreateAccountRequestSchema.shape.username,
  fullName: CreateAccountRequestSchema.shape.fullName,
  emailAddress: CreateAccountRequestSchema.shape.emailAddress,
  /** Optional here: the administrator fills it in later. */
  phoneNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^$|^(09\d{9}|\+639\d{9})$/, ADMIN_MESSAGES.phoneInvalid)
    .optional(),
  /** The language of the e-mail and of the new account. */
  language: LanguageSchema,
});
export type CreateBarangayAdminRequest = z.input<typeof CreateBarangayAdminRequestSchema>;

/** POST /api/city/barangays/:barangayCode/admin: the barangay's first administrator (MA). */
export const createBarangayAdminEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/city/barangays/:barangayCode/admin',
  body: CreateBarangayAdminRequestSchema,
  response: ApiMessageSchema,
});

export const SetFirstPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: z.string().max(200),
});
export type SetFirstPasswordRequest = z.input<typeof SetFirstPasswordRequestSchema>;

/** POST /api/onboarding/password: public; the e-mailed link's token sets the first password. */
export const setFirstPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/onboarding/password',
  body: SetFirstPasswordRequestSchema,
  response: ApiMessageSchema,
});

export const OnboardingLinkRequestSchema = z.object({ token: z.string().min(1).max(200) });

/** For whom an e-mailed link sets a password: the set-password page says it before asking. */
export const OnboardingLinkSchema = z.object({
  username: z.string(),
  /** `barangay` for a council's account, `city` for a city account. */
  kind: z.enum(['barangay', 'city']),
  /** The barangay's (or city's) name, and what the sign-in takes to find it. */
  place: z.string(),
  /** The barangay's code for `/login?barangay=`; null for a city (`/login?city=` takes `place`). */
  barangayCode: z.string().nullable(),
});
export type OnboardingLink = z.infer<typeof OnboardingLinkSchema>;

/**
 * POST /api/onboarding/link: public; the account a valid, unused, unexpired link is for. A wrong
 * token gets the same refusal as when setting the password, and nothing about any account. A
 * POST so that the token stays out of addresses and access logs.
 */
export const onboardingLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/onboarding/link',
  body: OnboardingLinkRequestSchema,
  response: z.object({ success: z.literal(true), link: OnboardingLinkSchema }),
});
