import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { createTokenService, verifyHs256 } from '../src/lib/tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const key = new TextEncoder().encode(secret);
const now = new Date('2026-11-21T07:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);
const claims = { sub: '7', jti: 'session-1', fph: 'f'.repeat(64) };

function jwt(header: Record<string, unknown>, payload: Record<string, unknown>, sign = true) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', ...header })
    .sign(key)
    .then((token) => {
      if (sign) {
        return token;
      }
      return `${part({ alg: 'none', ...header })}.${part(payload)}.`;
    });
}

/** A token signed with our key but built by hand (jose refuses to sign unknown `crit`). */
function handSigned(header: Record<string, unknown>, payload: Record<string, unknown>) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('session tokens', () => {
  const valid = { ...claims, iss: 'sk-tanaw', iat: seconds, exp: seconds + 60 };

  it('accepts the tokens it signs and reads their claims', async () => {
    const tokens = createTokenService(secret, manualClock(now));
    const token = await tokens.sign(claims, new Date(now.getTime() + 60_000));
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('still refuses a remembered token once it expires, and never remembers a refused one', async () => {
    const clock = manualClock(now);
    const tokens = createTokenService(secret, clock);
    const token = await tokens.sign(claims, new Date(now.getTime() + 60_000));
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(59_000);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(1_000);
    expect(await tokens.verify(token)).toBeNull();
    // A token that failed (changed signature) fails again, however often it is sent.
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    clock.set(now);
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    // Another service (another secret) does not share what this one remembered.
    const other = createTokenService(`${secret}-other`, clock);
    expect(await other.verify(token)).toBeNull();
  });

  it('refuses expired, not-yet-valid, foreign and incomplete tokens', async () => {
    expect(verifyHs256(await jwt({}, valid), secret, now)).toEqual(claims);
    expect(verifyHs256(await jwt({}, { ...valid, exp: seconds }), secret, now)).toBeNull();
    expect(verifyHs256(await jwt({}, { ...valid, nbf: seconds + 10 }), secret, now)).toBeNull();
    expect(verifyHs256(await jwt({}, { ...valid, iss: 'someone' }), secret, now)).toBeNull();
    expect(verifyHs256(await jwt({}, { ...valid, fph: undefined }), secret, now)).toBeNull();
    expect(verifyHs256(await jwt({}, { ...valid, sub: 7 }), secret, now)).toBeNull();
    expect(
      verifyHs256(handSigned({ alg: 'HS256', crit: ['x'], x: 1 }, valid), secret, now),
    ).toBeNull();
    expect(verifyHs256(handSigned({ alg: 'HS256' }, valid), secret, now)).toEqual(claims);
    expect(verifyHs256(await jwt({ typ: 'at+jwt' }, valid), secret, now)).toBeNull();
  });

  it('refuses other algorithms, other keys and any changed byte', async () => {
    expect(verifyHs256(await jwt({}, valid, false), secret, now)).toBeNull();
    const token = await jwt({}, valid);
    expect(verifyHs256(token, `${secret}x`, now)).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...valid, sub: '1' })).toString('base64url');
    expect(verifyHs256(`${h}.${forged}.${s}`, secret, now)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s.slice(0, -1)}`, secret, now)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s}A`, secret, now)).toBeNull();
    expect(verifyHs256(`${h}.${p}`, secret, now)).toBeNull();
    expect(verifyHs256('not a token', secret, now)).toBeNull();
  });
});
