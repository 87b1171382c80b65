import {
  LANGUAGES,
  type AccountLanguageRequest,
  type AccountLanguageResponse,
  type Language,
} from '@sk-tanaw/contract';
import { currentLanguage } from '../../../i18n/index.ts';
import { apiClient } from '../../api-client.ts';

/** PUT /api/account/language: the account follows the language the reader uses. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  const body: AccountLanguageRequest = { language };
  await apiClient.put('/api/account/language', body);
}

/** The account's language from the answer; throws on an answer without a known one. */
function accountLanguage(data: Partial<AccountLanguageResponse> | null): Language {
  const language: unknown = data?.language;
  if (typeof language !== 'string' || !(LANGUAGES as readonly string[]).includes(language)) {
    throw new Error('The account language answer names no known language.');
  }
  return language as Language;
}

/**
 * Once signed in: the language shown (chosen in this browser, or the browser's own on a first
 * visit) becomes the account's, so the mails to the account are written in it. (Checked by hand
 * rather than with the contract's zod schema: this runs on every signed-in first load, and the
 * schema brought zod, about 25 KB gzipped, into it.)
 */
export async function syncAccountLanguage(): Promise<void> {
  const { data } = await apiClient.get<Partial<AccountLanguageResponse> | null>(
    '/api/account/language',
  );
  const account = accountLanguage(data);
  const shown = currentLanguage();
  if (account !== shown) {
    await saveAccountLanguage(shown);
  }
}
