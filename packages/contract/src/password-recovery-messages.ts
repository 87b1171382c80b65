import { OTP_LENGTH } from './limits.ts';

/**
 * Texts of the password recovery flow: spec part 1 sections 2, 5 and 8, plus the server's answers.
 * Kept apart from the zod schemas (password-recovery.ts re-exports them) so the web app can use
 * the texts without bundling zod.
 */
export const FORGOT_PASSWORD_MESSAGES = {
  usernameRequired: 'Please enter your username',
  genericError: 'An error occurred. Please try again later.',
  sendFailed: 'Failed to send OTP. Please try again.',
  invalidOtp: 'Invalid OTP. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  resendFailed: 'Failed to resend verification code. Please try again.',
  resendSuccess: 'A new verification code has been sent to your email.',
  updateFailed: 'Failed to update password. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match',
  codeExpired: 'Verification code expired. Please request a new one.',
  success: 'Password Reset Successful!',
  /** The server's answer to every accepted request, whether or not the account exists. */
  requestAccepted:
    'If the account exists, a verification code has been sent to its e-mail address.',
  otpVerified: 'Verification code confirmed. You can now set a new password.',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  /** Reset with a code that is not verified, not this account's, used, expired or locked. */
  codeNotUsable: 'The verification code is invalid or has expired. Please request a new one.',
  accountLimited:
    'Too many verification codes have been requested for this username. Please try again later.',
  addressLimited:
    'Too many verification codes have been requested from your network. Please try again later.',
  otpFormat: `OTP must be exactly ${OTP_LENGTH} digits`,
} as const;
