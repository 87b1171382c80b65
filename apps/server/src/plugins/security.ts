import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { SharedRedis } from '../lib/redis.ts';
import { isApiRequest, registerRateLimit } from './rate-limit.ts';

/** The Content-Security-Policy of every answer: only our own origin, nothing framed. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * The security headers of every answer (the set helmet sends, with our CSP), built once: they
 * never vary per request, so building them per request (as a middleware does) is wasted work.
 * HSTS only when the app is served over HTTPS (`COOKIE_SECURE`).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  redis: SharedRedis | undefined,
): Promise<void> {
  await app.register(cookie);
  const headers = securityHeaders(config.cookieSecure);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // API answers carry personal data and tokens: no browser or proxy may keep a copy.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request)) {
      const current = reply.getHeader('cache-control');
      if (typeof current !== 'string' || !current.includes('no-store')) {
        void reply.header('cache-control', 'no-store');
      }
    }
    done(null, payload);
  });
  // After the headers hook, so a 429 carries the security headers too.
  await registerRateLimit(app, config.rateLimitPerMinute, redis);
}
