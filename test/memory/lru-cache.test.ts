import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/layers/lru-cache.js';

/** A plain statement of the rule: keys from least to most recently used, the first dropped past capacity. */
class ReferenceLru {
  private order: [string, number][] = [];
  constructor(private readonly capacity: number) {}
  get(key: string): number | undefined {
    const index = this.order.findIndex(([held]) => held === key);
    if (index === -1) return undefined;
    const [entry] = this.order.splice(index, 1) as [[string, number]];
    this.order.push(entry);
    return entry[1];
  }
  set(key: string, value: number): void {
    this.order = this.order.filter(([held]) => held !== key);
    this.order.push([key, value]);
    if (this.order.length > this.capacity) this.order.shift();
  }
  get size(): number {
    return this.order.length;
  }
}

describe('LruCache', () => {
  it('keeps and forgets what a plain least-recently-used list does', () => {
    const operation = fc.tuple(fc.boolean(), fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.integer());
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(operation, { maxLength: 60 }), (capacity, operations) => {
        const cache = new LruCache<string, number>(capacity);
        const reference = new ReferenceLru(capacity);
        for (const [isGet, key, value] of operations) {
          // Keys built afresh, as the layer builds them per request: equal text, another string.
          const fresh = [...key].join('');
          if (isGet) expect(cache.get(fresh)).toBe(reference.get(key));
          else {
            cache.set(fresh, value);
            reference.set(key, value);
          }
          expect(cache.size).toBe(reference.size);
        }
        for (const key of ['a', 'b', 'c', 'd', 'e']) expect(cache.get(key)).toBe(reference.get(key));
      }),
      { seed: 21, numRuns: 2_000 },
    );
  });
});
