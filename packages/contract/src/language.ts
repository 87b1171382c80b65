import { z } from 'zod';

/**
 * The languages SK Tanaw speaks (issue 25): English, word for word as the spec writes it, and
 * Filipino. `fil` is the ISO 639-2 code for Filipino; browsers that say `tl` (Tagalog) get it too.
 */
export const LANGUAGES = ['en', 'fil'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LanguageSchema = z.enum(LANGUAGES);

/** The locale `Intl` formats numbers, pesos and dates with, per language. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-PH', fil: 'fil-PH' };

/** The visible name of each language, in that language (the switch shows "English | Filipino"). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

/**
 * Maps a BCP 47 tag (a browser's `navigator.language`, an `Accept-Language` entry) to one of our
 * languages: `fil` and `tl` with any region are Filipino, everything else English.
 */
export function languageFromTag(tag: string | null | undefined): Language {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'fil' || primary === 'tl' ? 'fil' : 'en';
}

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
