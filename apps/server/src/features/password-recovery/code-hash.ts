import { createHmac } from 'node:crypto';

/**
 * What `password_reset_codes.code_hash` holds for a code or link token: HMAC-SHA256 with the
 * installation's secret of nonce, user id and the secret itself, so the secret is never stored.
 * Recovery codes (this feature) and onboarding links (features/city/onboarding.ts) share it.
 */
export function codeHash(appSecret: string, nonce: string, userId: number, code: string): string {
  return createHmac('sha256', appSecret).update(`${nonce}:${userId}:${code}`).digest('hex');
}
