import { describe, expect, it } from 'vitest';
import { decodeComponent } from '../../src/parse/input/decode-component.js';
import { splitList } from '../../src/parse/split-list.js';

describe('splitList', () => {
  it.each([
    ['', ',', ['']],
    ['a', ',', ['a']],
    ['a,b', ',', ['a', 'b']],
    ['a,,b,', ',', ['a', '', 'b', '']],
    [',', ',', ['', '']],
    ['computers__owner__name', '__', ['computers', 'owner', 'name']],
    ['a___b', '__', ['a', '_b']],
    ['__', '__', ['', '']],
  ])('%j on %j is %j, as String.prototype.split', (text, separator, expected) => {
    expect(splitList(text, separator)).toEqual(expected);
    expect(splitList(text, separator)).toEqual(text.split(separator));
  });
});

describe('decodeComponent', () => {
  it.each([
    ['plain', 'plain'],
    ['a+b', 'a b'],
    ['a%2Bb', 'a+b'],
    ['%25', '%'],
    ['%E2%82%AC', '€'],
    ['x'.repeat(100), 'x'.repeat(100)],
    [`${'x'.repeat(100)}+%41`, `${'x'.repeat(100)} A`],
  ])('%j → %j', (raw, decoded) => {
    expect(decodeComponent(raw)).toBe(decoded);
  });

  it.each(['%', '%4', '%G1', '%E2%82', '%FF', '%00', 'a\u0000', `${'x'.repeat(100)}\u0000`])(
    '%j is malformed',
    (raw) => {
      expect(decodeComponent(raw)).toBeUndefined();
    },
  );
});
