import type { PasswordRuleId } from '@sk-tanaw/contract';
import { i18n } from '../i18n/index.ts';

/**
 * The checklist label of a password rule (the contract's `checkPassword` labels), in the
 * language shown now. Call it while rendering, so a language switch re-reads it.
 */
export function passwordRuleLabel(id: PasswordRuleId): string {
  switch (id) {
    case 'length':
      return i18n._('common.password.rule.length');
    case 'uppercase':
      return i18n._('common.password.rule.uppercase');
    case 'lowercase':
      return i18n._('common.password.rule.lowercase');
    case 'digit':
      return i18n._('common.password.rule.digit');
    case 'special':
      return i18n._('common.password.rule.special');
  }
}
