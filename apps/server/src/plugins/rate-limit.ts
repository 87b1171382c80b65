// The API's limit on calls per client address (RATE_LIMIT_PER_MINUTE), checked in a plain
// synchronous hook: the general-purpose plugin it replaces spent several promises, a route-options
// object and three headers on every call. Sign-in and recovery have their own, stricter limits
// per account and address (features/auth, features/password-recovery).

/** One address's current window. */
interface Window {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Counts calls per key in windows of `windowMs` that start at the key's first call. At most
 * `capacity` keys are remembered: when more arrive, ended windows go first, then the oldest.
 */
export class WindowRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly capacity = 10_000,
  ) {}

  /** Counts one call; answers the window when the call is over the limit, else undefined. */
  hit(key: string, now: number): Window | undefined {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (window) {
        this.windows.delete(key);
      }
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.capacity) {
        this.evict(now);
      }
    }
    window.count += 1;
    return window.count > this.max ? window : undefined;
  }

  private evict(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key);
      }
    }
    // Keys are kept in the order their windows started: the oldest go first.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.capacity) {
        break;
      }
      this.windows.delete(key);
    }
  }

  get size(): number {
    return this.windows.size;
  }
}
