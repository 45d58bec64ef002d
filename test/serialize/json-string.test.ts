import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString } from '../../src/serialize/json-string.js';
import { writeValue } from '../../src/serialize/write-resource.js';

/** Text with the characters JSON escapes, surrogates alone and in pairs, and plain runs. */
const text = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.string({ maxLength: 4, unit: 'binary' }),
      fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\u2028', '\ud800', '\udfff', '😀', 'é'),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('jsonString', () => {
  it('writes what JSON.stringify writes', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(jsonString(value)).toBe(JSON.stringify(value));
      }),
      { seed: 21, numRuns: 5_000 },
    );
  });
});

describe('writeValue', () => {
  it('writes what JSON.stringify writes, null for what it leaves out', () => {
    const value = fc.oneof(text, fc.jsonValue(), fc.constantFrom(undefined, Number.NaN, -0, Infinity, true, false, null), fc.date());
    fc.assert(
      fc.property(value, (item) => {
        expect(writeValue(item)).toBe(JSON.stringify(item) ?? 'null');
      }),
      { seed: 21, numRuns: 5_000 },
    );
  });
});
