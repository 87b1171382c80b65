// The API's per-address call limit: windows start at an address's first call, end after their
// length, and the memory of addresses stays bounded however many addresses call.
import { describe, expect, it } from 'vitest';
import { WindowRateLimiter } from '../src/plugins/rate-limit.ts';

describe('window rate limiter', () => {
  it('lets max calls through per window, then answers when the window ends', () => {
    const limiter = new WindowRateLimiter(3, 60_000);
    const t0 = 1_000_000;
    expect([1, 2, 3].map((i) => limiter.hit('a', t0 + i))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(limiter.hit('a', t0 + 10)).toEqual({ count: 4, resetAt: t0 + 1 + 60_000 });
    // Each address has its own window.
    expect(limiter.hit('b', t0 + 10)).toBeUndefined();
    // A new window starts once the old one ended.
    expect(limiter.hit('a', t0 + 1 + 60_000)).toBeUndefined();
    expect(limiter.hit('a', t0 + 2 + 60_000)).toBeUndefined();
  });

  it('remembers at most its capacity of addresses, dropping ended windows, then the oldest', () => {
    const limiter = new WindowRateLimiter(1, 1_000, 100);
    for (let i = 0; i < 1_000; i += 1) {
      limiter.hit(`10.0.${String(Math.floor(i / 256))}.${String(i % 256)}`, 5_000 + i);
    }
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest address is still counted: its second call is over the limit.
    expect(limiter.hit('10.0.3.231', 6_000)).toBeDefined();
  });
});
