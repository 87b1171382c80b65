import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { createTokenService, verifyHs256 } from '../src/lib/tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const key = new TextEncoder().encode(secret);
const now = new Date('2026-11-21T07:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);
const claims = { sub: '7', jti: 'session-1', fph: 'f'.repeat(64) };

/** Each part of a hand-built token: JSON, base64url-encoded. */
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(header: Record<string, unknown>, payload: Record<string, unknown>, sign = true) {
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

/** Signs `header.payload` (the encoded parts, as given) with our key. */
const signedWithOurKey = (input: string) =>
  `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;

/** A token signed with our key but built by hand (jose refuses to sign unknown `crit`). */
function handSigned(header: Record<string, unknown>, payload: Record<string, unknown>) {
  return signedWithOurKey(`${part(header)}.${part(payload)}`);
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
    expect(await verifyHs256(await jwt({}, valid), secret, now)).toEqual(claims);
    expect(await verifyHs256(await jwt({}, { ...valid, exp: seconds }), secret, now)).toBeNull();
    expect(
      await verifyHs256(await jwt({}, { ...valid, nbf: seconds + 10 }), secret, now),
    ).toBeNull();
    expect(await verifyHs256(await jwt({}, { ...valid, iss: 'someone' }), secret, now)).toBeNull();
    expect(await verifyHs256(await jwt({}, { ...valid, fph: undefined }), secret, now)).toBeNull();
    expect(await verifyHs256(await jwt({}, { ...valid, sub: 7 }), secret, now)).toBeNull();
    expect(
      await verifyHs256(handSigned({ alg: 'HS256', crit: ['x'], x: 1 }, valid), secret, now),
    ).toBeNull();
    expect(await verifyHs256(handSigned({ alg: 'HS256' }, valid), secret, now)).toEqual(claims);
    expect(await verifyHs256(await jwt({ typ: 'at+jwt' }, valid), secret, now)).toBeNull();
  });

  it('refuses other algorithms, other keys and any changed byte', async () => {
    expect(await verifyHs256(await jwt({}, valid, false), secret, now)).toBeNull();
    const token = await jwt({}, valid);
    expect(await verifyHs256(token, `${secret}x`, now)).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...valid, sub: '1' })).toString('base64url');
    expect(await verifyHs256(`${h}.${forged}.${s}`, secret, now)).toBeNull();
    expect(await verifyHs256(`${h}.${p}.${s.slice(0, -1)}`, secret, now)).toBeNull();
    expect(await verifyHs256(`${h}.${p}.${s}A`, secret, now)).toBeNull();
    expect(await verifyHs256(`${h}.${p}`, secret, now)).toBeNull();
    expect(await verifyHs256('not a token', secret, now)).toBeNull();
  });
});

describe('session tokens under the JWS and JWT rules (checked by jose)', () => {
  const valid = { ...claims, iss: 'sk-tanaw', iat: seconds, exp: seconds + 60 };
  const verify = (token: string) => createTokenService(secret, manualClock(now)).verify(token);

  it('refuses alg none, whether the signature is empty or made with our key', async () => {
    expect(await verify(`${part({ alg: 'none' })}.${part(valid)}.`)).toBeNull();
    expect(await verify(handSigned({ alg: 'none' }, valid))).toBeNull();
    expect(await verify(handSigned({ alg: 'HS256' }, valid))).toEqual(claims);
  });

  it('refuses a token signed with HS384 or HS512 under the same secret', async () => {
    for (const alg of ['HS384', 'HS512']) {
      const token = await new SignJWT(valid).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
      expect(await verify(token), alg).toBeNull();
    }
  });

  it('refuses critical header extensions, b64:false included', async () => {
    expect(await verify(handSigned({ alg: 'HS256', crit: ['exp'], exp: 1 }, valid))).toBeNull();
    expect(await verify(handSigned({ alg: 'HS256', crit: ['b64'], b64: false }, valid))).toBeNull();
    expect(await verify(handSigned({ alg: 'HS256', crit: [] }, valid))).toBeNull();
  });

  it('refuses a changed payload under the original signature', async () => {
    const token = await jwt({}, valid);
    const [h, , s] = token.split('.') as [string, string, string];
    for (const changed of [
      { ...valid, exp: seconds + 3600 },
      { ...valid, jti: 'session-2' },
      { ...valid, fph: 'e'.repeat(64) },
    ]) {
      expect(await verify(`${h}.${part(changed)}.${s}`)).toBeNull();
    }
  });

  it('refuses a payload that is not UTF-8, even signed with our key', async () => {
    const json = Buffer.from(JSON.stringify({ ...valid, fph: `${'f'.repeat(63)}#` }));
    json[json.indexOf('#')] = 0xff;
    const token = signedWithOurKey(`${part({ alg: 'HS256' })}.${json.toString('base64url')}`);
    expect(await verify(token)).toBeNull();
  });

  it('refuses parts that are not base64url, even signed with our key', async () => {
    const [h, p] = [part({ alg: 'HS256', typ: 'JWT' }), part(valid)];
    expect(await verify(signedWithOurKey(`${h}.${p}`))).toEqual(claims);
    expect(await verify(signedWithOurKey(`${h}*.${p}`))).toBeNull();
    expect(await verify(signedWithOurKey(`${h}.${p.slice(0, 8)}\u00e9${p.slice(8)}`))).toBeNull();
  });

  it('answers null, never an error, for tokens that are not JWTs at all', async () => {
    const notJwts = ['', '..', 'a.b.c', '\u00e9.\u00e9.\u00e9', `${part('text')}.${part(valid)}.x`];
    for (const token of notJwts) {
      expect(await verify(token), token).toBeNull();
    }
  });

  it('checks a token once and answers its next calls from memory, expiry still checked', async () => {
    const clock = manualClock(now);
    const tokens = createTokenService(secret, clock);
    const token = await tokens.sign(claims, new Date(now.getTime() + 60_000));
    // jose checks an HS256 signature with WebCrypto's HMAC: counted to see which calls the
    // service answers from memory (a spy on the global, so it holds however modules load).
    const hmac = vi.spyOn(crypto.subtle, 'verify');
    try {
      expect(await tokens.verify(token)).toEqual(claims);
      clock.advance(30_000);
      expect(await tokens.verify(token)).toEqual(claims);
      expect(hmac).toHaveBeenCalledTimes(1);
      clock.advance(30_000);
      expect(await tokens.verify(token)).toBeNull();
      expect(hmac).toHaveBeenCalledTimes(1);
      // A refused token is checked again on every call.
      const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      clock.set(now);
      expect(await tokens.verify(forged)).toBeNull();
      expect(await tokens.verify(forged)).toBeNull();
      expect(hmac).toHaveBeenCalledTimes(3);
    } finally {
      hmac.mockRestore();
    }
  });
});
