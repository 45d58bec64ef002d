import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { SortKey } from '../../src/ast/query-ast.js';
import type { Row } from '../../src/layers/data-layer.js';
import { lowerCasePattern, tokenizePattern } from '../../src/ast/like-pattern.js';
import { matchWords } from '../../src/ast/match-words.js';
import { compareCodePoints, createMemoryLayer } from '../../src/layers/memory/index.js';
import { compileLikeMatcher } from '../../src/layers/memory/like-matcher.js';
import { compileMatch } from '../../src/layers/memory/match-words.js';
import { schema } from './fixture.js';
import { compareNode } from '../../src/ast/filter-factories.js';

const signal = new AbortController().signal;
const strings = ['', 'a', 'A', 'ab', 'b', 'Zoë', 'zoë', 'a_b', 'a%b', '😀', '\uE000', 'x y', 'İ'];
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 4 });

const dataArbitrary = fc
  .record({
    persons: fc.array(
      fc.record({
        name: fc.constantFrom(...strings),
        nick: maybe(fc.constantFrom(...strings)),
        age: maybe(fc.integer({ min: -2, max: 3 })),
        score: fc.constantFrom(-1, 0, 0.5, 2),
        active: maybe(fc.boolean()),
        born: maybe(fc.constantFrom('1990-01-01', '1990-01-02', '2000-02-29')),
        manager: fc.nat(12),
      }),
      { maxLength: 12 },
    ),
    pets: fc.array(fc.record({ name: fc.constantFrom(...strings), species: maybe(fc.constantFrom('dog', 'cat')), owner: fc.nat(14) }), { maxLength: 10 }),
  })
  .map(({ persons, pets }) => {
    const personIds = persons.map((_, index) => `p${(index * 7) % 13}${index}`);
    return {
      person: persons.map(({ manager, ...person }, index) => ({
        ...person,
        id: personIds[index] as string,
        manager: personIds[manager] ?? null,
      })),
      pet: pets.map(({ owner, ...pet }, index) => ({ ...pet, id: (index * 37) % 101, owner: personIds[owner] ?? null })),
    };
  })
  .filter(({ pet }) => new Set(pet.map((p) => p.id)).size === pet.length);

const personFields = { name: 'string', nick: 'string', age: 'number', score: 'number', active: 'boolean', born: 'date' } as const;
const petFields = { name: 'string', species: 'string', id: 'number' } as const;
type Kind = 'string' | 'number' | 'boolean' | 'date';

function comparison(fields: Record<string, Kind>): fc.Arbitrary<FilterNode> {
  const entries = Object.entries(fields);
  return fc.constantFrom(...entries).chain(([field, kind]) => {
    const scalar: fc.Arbitrary<unknown> =
      kind === 'string' ? fc.constantFrom(...strings) : kind === 'number' ? fc.integer({ min: -2, max: 3 }) : kind === 'date' ? fc.constantFrom('1990-01-01', '1995-06-01', '2000-02-29') : fc.boolean();
    const ops: fc.Arbitrary<FilterNode>[] = [
      fc.record({ op: fc.constantFrom('eq', 'ne', ...(kind === 'boolean' ? [] : ['lt', 'le', 'gt', 'ge'])), value: fc.oneof(scalar, fc.constant(null)) }).map(({ op, value }) => ({ kind: 'compare', field, op, value: value === null && (op === 'eq' || op === 'ne') ? 'a' : value }) as FilterNode),
      fc.record({ op: fc.constantFrom('in_', 'notin_'), value: fc.array(scalar, { maxLength: 3 }) }).map(({ op, value }) => ({ kind: 'compare', field, op, value }) as FilterNode),
      fc.record({ op: fc.constantFrom('is_', 'isnot'), value: kind === 'boolean' ? fc.constantFrom(null, true, false) : fc.constant(null) }).map(({ op, value }) => ({ kind: 'compare', field, op, value }) as FilterNode),
    ];
    if (kind !== 'boolean') ops.push(fc.tuple(scalar, scalar).map((value) => ({ kind: 'compare', field, op: 'between', value }) as FilterNode));
    if (kind === 'string') {
      const pattern = fc.array(fc.constantFrom('a', 'A', '%', '_', '\\', 'b', 'ë', '😀', ' '), { minLength: 1, maxLength: 5 }).map((chars) => chars.join(''));
      ops.push(
        fc.record({ op: fc.constantFrom('like', 'ilike', 'notlike', 'notilike', 'startswith', 'endswith', 'match'), value: pattern }).map(({ op, value }) => compareNode(field, op, value)),
      );
    }
    const others = entries.filter(([other, otherKind]) => otherKind === kind && other !== field);
    if (others.length > 0 && kind !== 'boolean') {
      ops.push(fc.record({ op: fc.constantFrom('eq', 'ne', 'lt', 'le', 'gt', 'ge'), other: fc.constantFrom(...others.map(([name]) => name)) }).map(({ op, other }) => ({ kind: 'compare_fields', field, op, other }) as FilterNode));
    }
    return fc.oneof(...ops);
  });
}

