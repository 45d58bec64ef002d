/**
 * A bounded map that forgets the least recently used entry: the memory layer's cache
 * of compiled query shapes and the SQL layer's prepared SQLite statements, so a
 * long-running process keeps a fixed footprint however many shapes clients send.
 */
export class LruCache<K, V> {
  readonly capacity: number;
  private readonly entries = new Map<K, V>();
  /** The most recently used key, last in `entries`: a hit on it needs no reordering. */
  private newest: K | undefined;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('Cache capacity must be a positive integer');
    this.capacity = capacity;
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** The value for a key, marking it most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, value);
      this.newest = key;
    }
    return value;
  }

  /** Stores a value, dropping the least recently used entry when full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }
}
