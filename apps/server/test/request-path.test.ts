// The protections every request passes (plugins/security.ts, plugins/rate-limit.ts) after the
// request path was made cheaper: the security headers on every answer, API or not, refused or
// not; no-store on every API answer; the API limit counted per address (an IPv6 one per /64);
// the signed-in user shared by a session's calls refused as soon as the session ends.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from './helpers.ts';

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp('sqlite', { env });
  opened.push(t);
  return t;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

describe('request path', () => {
  it('sends the security headers on every answer, and no-store on every API answer', async () => {
    const t = await app({ RATE_LIMIT_PER_MINUTE: '8' });
    const chair = await loginAs(t.app, 'SKC');
    const answers = {
      health: await t.app.inject({ url: '/api/health' }),
      signedIn: await t.app.inject({ url: '/api/user-data', headers: chair.headers }),
      unsigned: await t.app.inject({ url: '/api/user-data' }),
      unknownApi: await t.app.inject({ url: '/api/no-such-thing' }),
      badBody: await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      page: await t.app.inject({ url: '/some/page' }),
    };
    expect(answers.health.statusCode).toBe(200);
    expect(answers.signedIn.statusCode).toBe(200);
    expect(answers.unsigned.statusCode).toBe(401);
    expect(answers.unknownApi.statusCode).toBe(404);
    expect(answers.badBody.statusCode).toBe(400);
    let limited = answers.health;
    while (limited.statusCode !== 429) {
      limited = await t.app.inject({ url: '/api/health' });
    }
    for (const [name, answer] of Object.entries({ ...answers, limited })) {
      for (const [header, value] of Object.entries(SECURITY_HEADERS)) {
        expect(answer.headers[header], `${name}: ${header}`).toBe(value);
      }
      expect(answer.headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
      if (name !== 'page') {
        expect(answer.headers['cache-control'], name).toBe('no-store');
        // A page's own headers stay off API answers.
        expect(answer.headers['cross-origin-opener-policy'], name).toBeUndefined();
        expect(answer.headers['x-xss-protection'], name).toBeUndefined();
      }
    }
    expect(answers.page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(answers.page.headers['x-xss-protection']).toBe('0');
    expect(answers.page.headers['cache-control'] ?? '').not.toContain('no-store');
  });

  it('counts API calls per address, an IPv6 address by its /64, and not page files', async () => {
    const t = await app({ RATE_LIMIT_PER_MINUTE: '3' });
    const health = (remoteAddress: string) =>
      t.app.inject({ url: '/api/health', remoteAddress }).then((r) => r.statusCode);
    // Three addresses of one /64 share one count.
    expect([
      await health('2001:db8::1'),
      await health('2001:db8::2'),
      await health('2001:db8::3'),
      await health('2001:db8::4'),
    ]).toEqual([200, 200, 200, 429]);
    // The next /64, an IPv4 address: counts of their own.
    expect(await health('2001:db8:0:1::1')).toBe(200);
    expect([await health('10.8.0.1'), await health('10.8.0.1'), await health('10.8.0.1')]).toEqual([
      200, 200, 200,
    ]);
    expect(await health('10.8.0.1')).toBe(429);
    expect(await health('10.8.0.2')).toBe(200);
  });

  it('refuses a session at once when it ends, though its user was kept between calls', async () => {
    const t = await app();
    const official = await loginAs(t.app, 'SKO');
    for (let i = 0; i < 3; i += 1) {
      const r = await t.app.inject({ url: '/api/user-data', headers: official.headers });
      expect(r.statusCode).toBe(200);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: official.headers,
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/user-data', headers: official.headers });
    expect(after.statusCode).toBe(401);
    // Without the fingerprint cookie the token alone is refused.
    const again = await loginAs(t.app, 'SKO');
    const tokenOnly = await t.app.inject({
      url: '/api/user-data',
      headers: { authorization: again.headers.authorization },
    });
    expect(tokenOnly.statusCode).toBe(401);
    const both = await t.app.inject({ url: '/api/user-data', headers: again.headers });
    expect(both.statusCode).toBe(200);
  });
});
