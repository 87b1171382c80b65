import { ADMIN_MESSAGES } from '@sk-tanaw/contract';

type T = (id: string, values?: Record<string, unknown>) => string;

/** An account's position as shown: 'Not Assigned' in the language shown, role codes as they are. */
export function positionLabel(t: T, position: string): string {
  return position === ADMIN_MESSAGES.notAssigned ? t('admin.role.notAssigned') : position;
}

/** The e-mail check's words (`emailProblem` of the contract) in the language shown. */
export function emailProblemText(t: T, problem: string | null): string | null {
  switch (problem) {
    case null:
      return null;
    case ADMIN_MESSAGES.emailRequired:
      return t('admin.email.required');
    case ADMIN_MESSAGES.emailDomain:
      return t('admin.email.domain');
    case ADMIN_MESSAGES.emailInvalid:
      return t('admin.email.invalid');
    default:
      return problem;
  }
}
