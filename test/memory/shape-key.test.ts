import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterPlan, SortPlanKey } from '../../src/layers/memory/query-plan.js';
import type { ScanMode } from '../../src/layers/memory/scan.js';
import { shapeKey } from '../../src/layers/memory/shape-key.js';

/** The key as it was written before: everything through `JSON.stringify`. */
function jsonKey(type: string, mode: ScanMode, keys: readonly SortPlanKey[], plan: FilterPlan | null): string {
  return `${type}\n${mode}\n${JSON.stringify(keys)}\n${plan === null ? '' : JSON.stringify(plan)}`;
}

// Few values, so that equal shapes come up often; names with digits, ':' and ';' to try to run members together.
const sortKey: fc.Arbitrary<SortPlanKey> = fc.record({
  slots: fc.array(fc.nat({ max: 12 }), { maxLength: 2 }),
  field: fc.constantFrom('a', 'ab', '1', '1:a', 'a;', ':', 'b:1:a', 'name'),
  desc: fc.boolean(),
  codePoint: fc.boolean(),
});
const plan: fc.Arbitrary<FilterPlan | null> = fc.constantFrom(
  null,
  { kind: 'const', value: true },
  { kind: 'lowered', field: 'name', nullable: false, matcher: 0, column: 1, negate: false },
  { kind: 'lowered', field: 'name', nullable: true, matcher: 0, column: 1, negate: false },
);
const shape = fc.tuple(fc.constantFrom('person', 'computer'), fc.constantFrom<ScanMode>('asc', 'desc', 'top', 'all'), fc.array(sortKey, { maxLength: 3 }), plan);

describe('shapeKey', () => {
  it('tells two shapes apart exactly when their JSON text does', () => {
    fc.assert(
      fc.property(shape, shape, (a, b) => {
        expect(shapeKey(...a) === shapeKey(...b)).toBe(jsonKey(...a) === jsonKey(...b));
      }),
      { seed: 21, numRuns: 20_000 },
    );
  });

  it('gives equal shapes equal keys', () => {
    fc.assert(
      fc.property(shape, (a) => {
        const copy = structuredClone(a);
        expect(shapeKey(...copy)).toBe(shapeKey(...a));
      }),
      { seed: 21, numRuns: 1_000 },
    );
  });
});
