import { describe, expect, it } from 'vitest';
import { LruCache } from '../src/lib/lru.ts';

describe('forecast cache (least recently used)', () => {
  it('drops the least recently used entry beyond its capacity', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // 'a' is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('replaces an entry set again and forgets a deleted one', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 5);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(5);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
