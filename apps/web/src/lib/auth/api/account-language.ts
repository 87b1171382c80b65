import {
  AccountLanguageResponseSchema,
  type AccountLanguageRequest,
  type Language,
} from '@sk-tanaw/contract';
import { currentLanguage } from '../../../i18n/index.ts';
import { apiClient } from '../../api-client.ts';

/** PUT /api/account/language: the account follows the language the reader uses. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  const body: AccountLanguageRequest = { language };
  await apiClient.put('/api/account/language', body);
}

/**
 * Once signed in: the language shown (chosen in this browser, or the browser's own on a first
 * visit) becomes the account's, so the mails to the account are written in it.
 */
export async function syncAccountLanguage(): Promise<void> {
  const { data } = await apiClient.get<unknown>('/api/account/language');
  const account = AccountLanguageResponseSchema.parse(data).language;
  const shown = currentLanguage();
  if (account !== shown) {
    await saveAccountLanguage(shown);
  }
}
