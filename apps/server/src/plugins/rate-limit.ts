// The API's limit on calls per client address (RATE_LIMIT_PER_MINUTE), counted by
// @fastify/rate-limit's stores: in Redis when REDIS_URL is set, so every server process shares one
// count, else in this process's memory. Only API calls count (unknown API paths too, judged by the
// decoded path as the router sees it): one page load fetches dozens of static files. Sign-in and
// recovery have stricter limits of their own per account and address (features/auth,
// features/password-recovery).
//
// The stores are called directly from one synchronous check (`createApiRateLimit`, run by the
// security plugin's onRequest hook) rather than through the plugin's own hook: that hook awaited
// four promises per call (key, store, result, handler), which cost a counted call more than
// counting it. Counting, keys, windows and answers are the plugin's: the same store code, the
// same key (the address, an IPv6 one per /64), 429 with Retry-After only.
import { createRequire } from 'node:module';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import type { SharedRedis } from '../lib/redis.ts';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** Addresses whose windows the in-memory count keeps (least recently seen out first). */
const MEMORY_CAPACITY = 10_000;
/** The window each address's count runs for, from its first call. */
const WINDOW_MS = 60_000;
/** Where the counts live in Redis (after the REDIS_KEY_PREFIX of the connection). */
const REDIS_NAMESPACE = 'rate:';

/** One count: calls in the window so far, and milliseconds until it ends. */
interface Count {
  current: number;
  ttl: number;
}

/** @fastify/rate-limit's store interface (store/LocalStore.js, store/RedisStore.js). */
interface Store {
  incr(
    key: string,
    callback: (error: Error | null, count: Count | null) => void,
    timeWindow: number,
    max: number,
  ): void;
}

// The plugin's own stores; the package exports only the plugin, so they are loaded by path.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  capacity: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => Store;

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

/** The key an address counts under: @fastify/rate-limit's (an IPv6 address by its /64). */
function addressKey(ip: string): string {
  // An IPv4 address is its own key (the plugin lower-cases it, which changes no digit or dot).
  return ip.includes(':') ? normalizeIP(ip) : ip;
}

/**
 * Counts one API call of the request's address, then calls `done`: with nothing when the call
 * is within the limit (or Redis failed: the call goes through uncounted, and lib/redis.ts logs
 * the outage once), with a 429 RATE_LIMITED error and a Retry-After header when it is over.
 */
export type ApiRateLimit = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
) => void;

export function createApiRateLimit(
  perMinute: number,
  redis: SharedRedis | undefined,
): ApiRateLimit {
  const store = redis
    ? new RedisStore(false, false, redis.client, REDIS_NAMESPACE)
    : new LocalStore(false, false, MEMORY_CAPACITY);
  return (request, reply, done) => {
    // The in-memory store answers at once (before incr returns); Redis when it replies.
    store.incr(
      addressKey(request.ip),
      (error, count) => {
        if (error || !count || count.current <= perMinute) {
          done();
          return;
        }
        void reply.header('retry-after', Math.ceil(count.ttl / 1000));
        done(new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE, 429));
      },
      WINDOW_MS,
      perMinute,
    );
  };
}

/**
 * A count of calls per key over a window, in the same stores as the API limit (Redis when
 * shared): true while within `max`. Used by limits of their own (the public self-profiling form
 * per address and per barangay). Redis failing lets the call through, as the API limit does.
 */
export function createKeyedLimit(
  redis: SharedRedis | undefined,
  nameSpace: string,
  windowMs: number,
): (key: string, max: number) => Promise<boolean> {
  const store = redis
    ? new RedisStore(false, false, redis.client, `${REDIS_NAMESPACE}${nameSpace}:`)
    : new LocalStore(false, false, MEMORY_CAPACITY);
  return (key, max) =>
    new Promise((resolve) => {
      store.incr(
        `${nameSpace}:${key}`,
        (error, count) => {
          resolve(Boolean(error) || !count || count.current <= max);
        },
        windowMs,
        max,
      );
    });
}

/** The address key of createKeyedLimit: an IPv6 address by its /64, as the API limit counts. */
export const limitAddressKey = addressKey;
