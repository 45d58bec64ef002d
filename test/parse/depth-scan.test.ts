import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, jsonDepthBound } from '../../src/parse/filter/depth-scan.js';

describe('exceedsJsonDepth', () => {
  it.each([
    ['[]', 1, false],
    ['[[]]', 1, true],
    ['[{}]', 2, false],
    ['[{"a":[{}]}]', 3, true],
    ['["[[[[[["]', 1, false],
    ['["\\"[[[["]', 1, false],
    ['["\\\\",[[]]]', 2, true],
    ['["\\\\"]', 1, false],
    ['{"a":"}}}}"}', 1, false],
    ['"unterminated [[[[', 1, false],
    [']]]][[[[[[', 1, false],
    ['[]]]', 1, false],
    ['', 0, false],
  ])('%s with at most %i levels → %s', (text, depth, expected) => {
    expect(exceedsJsonDepth(text, depth)).toBe(expected);
  });

  it('bounds the JSON nesting of a filter within the limit', () => {
    expect(jsonDepthBound(10)).toBe(23);
    const ands = '{"and":['.repeat(10) + '{"name":"a","op":"in_","val":[1]}' + ']}'.repeat(10);
    expect(exceedsJsonDepth(`[${ands}]`, jsonDepthBound(10))).toBe(false);
    expect(exceedsJsonDepth(`[{"and":[${ands}]}]`, jsonDepthBound(10))).toBe(true);
  });
});
