/** Password rules of spec part 1 section 5. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
/** Special characters accepted by the forced credential change dialog. */
export const FORCED_CHANGE_SPECIALS = '!@#$%^&*(),.?":{}|<>';
/** Special characters accepted by the password recovery flow. */
export const RECOVERY_SPECIALS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?';
/** The server accepts either set, so both dialogs' passwords are valid everywhere. */
export const SERVER_SPECIALS = Array.from(new Set(FORCED_CHANGE_SPECIALS + RECOVERY_SPECIALS)).join(
  '',
);

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';

export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  /** The recovery flow's message for an unmet rule. */
  message: string;
  met: boolean;
}

export function checkPassword(
  password: string,
  specials: string = SERVER_SPECIALS,
): PasswordRuleResult[] {
  const hasSpecial = Array.from(password).some((ch) => specials.includes(ch));
  return [
    {
      id: 'length',
      label: '8-16 characters',
      message: 'Password must be 8-16 characters long',
      met: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    },
    {
      id: 'uppercase',
      label: 'At least one uppercase letter',
      message: 'Password must contain at least one uppercase letter',
      met: /[A-Z]/.test(password),
    },
    {
      id: 'lowercase',
      label: 'At least one lowercase letter',
      message: 'Password must contain at least one lowercase letter',
      met: /[a-z]/.test(password),
    },
    {
      id: 'digit',
      label: 'At least one number',
      message: 'Password must contain at least one number',
      met: /[0-9]/.test(password),
    },
    {
      id: 'special',
      label: 'At least one special character',
      message: 'Password must contain at least one special character',
      met: hasSpecial,
    },
  ];
}

/** The first unmet rule's message, or null when the password meets every rule. */
export function passwordProblem(
  password: string,
  specials: string = SERVER_SPECIALS,
): string | null {
  return checkPassword(password, specials).find((r) => !r.met)?.message ?? null;
}

/** Usernames: 3-32 characters of letters, digits, dot, underscore or hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const USERNAME_RULE_MESSAGE =
  'Username must be 3-32 characters of letters, numbers, dots, underscores or hyphens';