const tied = fc.letrec<{ person: FilterNode; pet: FilterNode }>((tie) => ({
  person: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'filter' },
    comparison(personFields),
    fc.array(tie('person'), { maxLength: 3 }).map((nodes) => ({ kind: 'and', nodes }) as FilterNode),
    fc.array(tie('person'), { maxLength: 3 }).map((nodes) => ({ kind: 'or', nodes }) as FilterNode),
    tie('person').map((node) => ({ kind: 'not', node }) as FilterNode),
    tie('pet').map((node) => ({ kind: 'any', relationship: 'pets', node }) as FilterNode),
    tie('person').map((node) => ({ kind: 'has', relationship: 'manager', node }) as FilterNode),
  ),
  pet: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'filter' },
    comparison(petFields),
    tie('pet').map((node) => ({ kind: 'not', node }) as FilterNode),
    fc.array(tie('pet'), { maxLength: 2 }).map((nodes) => ({ kind: 'or', nodes }) as FilterNode),
    tie('person').map((node) => ({ kind: 'has', relationship: 'owner', node }) as FilterNode),
  ),
}));

const filters = fc.record({ person: tied.person, pet: tied.pet });

const idAscending: SortKey = { path: [], field: 'id', direction: 'asc' };

const sortKeys = fc
  .uniqueArray(fc.constantFrom('name', 'nick', 'age', 'score', 'active', 'born', 'manager.name', 'manager.age', 'id'), { maxLength: 3 })
  .chain((names) => fc.tuple(fc.constant(names), fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length })))
  .map(([names, descending]) =>
    names.map((name, index): SortKey => {
      const parts = name.split('.');
      return { path: parts.slice(0, -1), field: parts[parts.length - 1] as string, direction: descending[index] ? 'desc' : 'asc' };
    }),
  )
  // Total, as the parser makes every sort (docs/data-layer.md).
  .map((keys) => (keys.some((key) => key.path.length === 0 && key.field === 'id') ? keys : [...keys, idAscending]));

type Data = fc.Arbitrary<typeof dataArbitrary extends fc.Arbitrary<infer D> ? D : never> extends fc.Arbitrary<infer D> ? D : never;

/** A direct, slow, obviously correct three-valued evaluator: true, false or null (unknown). */
function reference(data: Data, type: 'person' | 'pet', row: Record<string, unknown>, node: FilterNode): boolean | null {
  const persons = new Map(data.person.map((person) => [person.id, person as Record<string, unknown>]));
  const evaluate = (current: 'person' | 'pet', record: Record<string, unknown>, filter: FilterNode): boolean | null => {
    switch (filter.kind) {
      case 'and': {
        const values = filter.nodes.map((child) => evaluate(current, record, child));
        return values.includes(false) ? false : values.includes(null) ? null : true;
      }
      case 'or': {
        const values = filter.nodes.map((child) => evaluate(current, record, child));
        return values.includes(true) ? true : values.includes(null) ? null : false;
      }
      case 'not': {
        const value = evaluate(current, record, filter.node);
        return value === null ? null : !value;
      }
      case 'any':
        return data.pet.filter((pet) => pet.owner === record['id']).some((pet) => evaluate('pet', pet, filter.node as FilterNode) === true);
      case 'has': {
        const target = persons.get((current === 'pet' ? record['owner'] : record['manager']) as string);
        return target !== undefined && evaluate('person', target, filter.node as FilterNode) === true;
      }
      case 'compare_fields': {
        const a = record[filter.field];
        const b = record[filter.other];
        if (a === null || b === null) return null;
        return order(filter.op, a, b);
      }
      case 'compare': {
        const value = record[filter.field];
        const operand = filter.value as unknown;
        if (filter.op === 'is_') return value === operand;
        if (filter.op === 'isnot') return value !== operand;
        if (filter.op === 'in_' && (operand as unknown[]).length === 0) return false;
        if (filter.op === 'notin_' && (operand as unknown[]).length === 0) return true;
        if (value === null || operand === null) return null;
        switch (filter.op) {
          case 'in_':
            return (operand as unknown[]).includes(value);
          case 'notin_':
            return !(operand as unknown[]).includes(value);
          case 'between': {
            const [lo, hi] = operand as [unknown, unknown];
            return (order('ge', value, lo) ?? false) && (order('le', value, hi) ?? false);
          }
          case 'like':
          case 'notlike':
            return compileLikeMatcher(tokenizePattern(operand as string))(value as string) === (filter.op === 'like');
          case 'ilike':
          case 'notilike':
            return (
              compileLikeMatcher(lowerCasePattern(tokenizePattern(operand as string)))((value as string).toLowerCase()) ===
              (filter.op === 'ilike')
            );
          case 'startswith':
            return (value as string).startsWith(operand as string);
          case 'endswith':
            return (value as string).endsWith(operand as string);
          case 'match':
            return compileMatch(matchWords(operand as string))(value as string);
          default:
            return order(filter.op, value, operand);
        }
      }
    }
  };
  return evaluate(type, row, node);
}

