import { errors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
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

interface VerifiedToken {
  claims: TokenClaims;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** HS256 only: tokens with any other algorithm (including `none`) are refused. */
export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose would import the key again for every check.
  let verifyKey: Promise<CryptoKey> | undefined;
  const verified = new LruCache<string, VerifiedToken>(VERIFIED_TOKENS);
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
    // A token jose accepted is remembered (its claims and expiry), so a user's next calls skip
    // the asynchronous WebCrypto HMAC and the decoding; its expiry is still checked on every
    // call. Whether the session is still live is the caller's check (findLiveSessionUser in
    // common/repository.ts): on PostgreSQL a query every time; on SQLite a found session is
    // kept in memory for up to 2 s and dropped at once by any write to sessions, users or
    // barangays (db/read-cache.ts), so a sign-out or role change counts from the next call.
    async verify(token) {
      const now = clock.now();
      const known = verified.get(token);
      if (known) {
        return known.exp * 1000 > now.getTime() ? known.claims : null;
      }
      verifyKey ??= crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'verify',
      ]);
      const result = await verifyExpiring(token, await verifyKey, now);
      if (result) {
        verified.set(token, result);
      }
      return result?.claims ?? null;
    },
  };
}

/**
 * A compact HS256 JWT of ours, or null. jose checks the JWS and JWT rules (HS256 only, so no
 * `none` or other algorithm; no unknown `crit`; base64url parts; the signature; `exp` in the
 * future, `nbf` passed, numeric dates; issuer `sk-tanaw`); we add the header type, when present,
 * `JWT`, and the claims we need.
 */
export async function verifyHs256(
  token: string,
  secret: string,
  now: Date,
): Promise<TokenClaims | null> {
  return (await verifyExpiring(token, new TextEncoder().encode(secret), now))?.claims ?? null;
}

async function verifyExpiring(
  token: string,
  key: CryptoKey | Uint8Array,
  now: Date,
): Promise<VerifiedToken | null> {
  let payload, protectedHeader;
  try {
    ({ payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      requiredClaims: ['exp'],
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof errors.JOSEError) {
      return null;
    }
    throw error;
  }
  const { sub, jti, fph, exp } = payload;
  if (
    (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') ||
    typeof exp !== 'number' ||
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
