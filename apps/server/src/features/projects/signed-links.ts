import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/** How long a download link works. */
export const FILE_LINK_TTL_SECONDS = 5 * 60;

const signature = (secret: string, storedName: string, expires: number) =>
  createHmac('sha256', secret)
    .update(`project-file\n${storedName}\n${expires}`)
    .digest('base64url');

/** A short-lived link to one stored file; the signature binds the name and the expiry. */
export function signFileLink(secret: string, storedName: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_SECONDS;
  const sig = signature(secret, storedName, expires);
  return `/api/files/${encodeURIComponent(storedName)}?exp=${expires}&sig=${sig}`;
}

/** True when the link was signed by us for exactly this file and has not expired. */
export function verifyFileLink(
  secret: string,
  storedName: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires)) {
    return false;
  }
  const exp = Number(expires);
  if (exp * 1000 < now.getTime()) {
    return false;
  }
  return safeEqual(signature(secret, storedName, exp), sig);
}
