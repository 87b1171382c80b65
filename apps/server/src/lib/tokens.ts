import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from './clock.ts';

const ISSUER = 'sk-tanaw';

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
    // WebCrypto's asynchronous HMAC cost more than the rest of the request's own work.
    verify(token) {
      return Promise.resolve(verifyHs256(token, secret, clock.now()));
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
  return { sub, jti, fph };
}
