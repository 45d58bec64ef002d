import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fieldsets, SortKey } from '../../src/ast/query-ast.js';
import { sortKeyCountWritten, sortKeysWritten } from '../../src/layers/capabilities.js';
import { attributeHint } from '../../src/execute/resolve-includes.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import { exampleSchema } from '../../src/example/index.js';

// The loops that replace `slice` and `filter` on the parser's frozen arrays, against those calls.

const sortKey: fc.Arbitrary<SortKey> = fc.record({
  path: fc.array(fc.constantFrom('owner', 'computers'), { maxLength: 2 }),
  field: fc.constantFrom('id', 'name', 'serial'),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});
const frozenOrNot = <T>(items: T[], frozen: boolean): readonly T[] => (frozen ? Object.freeze(items) : items);

describe('sortKeysWritten and sortKeyCountWritten', () => {
  it('give what slicing off a trailing id key gives', () => {
    fc.assert(
      fc.property(fc.array(sortKey, { maxLength: 5 }), fc.boolean(), (keys, frozen) => {
        const sort = frozenOrNot(keys, frozen);
        const last = sort.at(-1);
        const expected = last !== undefined && last.path.length === 0 && last.field === 'id' ? sort.slice(0, -1) : sort;
        const written = sortKeysWritten(sort);
        expect(written).toEqual(expected);
        if (expected === sort) expect(written).toBe(sort);
        expect(sortKeyCountWritten(sort)).toBe(expected.length);
      }),
      { seed: 21, numRuns: 1_000 },
    );
  });
});

describe('attributeHint', () => {
  const schema = resolveSchema(exampleSchema);
  const names = fc.constantFrom('name', 'birth_date', 'computers', 'serial', 'owner', 'id', 'nope');
  it('gives the fieldset filtered by the type’s attributes, in order, or undefined', () => {
    fc.assert(
      fc.property(fc.constantFrom('person', 'computer'), fc.option(fc.array(names, { maxLength: 6 })), fc.boolean(), (name, fieldset, frozen) => {
        const type = schema.types.get(name);
        if (type === undefined) throw new Error(name);
        const fields: Fieldsets = fieldset === null ? {} : { [name]: frozenOrNot(fieldset, frozen) };
        const expected = fields[name]?.filter((field) => type.attributes.has(field));
        expect(attributeHint(type, fields)).toEqual(expected);
      }),
      { seed: 21, numRuns: 1_000 },
    );
  });
});
