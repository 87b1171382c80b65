import { checkPassword, FORCED_CHANGE_SPECIALS, PASSWORD_MAX_LENGTH } from '@sk-tanaw/contract';
import type { ChecklistItem } from '../../../components/password-checklist.tsx';

export const CREDENTIAL_MESSAGES = {
  unmetRules: 'Please meet all password requirements',
  emptyUsername: 'Username cannot be empty',
  mismatch: 'Passwords do not match',
  failed: 'Failed to change credentials',
  failedRetry: 'Failed to change credentials. Please try again.',
  success: 'Credentials successfully changed. Please log in again.',
} as const;

/** Input beyond 16 characters is ignored in the forced-change dialog. */
export function capPassword(value: string): string {
  return value.slice(0, PASSWORD_MAX_LENGTH);
}

/** The forced-change checklist: the five password rules plus the confirmation match. */
export function forcedChangeChecklist(password: string, confirm: string): ChecklistItem[] {
  const rules: ChecklistItem[] = checkPassword(password, FORCED_CHANGE_SPECIALS).map((rule) => ({
    id: rule.id,
    label: rule.label,
    met: rule.met,
  }));
  rules.push({
    id: 'match',
    label: 'Passwords match',
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
