import { z } from 'zod';
import { LANGUAGES } from './language.ts';

export const LanguageSchema = z.enum(LANGUAGES);

/** A `lang` query parameter: `en` or `fil`; absent means the account's language. */
export const LangQuerySchema = z.object({ lang: LanguageSchema.optional() });

/**
 * GET and PUT /api/account/language: the signed-in account's language (the web reads it after
 * sign-in and saves the reader's choice; mails to the account follow it).
 */
export const AccountLanguageRequestSchema = z.object({ language: LanguageSchema });
export type AccountLanguageRequest = z.infer<typeof AccountLanguageRequestSchema>;

export const AccountLanguageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  language: LanguageSchema,
});
export type AccountLanguageResponse = z.infer<typeof AccountLanguageResponseSchema>;

export const ACCOUNT_LANGUAGE_MESSAGES = {
  read: 'Language of the account.',
  saved: 'Language saved.',
} as const;
