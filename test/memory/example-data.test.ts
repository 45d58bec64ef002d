import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { compareNode, type NodeValue } from '../../src/ast/filter-factories.js';
import type { ComparisonOperator } from '../../src/ast/operators.js';

const signal = new AbortController().signal;
const idAsc = { path: [], field: 'id', direction: 'asc' } as const;
/** The ids a read gives, on a layer made inside the test (docs/testing.md, "Mutation testing"). */
const ids = async (type: string, filter: FilterNode | null) =>
  (await createMemoryLayer(exampleSchema, exampleData).read({ type, filter, sort: [idAsc], offset: 0, limit: null }, { signal })).rows.map((row) => row.id);
const cmp = (field: string, op: ComparisonOperator, value: NodeValue) => compareNode(field, op, value);

describe('the example dataset', () => {
  it('loads into the memory layer', async () => {
    expect(await ids('person', null)).toHaveLength(30);
    expect(await ids('computer', null)).toHaveLength(32);
  });

  it.each([
    ['mixed case John', 'person', (): FilterNode => cmp('name', 'ilike', 'john'), ['1', '2', '3']],
    ['the specification example filter[name]=John', 'person', (): FilterNode => cmp('name', 'eq', 'John'), ['1']],
    ['null birth dates', 'person', (): FilterNode => cmp('birth_date', 'is_', null), ['14', '24', '3']],
    ['ties on birth_date', 'person', (): FilterNode => cmp('birth_date', 'eq', '1990-04-02'), ['1', '15', '4']],
    ['ties on name', 'person', (): FilterNode => cmp('name', 'eq', 'Alice'), ['11', '12']],
    ['Unicode lower-casing', 'person', (): FilterNode => cmp('name', 'ilike', 'zoË'), ['5']],
    ['İstanbul lower-cases to i + U+0307', 'person', (): FilterNode => cmp('name', 'ilike', 'i̇stanbul'), ['7']],
    ['an astral character', 'person', (): FilterNode => cmp('name', 'like', '%😀'), ['9']],
    ['a literal % and _ in serials', 'computer', (): FilterNode => cmp('serial', 'like', 'SN\\_100\\%'), ['1', '32']],
    ['a backslash in a serial', 'computer', (): FilterNode => cmp('serial', 'startswith', 'A\\'), ['5']],
    ['computers without owner', 'computer', (): FilterNode => ({ kind: 'not', node: { kind: 'has', relationship: 'owner', node: { kind: 'and', nodes: [] } } }), ['26', '27', '28', '31']],
    ['persons without computers', 'person', (): FilterNode => ({ kind: 'not', node: { kind: 'any', relationship: 'computers', node: { kind: 'and', nodes: [] } } }), ['10', '14', '19', '22', '24', '27', '3']],
  ] as const)('%s', async (_description, type, filter, expected) => {
    expect(await ids(type, filter())).toEqual(expected);
  });
});
