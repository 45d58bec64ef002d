import type { FilterNode } from '../../src/ast/filter-node.js';
import type { SortKey } from '../../src/ast/query-ast.js';
import { createMemoryLayer, type MemoryLayer, type MemoryLayerOptions } from '../../src/layers/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { compareNode, type NodeValue } from '../../src/ast/filter-factories.js';
import type { ComparisonOperator } from '../../src/ast/operators.js';

/** A schema covering every field kind, nullable and not, integer ids, and both relationship kinds. */
export const schema = defineSchema({
  types: {
    person: {
      root: 'persons',
      attributes: {
        name: { type: 'string' },
        nick: { type: ['string', 'null'] },
        bio: { type: ['string', 'null'] },
        age: { type: ['integer', 'null'] },
        score: { type: 'number' },
        active: { type: ['boolean', 'null'] },
        born: { type: ['string', 'null'], format: 'date' },
      },
      relationships: {
        pets: { target: 'pet', to: 'many', inverse: 'owner' },
        manager: { target: 'person', to: 'one' },
      },
    },
    pet: {
      root: 'pets',
      id: 'integer',
      attributes: { name: { type: 'string' }, species: { type: ['string', 'null'] } },
      relationships: { owner: { target: 'person', to: 'one', inverse: 'pets' } },
    },
  },
});

export const data = {
  person: [
    { id: '1', name: 'Ann', nick: null, bio: 'Loves dogs, and cats!', age: 30, score: 1.5, active: true, born: '1990-01-01', manager: null },
    { id: '2', name: 'bob', nick: 'Bobby', bio: 'DOG walker', age: null, score: 2, active: false, born: null, manager: '1' },
    { id: '3', name: 'Cé', nick: 'ann', bio: null, age: 25, score: -1, active: null, born: '1985-06-15', manager: '1' },
    { id: '4', name: '😀', nick: '\uE000', bio: 'dogsitter', age: 30, score: 0, active: true, born: '1990-01-01', manager: '2' },
    { id: '5', name: 'SN_100%', nick: 'a\\b', bio: 'cat-dog hybrid', age: 40, score: 10, active: false, born: '2000-02-29', manager: null },
  ],
  pet: [
    { id: 10, name: 'Nemo', species: null, owner: '3' },
    { id: 1, name: 'Rex', species: 'dog', owner: '1' },
    { id: 2, name: 'Tom', species: 'cat', owner: '1' },
    { id: 9, name: 'Stray', species: 'dog', owner: null },
  ],
};

export const idAsc: SortKey = { path: [], field: 'id', direction: 'asc' };

/** Sort keys from `sort` syntax (`-born,manager.name`), made total with `id` as the parser does. */
export function sortOf(text: string): SortKey[] {
  const keys = text.split(',').map((item): SortKey => {
    const direction = item.startsWith('-') ? 'desc' : 'asc';
    const parts = item.replace(/^-/, '').split('.');
    return { path: parts.slice(0, -1), field: parts[parts.length - 1] as string, direction };
  });
  return keys.some((key) => key.path.length === 0 && key.field === 'id') ? keys : [...keys, idAsc];
}

/**
 * A layer over the fixture and a helper returning the ids a read gives. The layer is
 * made on first use, inside a test, not while Vitest collects the file
 * (docs/testing.md, "Mutation testing").
 */
export function fixtureLayer(options: MemoryLayerOptions = {}) {
  let made: MemoryLayer | undefined;
  const layer = (): MemoryLayer => (made ??= createMemoryLayer(schema, data, options));
  const signal = new AbortController().signal;
  const read = (type: string, filter: FilterNode | null, sort: readonly SortKey[] = [idAsc], offset = 0, limit: number | null = null) =>
    layer().read({ type, filter, sort, offset, limit }, { signal });
  const ids = async (type: string, filter: FilterNode | null, sort?: readonly SortKey[]) =>
    (await read(type, filter, sort)).rows.map((row) => row.id);
  return { layer, read, ids, signal };
}

/** Filter node builders for readable tables. */
export const f = {
  cmp: (field: string, op: string, value: unknown): FilterNode => compareNode(field, op as ComparisonOperator, value as NodeValue),
  fields: (field: string, op: string, other: string): FilterNode => ({ kind: 'compare_fields', field, op, other }) as FilterNode,
  and: (...nodes: FilterNode[]): FilterNode => ({ kind: 'and', nodes }),
  or: (...nodes: FilterNode[]): FilterNode => ({ kind: 'or', nodes }),
  not: (node: FilterNode): FilterNode => ({ kind: 'not', node }),
  any: (relationship: string, node: FilterNode): FilterNode => ({ kind: 'any', relationship, node }) as FilterNode,
  has: (relationship: string, node: FilterNode): FilterNode => ({ kind: 'has', relationship, node }) as FilterNode,
};
