/**
 * `compareNode` (docs/api.md): pattern tokens and match words are resolved from a
 * text value only; any other value is kept as given, with nothing beside it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPARISON_OPERATORS, type ComparisonOperator } from '../../src/ast/operators.js';
import { compareNode, tokenizePattern } from '../../src/index.js';
import { matchWords } from '../../src/ast/match-words.js';

const PATTERN_OPERATORS: ReadonlySet<string> = new Set(['like', 'ilike', 'notlike', 'notilike']);

/** `compareNode` as first written: the resolved part of a text value spread in after `value`. */
function compareNodeBySpread(field: string, op: ComparisonOperator, value: Parameters<typeof compareNode>[2]) {
  const resolved =
    typeof value === 'string'
      ? PATTERN_OPERATORS.has(op)
        ? { pattern: tokenizePattern(value) }
        : op === 'match'
          ? { words: matchWords(value) }
          : undefined
      : undefined;
  return { kind: 'compare', field, op, value, ...resolved };
}

describe('compareNode', () => {
  it('resolves pattern tokens and match words from text', () => {
    expect(compareNode('name', 'like', 'J%')).toEqual({ kind: 'compare', field: 'name', op: 'like', value: 'J%', pattern: [{ kind: 'text', text: 'J' }, { kind: 'any' }] });
    expect(compareNode('bio', 'match', 'Dog dog cat')).toEqual({ kind: 'compare', field: 'bio', op: 'match', value: 'Dog dog cat', words: ['dog', 'cat'] });
  });

  it.each([
    ['like', null],
    ['notilike', 5],
    ['match', true],
    ['ilike', ['a%', 'b%']],
  ] as const)('keeps a %s value that is no text as it is: %j', (op, value) => {
    const node = compareNode('name', op, value);
    expect(Object.keys(node)).toEqual(['kind', 'field', 'op', 'value']);
    expect(node).toEqual({ kind: 'compare', field: 'name', op, value });
  });

  it('gives the nodes of the spread form, key order included, frozen, on generated operands', () => {
    const comparison = fc.constantFrom(...COMPARISON_OPERATORS);
    const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('a%_b', 'Dog dog', '\\%x'), fc.integer(), fc.boolean(), fc.constant(null));
    const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
    fc.assert(
      fc.property(comparison, value, (op, operand) => {
        const node = compareNode('name', op, operand);
        const expected = compareNodeBySpread('name', op, operand);
        expect(node).toEqual(expected);
        expect(Object.keys(node)).toEqual(Object.keys(expected));
        expect(Object.isFrozen(node)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

