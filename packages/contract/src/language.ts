/**
 * The languages SK Tanaw speaks: English, word for word as the spec writes it, and
 * Filipino. `fil` is the ISO 639-2 code for Filipino; browsers that say `tl` (Tagalog) get it too.
 * No zod here: the landing page reads this module, and its download budget has no room for zod
 * (the schemas are in language-schemas.ts).
 */
export const LANGUAGES = ['en', 'fil'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The locale `Intl` formats numbers, pesos and dates with, per language. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-PH', fil: 'fil-PH' };

/** The visible name of each language, in that language (the switch shows "English | Filipino"). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

/**
 * Maps a BCP 47 tag (a browser's `navigator.language`, an `Accept-Language` entry) to one of our
 * languages: `fil` and `tl` with any region are Filipino, everything else English.
 */
export function languageFromTag(tag: string | null | undefined): Language {
  // What an account's language column holds: answered without the parse below.
  if (tag === 'en' || tag === 'fil') {
    return tag;
  }
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'fil' || primary === 'tl' ? 'fil' : 'en';
}
