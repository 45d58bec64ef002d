import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { compareNode, type NodeValue } from '../../src/ast/filter-factories.js';
import type { ComparisonOperator } from '../../src/ast/operators.js';

const layer = createMemoryLayer(exampleSchema, exampleData);
const signal = new AbortController().signal;
const idAsc = { path: [], field: 'id', direction: 'asc' } as const;
const ids = async (type: string, filter: FilterNode | null) =>
  (await layer.read({ type, filter, sort: [idAsc], offset: 0, limit: null }, { signal })).rows.map((row) => row.id);
const cmp = (field: string, op: ComparisonOperator, value: NodeValue) => compareNode(field, op, value);

describe('the example dataset', () => {
  it('loads into the memory layer', async () => {
    expect(await ids('person', null)).toHaveLength(30);
    expect(await ids('computer', null)).toHaveLength(32);
  });

  it.each([
    ['mixed case John', 'person', cmp('name', 'ilike', 'john'), ['1', '2', '3']],
    ['the specification example filter[name]=John', 'person', cmp('name', 'eq', 'John'), ['1']],
    ['null birth dates', 'person', cmp('birth_date', 'is_', null), ['14', '24', '3']],
    ['ties on birth_date', 'person', cmp('birth_date', 'eq', '1990-04-02'), ['1', '15', '4']],
    ['ties on name', 'person', cmp('name', 'eq', 'Alice'), ['11', '12']],
    ['Unicode lower-casing', 'person', cmp('name', 'ilike', 'zoË'), ['5']],
    ['İstanbul lower-cases to i + U+0307', 'person', cmp('name', 'ilike', 'i̇stanbul'), ['7']],
    ['an astral character', 'person', cmp('name', 'like', '%😀'), ['9']],
    ['a literal % and _ in serials', 'computer', cmp('serial', 'like', 'SN\\_100\\%'), ['1', '32']],
    ['a backslash in a serial', 'computer', cmp('serial', 'startswith', 'A\\'), ['5']],
    ['computers without owner', 'computer', { kind: 'not', node: { kind: 'has', relationship: 'owner', node: { kind: 'and', nodes: [] } } }, ['26', '27', '28', '31']],
    ['persons without computers', 'person', { kind: 'not', node: { kind: 'any', relationship: 'computers', node: { kind: 'and', nodes: [] } } }, ['10', '14', '19', '22', '24', '27', '3']],
  ] as const)('%s', async (_description, type, filter, expected) => {
    expect(await ids(type, filter as FilterNode)).toEqual(expected);
  });
});
