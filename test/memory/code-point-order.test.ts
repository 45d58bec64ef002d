/**
 * Code-point order of strings (docs/data-layer.md) at its edges: the first unit of
 * each surrogate and private-use range, equal prefixes of different lengths, and a
 * property against the order of the code point arrays (lone surrogates sort as astral
 * characters, so the property leaves them out); and the heap the memory layer
 * keeps a sorted page's top rows in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../src/layers/data-layer.js';
import { compareCodePoints, isCodeUnitSafe } from '../../src/layers/memory/code-point-order.js';
import { siftDown, siftUp } from '../../src/layers/memory/heap.js';

/** The reference order: the code point arrays compared item by item. */
function byCodePoints(a: string, b: string): number {
  const [x, y] = [Array.from(a, (char) => char.codePointAt(0) as number), Array.from(b, (char) => char.codePointAt(0) as number)];
  for (let index = 0; index < Math.min(x.length, y.length); index++) {
    if (x[index] !== y[index]) return (x[index] as number) < (y[index] as number) ? -1 : 1;
  }
  return Math.sign(x.length - y.length);
}

describe('compareCodePoints', () => {
  it.each([
    ['a', 'a', 0],
    ['a', 'b', -1],
    ['b', 'a', 1],
    ['ab', 'a', 1],
    ['a', 'ab', -1],
    ['', 'a', -1],
    ['\uD7FF', '\uE000', -1],
    ['\uD800\uDC00', '\uD7FF', 1],
    ['\uD800\uDC00', '\uE000', 1],
    ['\uD800\uDC00', '\uDFFF', -1],
    ['\uDFFF', '\uE000', 1],
    ['\uE000', '\uD800', -1],
    ['\uFFFF', '\u{10000}', -1],
    ['\u{10FFFF}', '\uFFFF', 1],
    ['\uE000', '\uE001', -1],
    ['\uD800', '\uD801', -1],
    ['\uD801', '\uD800', 1],
  ])('%j against %j is %i', (a, b, expected) => {
    expect(compareCodePoints(a, b)).toBe(expected);
  });

  it('orders as the code point arrays do (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\uD7FF', '\uE000', '\uFFFF', '\u{10000}', '\u{10FFFF}'), maxLength: 4 });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(compareCodePoints(a, b)).toBe(byCodePoints(a, b));
      }),
    );
  });
});

describe('isCodeUnitSafe', () => {
  it.each([
    ['', true],
    ['John', true],
    ['\uD7FF', true],
    ['a\uD800', false],
    ['\u{1F600}', false],
    ['\uE000', false],
  ])('%j: %s', (value, expected) => {
    expect(isCodeUnitSafe(value)).toBe(expected);
  });
});

describe('siftUp and siftDown', () => {
  const comparator = (a: Row, b: Row): number => (a.id as number) - (b.id as number);

  it('keep the k smallest values, the largest of them at the root (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }), fc.integer({ min: 1, max: 6 }), (values, k) => {
        const heap: Row[] = [];
        for (const value of values) {
          const row = { id: value };
          if (heap.length < k) {
            heap.push(row);
            siftUp(heap, heap.length - 1, comparator);
          } else if (comparator(row, heap[0] as Row) < 0) {
            heap[0] = row;
            siftDown(heap, 0, comparator);
          }
          heap.forEach((item, index) => {
            if (index > 0) expect(comparator(heap[(index - 1) >> 1] as Row, item)).toBeGreaterThanOrEqual(0);
          });
        }
        const kept = heap.map((row) => row.id as number).sort((a, b) => a - b);
        expect(kept).toEqual([...values].sort((a, b) => a - b).slice(0, k));
      }),
    );
  });
});
