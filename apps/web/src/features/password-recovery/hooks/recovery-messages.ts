import type { PasswordRuleId } from '@sk-tanaw/contract';
import { i18n } from '../../../i18n/index.ts';

/**
 * The recovery flow's texts (the contract's FORGOT_PASSWORD_MESSAGES, same English), read in the
 * language shown at the moment they are used.
 */
export const RECOVERY_MESSAGES = {
  get usernameRequired() {
    return i18n._('recovery.message.usernameRequired');
  },
  get genericError() {
    return i18n._('recovery.message.genericError');
  },
  get sendFailed() {
    return i18n._('recovery.message.sendFailed');
  },
  get invalidOtp() {
    return i18n._('recovery.message.invalidOtp');
  },
  get resetFailed() {
    return i18n._('recovery.message.resetFailed');
  },
  get resendFailed() {
    return i18n._('recovery.message.resendFailed');
  },
  get resendSuccess() {
    return i18n._('recovery.message.resendSuccess');
  },
  get updateFailed() {
    return i18n._('recovery.message.updateFailed');
  },
  get passwordsDoNotMatch() {
    return i18n._('recovery.message.passwordsDoNotMatch');
  },
  get codeExpired() {
    return i18n._('recovery.message.codeExpired');
  },
  get success() {
    return i18n._('recovery.message.success');
  },
};

/** A password rule's message when it is not met (the contract's `checkPassword` messages). */
export function passwordRuleMessage(id: PasswordRuleId): string {
  switch (id) {
    case 'length':
      return i18n._('recovery.rule.length');
    case 'uppercase':
      return i18n._('recovery.rule.uppercase');
    case 'lowercase':
      return i18n._('recovery.rule.lowercase');
    case 'digit':
      return i18n._('recovery.rule.digit');
    case 'special':
      return i18n._('recovery.rule.special');
  }
}
