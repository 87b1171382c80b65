// The API's limit on calls per client address (RATE_LIMIT_PER_MINUTE), counted by
// @fastify/rate-limit: in Redis when REDIS_URL is set, so every server process shares one count,
// else in this process's memory. Only API calls count (unknown API paths too, judged by the
// decoded path as the router sees it): one page load fetches dozens of static files. Sign-in and
// recovery have stricter limits of their own per account and address (features/auth,
// features/password-recovery).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { SharedRedis } from '../lib/redis.ts';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** Addresses whose windows the in-memory count keeps (least recently seen out first). */
const MEMORY_CAPACITY = 10_000;

/**
 * Whether a request reaches the API, judged as the router sees it: by its percent-decoded path
 * (`/%61pi/login` is `/api/login`, as the router matches it). A path that does not decode counts
 * as API, so it is limited rather than let through.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const url = request.url;
  if (url.startsWith('/api')) {
    return true;
  }
  if (!url.includes('%')) {
    return false;
  }
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).startsWith('/api');
  } catch {
    return true;
  }
}

export async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number,
  redis: SharedRedis | undefined,
): Promise<void> {
  await app.register(rateLimit, {
    // Not per route: one hook below sees every request, routed or not.
    global: false,
    max: perMinute,
    timeWindow: 60_000,
    cache: MEMORY_CAPACITY,
    ...(redis ? { redis: redis.client, nameSpace: 'rate:' } : {}),
    // Redis unreachable: the call goes through uncounted (lib/redis.ts logs the outage once).
    skipOnError: true,
    // Today's answer: only Retry-After, and only on a 429.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, 429),
  });
  const limit = app.rateLimit();
  // A callback hook: requests that are not API calls pay no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request)) {
      done();
      return;
    }
    limit.call(app, request, reply).then(
      () => {
        done();
      },
      (error: unknown) => {
        done(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
