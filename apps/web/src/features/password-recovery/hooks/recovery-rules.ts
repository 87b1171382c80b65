import { checkPassword, RECOVERY_SPECIALS } from '@sk-tanaw/contract';
import type { ChecklistItem } from '../../../components/password-checklist.tsx';
import { passwordRuleLabel } from '../../../lib/password-rules.ts';
import { passwordRuleMessage, RECOVERY_MESSAGES } from './recovery-messages.ts';

/** The recovery flow's live checklist (its own special-character set, spec section 5). */
export function recoveryChecklist(password: string): ChecklistItem[] {
  return checkPassword(password, RECOVERY_SPECIALS).map((rule) => ({
    id: rule.id,
    label: passwordRuleLabel(rule.id),
    met: rule.met,
  }));
}

/**
 * Every message that blocks the new password, in rule order: 'Password must be 8-16 characters
 * long', 'Password must contain at least one ...', then 'Passwords do not match'.
 */
export function newPasswordProblems(password: string, confirm: string): string[] {
  const problems = checkPassword(password, RECOVERY_SPECIALS)
    .filter((rule) => !rule.met)
    .map((rule) => passwordRuleMessage(rule.id));
  if (confirm.length === 0 || confirm !== password) {
    problems.push(RECOVERY_MESSAGES.passwordsDoNotMatch);
  }
  return problems;
}
