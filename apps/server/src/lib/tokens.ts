import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from './clock.ts';

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
        .setIssuer('sk-tanaw')
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'sk-tanaw',
          currentDate: clock.now(),
          requiredClaims: ['sub', 'jti', 'exp', 'fph'],
        });
        if (typeof payload.fph !== 'string' || !payload.sub || !payload.jti) {
          return null;
        }
        return { sub: payload.sub, jti: payload.jti, fph: payload.fph };
      } catch {
        return null;
      }
    },
  };
}
