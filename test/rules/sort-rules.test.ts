/**
 * The sort rules' homes (src/rules/): the id tie-break, a sort key as text, a
 * direction's flip and null order — and that the parser, the query string and the
 * memory layer's order read them alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortKey } from '../../src/ast/query-ast.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { stringifyQuery } from '../../src/stringify/stringify-query.js';
import { ID_ASCENDING, ID_ORDER, isIdTieBreak, sortsById, withIdTieBreak, withoutIdTieBreak } from '../../src/rules/id-tie-break.js';
import { flipDirection, nullsFirst } from '../../src/rules/sort-direction.js';
import { sortKeyName, sortKeyText, sortText } from '../../src/rules/sort-key-text.js';

const key = (text: string): SortKey => {
  const descending = text.startsWith('-');
  const segments = (descending ? text.slice(1) : text).split('.');
  return { path: segments.slice(0, -1), field: segments.at(-1) as string, direction: descending ? 'desc' : 'asc' };
};

/** Sort keys of computers: own fields and fields of the owner, either way. */
const computerKey = fc.constantFrom('id', 'serial', 'owner.id', 'owner.name', 'owner.birth_date').chain((name) =>
  fc.constantFrom(name, `-${name}`),
);
const computerSort = fc.uniqueArray(computerKey, { minLength: 1, maxLength: 5, selector: (text) => text.replace(/^-/, '') });

describe('the id tie-break', () => {
  it('is id ascending, alone in the primary key order', () => {
    expect(ID_ASCENDING).toEqual({ path: [], field: 'id', direction: 'asc' });
    expect(ID_ORDER).toEqual([ID_ASCENDING]);
    expect(Object.isFrozen(ID_ASCENDING) && Object.isFrozen(ID_ORDER)).toBe(true);
  });

  it('is appended unless the sort names id either way; a related id does not count', () => {
    expect(withIdTieBreak([key('-name')])).toEqual([key('-name'), ID_ASCENDING]);
    expect(withIdTieBreak([key('-id'), key('name')])).toEqual([key('-id'), key('name')]);
    expect(withIdTieBreak([key('owner.id')])).toEqual([key('owner.id'), ID_ASCENDING]);
    expect(sortsById(key('-id'))).toBe(true);
    expect(isIdTieBreak(key('-id'))).toBe(false);
  });

  it('is what the parser appends, and what the query string leaves out', () => {
    fc.assert(
      fc.property(computerSort, (texts) => {
        const keys = texts.map(key);
        const parsed = parseQuery(`sort=${texts.join(',')}`, { schema: exampleSchema, type: 'computer' }).sort;
        expect(parsed).toEqual(withIdTieBreak(keys));
        expect(withoutIdTieBreak(withIdTieBreak(keys))).toEqual(
          keys.at(-1) !== undefined && isIdTieBreak(keys.at(-1) as SortKey) ? keys.slice(0, -1) : keys,
        );
      }),
    );
  });
});

describe('a sort key as text', () => {
  it('writes the dotted path, and a leading "-" when descending', () => {
    expect(sortKeyName(key('-owner.name'))).toBe('owner.name');
    expect(sortKeyText(key('-owner.name'))).toBe('-owner.name');
    expect(sortText([key('-birth_date'), ID_ASCENDING])).toBe('-birth_date,id');
  });

  it('is the text the parser reads back to the same keys, and the text of the query string', () => {
    fc.assert(
      fc.property(computerSort, (texts) => {
        const keys = texts.map(key);
        expect(sortText(keys)).toBe(texts.join(','));
        const ast = parseQuery(`sort=${sortText(keys)}`, { schema: exampleSchema, type: 'computer' });
        const written = new URLSearchParams(stringifyQuery(ast)).get('sort') ?? '';
        expect(written).toBe(sortText(withoutIdTieBreak(ast.sort)));
      }),
    );
  });
});

describe('directions and null order', () => {
  it('flipping twice is the identity, and flips null order with it', () => {
    for (const direction of ['asc', 'desc'] as const) {
      expect(flipDirection(flipDirection(direction))).toBe(direction);
      expect(nullsFirst(flipDirection(direction))).toBe(!nullsFirst(direction));
    }
    expect(nullsFirst('asc')).toBe(false); // nulls after every value ascending
    expect(nullsFirst('desc')).toBe(true); // and before every value descending
  });
});
