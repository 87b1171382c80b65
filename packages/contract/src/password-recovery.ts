import { z } from 'zod';
import { OTP_LENGTH } from './limits.ts';
import { FORGOT_PASSWORD_MESSAGES } from './password-recovery-messages.ts';

export { FORGOT_PASSWORD_MESSAGES };

const username = z
  .string({ error: FORGOT_PASSWORD_MESSAGES.usernameRequired })
  .trim()
  .min(1, FORGOT_PASSWORD_MESSAGES.usernameRequired)
  .max(64, 'Username must be at most 64 characters');

const otp = z
  .string({ error: FORGOT_PASSWORD_MESSAGES.otpFormat })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), FORGOT_PASSWORD_MESSAGES.otpFormat);

export const ForgotPasswordRequestSchema = z.object({ username });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const VerifyOtpRequestSchema = z.object({ username, otp });
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  username,
  otp,
  newPassword: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .max(128, 'New password must be at most 128 characters'),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
