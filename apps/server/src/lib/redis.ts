// The Redis connection shared counters go through (REDIS_URL): the API rate limit and the
// sign-in and recovery address limits, counted once for every server process. Redis is a helper,
// never a dependency of an answer: a command fails at once while the connection is down (no
// offline queue) or after a short timeout, and the callers fall back (the API limit lets the call
// through; sign-in and recovery count in the database, as without Redis).
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** The longest a counter command may take before it counts as failed. */
const COMMAND_TIMEOUT_MS = 500;

export interface SharedRedis {
  client: Redis;
  /** Resolves once connected, or after `ms` (then commands fail over until it connects). */
  ready(ms: number): Promise<boolean>;
  /** A round trip (the readiness check). */
  ping(): Promise<unknown>;
  /** Drops the connection at once (pending counter commands fail over, as in an outage). */
  close(): void;
}

export function connectRedis(
  url: string,
  keyPrefix: string,
  logger: FastifyBaseLogger,
): SharedRedis {
  const client = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever, at most every two seconds.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // One line when Redis goes away and one when it is back, however often reconnecting fails.
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) {
      down = true;
      logger.warn(
        { err: error },
        'Redis is unreachable: the API rate limit is not counted until it is back (calls are let through); sign-in and recovery limits are counted in the database',
      );
    }
  });
  client.on('ready', () => {
    if (down) {
      down = false;
      logger.info('Redis is reachable again: shared counters are back');
    }
  });
  return {
    client,
    async ready(ms) {
      if (client.status === 'ready') {
        return true;
      }
      const timeout = AbortSignal.timeout(ms);
      return once(client, 'ready', { signal: timeout }).then(
        () => true,
        () => false,
      );
    },
    ping: () => client.ping(),
    close() {
      client.disconnect();
    },
  };
}

/** Whether one more attempt may be counted for a key, as decided by `reserve`. */
export type Reservation = 'reserved' | 'over' | 'unavailable';

/**
 * Counters of attempts per key (an address) in windows that start at the key's first attempt:
 * `reserve` counts one unless the key is over its limit, `release` gives one back (an attempt
 * that is not to count, e.g. a sign-in that succeeded). `unavailable`: Redis did not answer, and
 * the caller counts in the database instead.
 */
export interface AddressCounters {
  reserve(key: string, max: number, windowMs: number): Promise<Reservation>;
  release(key: string, windowMs: number): Promise<void>;
}

export function redisAddressCounters(redis: SharedRedis): AddressCounters {
  const { client } = redis;
  const prefix = 'limit:';
  return {
    async reserve(key, max, windowMs) {
      try {
        // SET NX PX starts a window with its expiry only when none runs; INCR keeps the expiry.
        const results = await client
          .multi()
          .set(prefix + key, 0, 'PX', windowMs, 'NX')
          .incr(prefix + key)
          .exec();
        const count = results?.[1]?.[1];
        if (typeof count !== 'number') {
          return 'unavailable';
        }
        return count > max ? 'over' : 'reserved';
      } catch {
        return 'unavailable';
      }
    },
    async release(key, windowMs) {
      // A window that ended meanwhile restarts (with its expiry) before the decrement.
      await client
        .multi()
        .set(prefix + key, 0, 'PX', windowMs, 'NX')
        .decr(prefix + key)
        .exec()
        .catch(() => undefined);
    },
  };
}
