/** A small least-recently-used map: reading an entry refreshes it; the oldest entry goes first. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  /**
   * The most recently used key: reading it again needs no move to the end (a key read by a run
   * of calls, a user's token, a session, costs one lookup instead of a delete and an insert).
   */
  private newest: K | undefined;

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, value);
      this.newest = key;
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) {
        break;
      }
      this.entries.delete(oldest.value);
    }
  }

  /** Forgets everything (the data under every key changed, e.g. after a restore). */
  clear(): void {
    this.entries.clear();
    this.newest = undefined;
  }

  delete(key: K): void {
    this.entries.delete(key);
    if (key === this.newest) {
      this.newest = undefined;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
