import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { SharedRedis } from '../lib/redis.ts';
import { createApiRateLimit, isApiRequest } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the request reaches the API (`isApiRequest`), as judged on its arrival. */
    isApi: boolean;
  }
}

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

/**
 * Headers that only matter to an HTML page (its browsing context, DNS prefetching of its
 * links, old browsers' XSS filter and download dialog): pages keep them, API answers go without.
 */
const PAGE_ONLY_HEADERS: ReadonlySet<string> = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
]);

export interface SecurityOptions {
  /** True once the app is closing: every answer then asks its client to close the connection. */
  closing: () => boolean;
}

/**
 * The protections every request passes, in two hooks (each hook a request passes costs it a step
 * of Fastify's hook chain): on arrival, the security headers (and, for API calls, `no-store`) and
 * the API rate limit; before sending, `no-store` enforced on API answers a route gave another
 * Cache-Control, and `connection: close` while the app closes.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  redis: SharedRedis | undefined,
  options: SecurityOptions,
): Promise<void> {
  const headers = securityHeaders(config.cookieSecure);
  // API answers carry personal data and tokens: no browser or proxy may keep a copy. They are
  // not pages, so the headers that only pages use are left off them (the OWASP REST set plus
  // the CSP): each answer's bytes are written per request, and health checks come by the
  // thousand.
  const apiHeaders = Object.fromEntries([
    ...Object.entries(headers).filter(([name]) => !PAGE_ONLY_HEADERS.has(name)),
    ['cache-control', 'no-store'],
  ]);
  const rateLimit = createApiRateLimit(config.rateLimitPerMinute, redis);
  app.decorateRequest('isApi', false);
  // The headers first, so a 429 carries them too.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) {
      void reply.headers(headers);
      done();
      return;
    }
    request.isApi = true;
    void reply.headers(apiHeaders);
    rateLimit(request, reply, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.isApi) {
      // A route (or an error answer) may have set a Cache-Control of its own.
      const current = reply.getHeader('cache-control');
      if (
        current !== 'no-store' &&
        (typeof current !== 'string' || !current.includes('no-store'))
      ) {
        void reply.header('cache-control', 'no-store');
      }
    }
    if (options.closing()) {
      void reply.header('connection', 'close');
    }
    done(null, payload);
  });
}
