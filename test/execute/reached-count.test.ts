import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReachedCount } from '../../src/execute/reached.js';

describe('ReachedCount', () => {
  it('is exceeded exactly when the distinct type and id pairs added pass the limit', () => {
    const row = fc.record({ id: fc.oneof(fc.nat({ max: 6 }), fc.constantFrom('0', '1', '2', '7')) });
    const step = fc.tuple(fc.constantFrom('person', 'computer'), fc.array(row, { maxLength: 6 }));
    fc.assert(
      fc.property(fc.nat({ max: 12 }), fc.array(step, { maxLength: 6 }), (limit, steps) => {
        const count = new ReachedCount(limit);
        const distinct = new Set<string>();
        for (const [type, rows] of steps) {
          count.add(type, rows);
          for (const { id } of rows) distinct.add(`${type}\u0000${String(id)}`);
          expect(count.exceeded()).toBe(distinct.size > limit);
        }
      }),
      { seed: 21, numRuns: 3_000 },
    );
  });
});
