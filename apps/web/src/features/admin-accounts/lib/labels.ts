import {
  ADMIN_MESSAGES,
  ALLOWED_EMAIL_DOMAINS,
  emailDomainList,
  emailDomainMessage,
} from '@sk-tanaw/contract';

type T = (id: string, values?: Record<string, unknown>) => string;

/** An account's position as shown: 'Not Assigned' in the language shown, role codes as they are. */
export function positionLabel(t: T, position: string): string {
  return position === ADMIN_MESSAGES.notAssigned ? t('admin.role.notAssigned') : position;
}

/**
 * The e-mail check's words (`emailProblem` of the contract) in the language shown; `domains`:
 * the installation's (useAccountEmailDomains), listed when it has its own beyond the spec's.
 */
export function emailProblemText(
  t: T,
  problem: string | null,
  domains: readonly string[] = ALLOWED_EMAIL_DOMAINS,
): string | null {
  if (problem !== null && problem === emailDomainMessage(domains)) {
    return domains.length === ALLOWED_EMAIL_DOMAINS.length
      ? t('admin.email.domain')
      : t('admin.email.domainList', {
          domains: emailDomainList(domains, t('admin.email.and')),
        });
  }
  switch (problem) {
    case null:
      return null;
    case ADMIN_MESSAGES.emailRequired:
      return t('admin.email.required');
    case ADMIN_MESSAGES.emailInvalid:
      return t('admin.email.invalid');
    default:
      return problem;
  }
}