function order(op: string, a: unknown, b: unknown): boolean {
  const sign = typeof a === 'string' ? compareCodePoints(a, b as string) : a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
  return { eq: sign === 0, ne: sign !== 0, lt: sign < 0, le: sign <= 0, gt: sign > 0, ge: sign >= 0 }[op] as boolean;
}

const ids = (rows: readonly Row[]) => rows.map((row) => row.id);
const typeArbitrary = fc.constantFrom('person', 'pet') as fc.Arbitrary<'person' | 'pet'>;

describe('memory layer properties', () => {
  it('matches a direct three-valued reference evaluator, in both evaluations', async () => {
    await fc.assert(
      fc.asyncProperty(dataArbitrary, typeArbitrary, filters, async (data, type, filter) => {
        const node = filter[type];
        const expected = (data[type] as Record<string, unknown>[])
          .filter((row) => reference(data, type, row, node) === true)
          .map((row) => row['id'])
          .sort((a, b) => (typeof a === 'number' ? a - (b as number) : compareCodePoints(a as string, b as string)));
        for (const evaluation of ['generate', 'closures'] as const) {
          const layer = createMemoryLayer(schema, data, { evaluation });
          const result = await layer.read({ type, filter: node, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: null }, { signal });
          expect(ids(result.rows)).toEqual(expected);
          expect(result.total).toBe(expected.length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives identical pages with generated code and with closures, and top-k equals a full sort', async () => {
    await fc.assert(
      fc.asyncProperty(dataArbitrary, filters, fc.boolean(), sortKeys, fc.nat(6), fc.nat(5), async (data, filter, filtered, sort, offset, limit) => {
        const generated = createMemoryLayer(schema, data, { evaluation: 'generate' });
        const closures = createMemoryLayer(schema, data, { evaluation: 'closures' });
        const request = { type: 'person', filter: filtered ? filter.person : null, sort, offset, limit };
        const everything = await generated.read({ ...request, offset: 0, limit: null }, { signal });
        const page = await generated.read(request, { signal });
        expect(ids(page.rows)).toEqual(ids(everything.rows.slice(offset, offset + limit)));
        expect(page.total).toBe(everything.total);
        expect(await closures.read(request, { signal })).toEqual(page);
        expect(await closures.read({ ...request, offset: 0, limit: null }, { signal })).toEqual(everything);
        // The full order is the reference sort: nulls last ascending / first descending, then id.
        const sorted = [...everything.rows].sort((a, b) => referenceCompare(data, sort, a, b));
        expect(ids(everything.rows)).toEqual(ids(sorted));
      }),
      { numRuns: 500 },
    );
  });
});

function referenceCompare(data: Data, sort: readonly SortKey[], a: Row, b: Row): number {
  const persons = new Map(data.person.map((person) => [person.id, person as Record<string, unknown>]));
  const read = (row: Row, key: SortKey): unknown => {
    // Stored rows hold attributes only: follow relationships through the source records.
    let current: Record<string, unknown> | undefined = persons.get(row.id as string);
    for (let hop = 0; hop < key.path.length; hop++) current = persons.get(current?.['manager'] as string);
    return current === undefined ? null : current[key.field];
  };
  for (const key of [...sort, { path: [], field: 'id', direction: 'asc' } as SortKey]) {
    const x = read(a, key);
    const y = read(b, key);
    const sign = key.direction === 'desc' ? -1 : 1;
    if (x === null && y === null) continue;
    if (x === null) return sign;
    if (y === null) return -sign;
    if (x === y) continue;
    return (typeof x === 'string' ? compareCodePoints(x, y as string) : (x as number) < (y as number) ? -1 : 1) * sign;
  }
  return 0;
}
