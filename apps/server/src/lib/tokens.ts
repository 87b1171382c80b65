import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from './clock.ts';
import { LruCache } from './lru.ts';

const ISSUER = 'sk-tanaw';
/** Tokens whose signature was checked, remembered (about 0.5 kB each). */
const VERIFIED_TOKENS = 2000;

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** Session id: a row in the sessions table. */
  jti: string;
  /** SHA-256 of the httpOnly fingerprint cookie. */
  fph: string;
}

export interface TokenService {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
}

/** HS256 only: tokens with any other algorithm (including `none`) are refused. */
export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new LruCache<string, { claims: TokenClaims; exp: number }>(VERIFIED_TOKENS);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ fph: claims.fph })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setJti(claims.jti)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setIssuer(ISSUER)
        .sign(key),
    // Verified here with node:crypto, synchronously: it runs on every authenticated request, and
    // WebCrypto's asynchronous HMAC cost more than the rest of the request's own work. A token
    // whose signature checked out is remembered (its claims and expiry), so a user's next calls
    // skip the HMAC and decoding; expiry is still checked every time, and whether the session is
    // still live is the caller's database check, never cached.
    verify(token) {
      const now = clock.now();
      const known = verified.get(token);
      if (known) {
        return Promise.resolve(known.exp * 1000 > now.getTime() ? known.claims : null);
      }
      const result = verifyHs256Expiring(token, secret, now);
      if (!result) {
        return Promise.resolve(null);
      }
      verified.set(token, result);
      return Promise.resolve(result.claims);
    },
  };
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A compact HS256 JWT of ours, or null: exactly three canonical base64url parts, header
 * `{alg:'HS256'}` (no other algorithm, no `crit`), a constant-time signature check, issuer
 * `sk-tanaw`, not expired (`exp` in the future), not before `nbf`, and the claims we need.
 */
export function verifyHs256(token: string, secret: string, now: Date): TokenClaims | null {
  return verifyHs256Expiring(token, secret, now)?.claims ?? null;
}

/** `verifyHs256` with the token's expiry (seconds since the epoch). */
function verifyHs256Expiring(
  token: string,
  secret: string,
  now: Date,
): { claims: TokenClaims; exp: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return null;
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (
    !isRecord(header) ||
    header.alg !== 'HS256' ||
    'crit' in header ||
    (header.typ !== undefined && header.typ !== 'JWT')
  ) {
    return null;
  }
  const signature = Buffer.from(signaturePart, 'base64url');
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  if (
    signature.length !== expected.length ||
    signature.toString('base64url') !== signaturePart ||
    !timingSafeEqual(signature, expected)
  ) {
    return null;
  }
  const payload = decodeJson(payloadPart);
  if (!isRecord(payload)) {
    return null;
  }
  const seconds = Math.floor(now.getTime() / 1000);
  const { sub, jti, fph, exp, nbf, iat, iss } = payload;
  if (
    iss !== ISSUER ||
    typeof exp !== 'number' ||
    exp <= seconds ||
    (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) ||
    (iat !== undefined && typeof iat !== 'number') ||
    typeof sub !== 'string' ||
    !sub ||
    typeof jti !== 'string' ||
    !jti ||
    typeof fph !== 'string'
  ) {
    return null;
  }
  return { claims: { sub, jti, fph }, exp };
}
