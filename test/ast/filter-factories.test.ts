/**
 * `compareNode` (docs/api.md): pattern tokens and match words are resolved from a
 * text value only; any other value is kept as given, with nothing beside it.
 */
import { describe, expect, it } from 'vitest';
import { compareNode } from '../../src/index.js';

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
});
