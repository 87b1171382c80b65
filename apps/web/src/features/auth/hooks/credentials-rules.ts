import { checkPassword, FORCED_CHANGE_SPECIALS, PASSWORD_MAX_LENGTH } from '@sk-tanaw/contract';
import type { ChecklistItem } from '../../../components/password-checklist.tsx';
import { i18n } from '../../../i18n/index.ts';
import { passwordRuleLabel } from '../../../lib/password-rules.ts';

/** The dialog's texts, read in the language shown at the moment they are used. */
export const CREDENTIAL_MESSAGES = {
  get unmetRules() {
    return i18n._('auth.credentials.unmetRules');
  },
  get emptyUsername() {
    return i18n._('auth.credentials.emptyUsername');
  },
  get mismatch() {
    return i18n._('auth.credentials.mismatch');
  },
  get failed() {
    return i18n._('auth.credentials.failed');
  },
  get failedRetry() {
    return i18n._('auth.credentials.failedRetry');
  },
  /** The server's AUTH_MESSAGES.credentialsChanged. */
  get success() {
    return i18n._('auth.credentials.success');
  },
};

/** Input beyond 16 characters is ignored in the forced-change dialog. */
export function capPassword(value: string): string {
  return value.slice(0, PASSWORD_MAX_LENGTH);
}

/** The forced-change checklist: the five password rules plus the confirmation match. */
export function forcedChangeChecklist(password: string, confirm: string): ChecklistItem[] {
  const rules: ChecklistItem[] = checkPassword(password, FORCED_CHANGE_SPECIALS).map((rule) => ({
    id: rule.id,
    label: passwordRuleLabel(rule.id),
    met: rule.met,
  }));
  rules.push({
    id: 'match',
    label: i18n._('auth.credentials.match'),
    met: confirm.length > 0 && confirm === password,
  });
  return rules;
}

export function allRulesMet(items: readonly ChecklistItem[]): boolean {
  return items.every((item) => item.met);
}

/** The first problem that blocks submitting, as the toast text, or null when it may go. */
export function credentialsProblem(
  newUsername: string,
  password: string,
  confirm: string,
): string | null {
  if (!allRulesMet(forcedChangeChecklist(password, confirm))) {
    return CREDENTIAL_MESSAGES.unmetRules;
  }
  if (newUsername.trim() === '') {
    return CREDENTIAL_MESSAGES.emptyUsername;
  }
  return null;
}
