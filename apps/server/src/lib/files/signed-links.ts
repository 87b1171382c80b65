import { createHmac } from 'node:crypto';
import { safeEqual } from '../crypto.ts';

/** How long a download link works. */
export const FILE_LINK_TTL_SECONDS = 5 * 60;

const signature = (secret: string, scope: string, name: string, expires: number) =>
  createHmac('sha256', secret).update(`${scope}\n${name}\n${expires}`).digest('base64url');

/**
 * A short-lived link `basePath/name?exp&sig`; the signature binds the scope (what kind of file:
 * a link for one kind never opens another), the name and the expiry.
 */
export function signLink(
  secret: string,
  scope: string,
  basePath: string,
  name: string,
  now: Date,
  ttlSeconds = FILE_LINK_TTL_SECONDS,
): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const sig = signature(secret, scope, name, expires);
  return `${basePath}/${encodeURIComponent(name)}?exp=${expires}&sig=${sig}`;
}

/** True when the link was signed by us for exactly this scope and name and has not expired. */
export function verifyLink(
  secret: string,
  scope: string,
  name: string,
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
  return safeEqual(signature(secret, scope, name, exp), sig);
}

const PROJECT_FILE = 'project-file';

/** A short-lived link to one stored project document. */
export const signFileLink = (secret: string, storedName: string, now: Date): string =>
  signLink(secret, PROJECT_FILE, '/api/files', storedName, now);

export const verifyFileLink = (
  secret: string,
  storedName: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date,
): boolean => verifyLink(secret, PROJECT_FILE, storedName, expires, sig, now);
