export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  barangayRequired: 'Barangay is required',
  failedCredentials: 'Login failed. Please check your credentials.',
  failedRetry: 'Login failed. Please try again.',
} as const;

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
