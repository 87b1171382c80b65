import { i18n } from '../../../i18n/index.ts';

/** The login form's texts, read in the language shown at the moment they are used. */
export const LOGIN_MESSAGES = {
  get usernameRequired() {
    return i18n._('auth.login.usernameRequired');
  },
  get passwordRequired() {
    return i18n._('auth.login.passwordRequired');
  },
  get barangayRequired() {
    return i18n._('auth.login.barangayRequired');
  },
  get failedCredentials() {
    return i18n._('auth.login.failedCredentials');
  },
  get failedRetry() {
    return i18n._('auth.login.failedRetry');
  },
};

export interface LoginFormValues {
  username: string;
  password: string;
  barangay: string;
}

export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

/** Trims username and password, and reports each missing field with the spec's message. */
export function validateLoginForm(values: LoginFormValues): {
  errors: LoginFormErrors;
  request: LoginFormValues | null;
} {
  const request = {
    username: values.username.trim(),
    password: values.password.trim(),
    barangay: values.barangay.trim(),
  };
  const errors: LoginFormErrors = {};
  if (!request.username) {
    errors.username = LOGIN_MESSAGES.usernameRequired;
  }
  if (!request.password) {
    errors.password = LOGIN_MESSAGES.passwordRequired;
  }
  if (!request.barangay) {
    errors.barangay = LOGIN_MESSAGES.barangayRequired;
  }
  return { errors, request: Object.keys(errors).length === 0 ? request : null };
}
