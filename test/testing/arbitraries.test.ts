import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATORS_BY_KIND, parseQuery, resolveSchema, stringifyQuery, type FilterNode, type Id, type ResourceSchema } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import {
  arbitraryData,
  arbitraryFilter,
  arbitraryNearValidQueryString,
  arbitraryQueryAst,
  arbitraryQueryCase,
  arbitraryQueryString,
  arbitrarySchema,
  countNodes,
  type Dataset,
} from '../../src/testing/index.js';
import { richSchema } from '../types/rich-schema.js';

const schemaWithData = arbitrarySchema().chain((schema) =>
  fc.tuple(fc.constant(schema), arbitraryData(schema, { minRecords: 1 })),
);

function nodesOf(node: FilterNode): FilterNode[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return [node, ...node.nodes.flatMap((child) => nodesOf(child as FilterNode))];
    case 'not':
    case 'any':
    case 'has':
      return [node, ...nodesOf(node.node as FilterNode)];
    default:
      return [node];
  }
}

function depthOf(node: FilterNode): number {
  switch (node.kind) {
    case 'and':
    case 'or':
      return 1 + Math.max(0, ...node.nodes.map((child) => depthOf(child as FilterNode)));
    case 'not':
    case 'any':
    case 'has':
      return 1 + depthOf(node.node as FilterNode);
    default:
      return 0;
  }
}

describe('arbitrarySchema', () => {
  it('generates valid schemas of 2 to 4 types covering every attribute kind and relationship shape', () => {
    const samples = fc.sample(arbitrarySchema(), { numRuns: 120, seed: 42 });
    const seen = new Set<string>();
    for (const schema of samples) {
      const resolved = resolveSchema(schema);
      expect(resolved.types.size).toBeGreaterThanOrEqual(2);
      expect(resolved.types.size).toBeLessThanOrEqual(4);
      for (const type of resolved.types.values()) {
        seen.add(`id:${type.idType}`);
        for (const attribute of type.attributes.values()) {
          seen.add(`${attribute.kind}${attribute.integer ? ':integer' : ''}${attribute.nullable ? ':nullable' : ''}`);
          if (attribute.definition.enum !== undefined) seen.add('enum');
          if (!attribute.filterable) seen.add('not filterable');
          if (!attribute.sortable) seen.add('not sortable');
        }
        for (const relationship of type.relationships.values()) {
          seen.add(`to-${relationship.toMany ? 'many' : 'one'}${relationship.inverse === undefined ? '' : ' with inverse'}`);
          if (relationship.target === type.name) seen.add('self');
          if (!relationship.filterable) seen.add('relationship not filterable');
        }
      }
    }
    expect([...seen].sort()).toEqual(
      [
        'boolean',
        'boolean:nullable',
        'date',
        'date:nullable',
        'enum',
        'id:integer',
        'id:string',
        'not filterable',
        'not sortable',
        'number',
        'number:integer',
        'number:integer:nullable',
        'number:nullable',
        'relationship not filterable',
        'self',
        'string',
        'string:nullable',
        'to-many',
        'to-many with inverse',
        'to-one',
        'to-one with inverse',
      ].sort(),
    );
  });
});

describe('arbitraryData', () => {
  /** Every link of `relationship` as `owner id → target id` pairs. */
  function links(data: Dataset, type: string, relationship: string): Set<string> {
    const pairs = new Set<string>();
    for (const row of data[type] ?? []) {
      const value = row[relationship];
      for (const target of Array.isArray(value) ? value : value === null ? [] : [value]) {
        pairs.add(`${String(row.id)}→${String(target)}`);
      }
    }
    return pairs;
  }

  it('generates records that validate, reference existing ids and agree with their inverses', () => {
    fc.assert(
      fc.property(schemaWithData, ([schema, data]) => {
        const resolved = resolveSchema(schema);
        for (const type of resolved.types.values()) {
          const rows = data[type.name] ?? [];
          expect(rows.length).toBeGreaterThanOrEqual(1);
          expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
          for (const row of rows) {
            expect(typeof row.id).toBe(type.idType === 'integer' ? 'number' : 'string');
            for (const attribute of type.attributes.values()) {
              expect(attribute.validate(row[attribute.name])).toBe(true);
            }
            for (const relationship of type.relationships.values()) {
              const targets = new Set<Id>((data[relationship.target] ?? []).map((target) => target.id));
              const value = row[relationship.name];
              if (relationship.toMany) {
                expect(Array.isArray(value)).toBe(true);
                for (const id of value as Id[]) expect(targets.has(id)).toBe(true);
              } else if (value !== null) {
                expect(targets.has(value as Id)).toBe(true);
              }
            }
          }
          for (const relationship of type.relationships.values()) {
            if (relationship.inverse === undefined) continue;
            const forward = links(data, type.name, relationship.name);
            const backward = [...links(data, relationship.target, relationship.inverse)].map((pair) =>
              pair.split('→').reverse().join('→'),
            );
            expect(new Set(backward)).toEqual(forward);
          }
        }
        // The memory layer accepts it as it is (it validates records and inverses on load).
        expect(() => createMemoryLayer(schema, data)).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it('mixes nulls, ties, case, non-ASCII and pattern characters into the values', () => {
    const [data] = fc.sample(arbitraryData(exampleSchema, { minRecords: 12, maxRecords: 12 }), { numRuns: 1, seed: 7 });
    const names = (data?.['person'] ?? []).map((row) => row['name']);
    const genders = (data?.['person'] ?? []).map((row) => row['gender']);
    expect(names).toHaveLength(12);
    const all = fc.sample(arbitraryData(exampleSchema, { minRecords: 12 }), { numRuns: 50, seed: 3 }).flatMap((sample) =>
      (sample['person'] ?? []).flatMap((row) => [row['name'], row['gender']]),
    );
    expect(all).toContain(null);
    expect(all.some((value) => typeof value === 'string' && /[%_\\]/.test(value))).toBe(true);
    expect(all.some((value) => typeof value === 'string' && /[^ -~]/.test(value))).toBe(true);
    expect(new Set(all).size).toBeLessThan(all.length); // ties
    expect(genders.length).toBe(12);
  });

  it('keeps one-to-one links injective and derives to-many sides from to-one sides', () => {
    const schema = {
      types: {
        a: {
          root: 'as',
          relationships: {
            partner: { target: 'b', to: 'one', inverse: 'partner' },
            bs: { target: 'b', to: 'many' },
          },
        },
        b: {
          root: 'bs',
          id: 'integer',
          relationships: {
            partner: { target: 'a', to: 'one', inverse: 'partner' },
            a: { target: 'a', to: 'one', inverse: 'many' },
          },
        },
      },
    } as const satisfies ResourceSchema;
    const withMany = {
      types: {
        ...schema.types,
        a: { ...schema.types.a, relationships: { ...schema.types.a.relationships, many: { target: 'b', to: 'many', inverse: 'a' } } },
      },
    } as const satisfies ResourceSchema;
    fc.assert(
      fc.property(arbitraryData(withMany, { minRecords: 3 }), (data) => {
        const partners = (data['a'] ?? []).map((row) => row['partner']).filter((id) => id !== null);
        expect(new Set(partners).size).toBe(partners.length);
        for (const a of data['a'] ?? []) {
          const pointing = (data['b'] ?? []).filter((b) => b['a'] === a.id).map((b) => b.id);
          expect(a['many']).toEqual(pointing);
        }
        expect(() => createMemoryLayer(withMany, data)).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });
});

describe('arbitraryFilter', () => {
  it.each<[string, ResourceSchema, string]>([
    ['example/person', exampleSchema, 'person'],
    ['rich/author', richSchema, 'author'],
    ['rich/publisher', richSchema, 'publisher'],
  ])('generates canonical filters the parser accepts as they are (%s)', (_name, schema, type) => {
    fc.assert(
      fc.property(arbitraryFilter(schema, type, { maxDepth: 10, maxHops: 3, depthSize: 'xlarge', maxChildren: 5 }), (filter) => {
        expect(countNodes(filter)).toBeLessThanOrEqual(100);
        expect(depthOf(filter)).toBeLessThanOrEqual(10);
        const ast = parseQuery(`filter=${encodeURIComponent(JSON.stringify([{ and: [] }]))}`, { schema, type });
        const query = stringifyQuery({ ...ast, filter });
        expect(parseQuery(query, { schema, type }).filter).toEqual(filter);
        for (const node of nodesOf(filter)) {
          if (node.kind === 'compare' && node.op === 'eq') expect(node.value).not.toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('uses only the operators it is given', () => {
    const operators = ['eq', 'in_', 'any'] as const;
    fc.assert(
      fc.property(arbitraryFilter(exampleSchema, 'person', { operators }), (filter) => {
        for (const node of nodesOf(filter)) {
          if (node.kind === 'compare' || node.kind === 'compare_fields') expect(operators).toContain(node.op);
          expect(node.kind).not.toBe('has');
        }
      }),
    );
  });

  it('never uses an operator outside the field kind, nor a non-filterable field or relationship', () => {
    const author = resolveSchema(richSchema).types.get('author');
    fc.assert(
      fc.property(arbitraryFilter(richSchema, 'author', { maxHops: 0 }), (filter) => {
        for (const node of nodesOf(filter)) {
          if (node.kind !== 'compare') continue;
          expect(node.field).not.toBe('secret');
          const attribute = node.field === 'id' ? author?.id : author?.attributes.get(node.field);
          expect(OPERATORS_BY_KIND[attribute?.kind ?? 'string']).toContain(node.op);
        }
      }),
    );
    fc.assert(
      fc.property(arbitraryFilter(richSchema, 'publisher', { maxHops: 1 }), (filter) => {
        expect(nodesOf(filter).some((node) => node.kind === 'any')).toBe(false);
      }),
    );
  });

  it('draws values from the data and the given pool', () => {
    const data = { person: [{ id: 'p-77', name: 'Zyx-unique', display_name: 'Z', birth_date: null, gender: null }] };
    const values = fc
      .sample(arbitraryFilter(exampleSchema, 'person', { data, values: ['qqq-pool'], operators: ['eq', 'in_'] }), {
        numRuns: 400,
        seed: 1,
      })
      .flatMap(nodesOf)
      .flatMap((node) => (node.kind === 'compare' ? [node.value].flat() : []));
    expect(values).toContain('Zyx-unique');
    expect(values).toContain('p-77');
    expect(values).toContain('qqq-pool');
  });
});

describe('arbitraryQueryAst and arbitraryQueryString', () => {
  it('generates ASTs within the default budget, with total sorts', () => {
    fc.assert(
      fc.property(arbitraryQueryAst(richSchema, 'book', { maxHops: 3 }), (ast) => {
        expect(stringifyQuery(ast).length).toBeLessThanOrEqual(8192);
        const last = ast.sort.at(-1);
        const hasId = ast.sort.some((key) => key.path.length === 0 && key.field === 'id');
        expect(hasId).toBe(true);
        if (!ast.sort.slice(0, -1).some((key) => key.path.length === 0 && key.field === 'id')) {
          expect(last).toEqual({ path: [], field: 'id', direction: expect.stringMatching(/asc|desc/) });
        }
        expect(ast.include.length).toBeLessThanOrEqual(10);
        if (ast.page !== null) expect(ast.page.size).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('gives query strings, simple-form variants included, that parse to their AST', () => {
    const samples = fc.sample(arbitraryQueryCase(exampleSchema, 'person', { operators: ['eq', 'any'] }), {
      numRuns: 500,
      seed: 11,
    });
    for (const { ast, query } of samples) expect(parseQuery(query, { schema: exampleSchema, type: 'person' })).toEqual(ast);
    expect(samples.some(({ query }) => /filter\[computers__(id|serial)\]=/.test(query))).toBe(true);
    expect(samples.some(({ query }) => /filter\[(name|gender|display_name|id)\]=/.test(query))).toBe(true);
    expect(samples.some(({ query }) => query.includes('filter%5B'))).toBe(true);
    expect(fc.sample(arbitraryQueryString(exampleSchema, 'computer'), 20).every((query) => typeof query === 'string')).toBe(
      true,
    );
  });

  it.each(['person', 'computer'])('gives the simple form filter[x]= in a fair share of query strings (%s)', (type) => {
    const samples = fc.sample(arbitraryQueryString(exampleSchema, type), { numRuns: 2000, seed: 1 });
    const simple = samples.filter((query) => /(^|&)filter(\[|%5B)/i.test(query)).length;
    console.log(`${type}: filter[x]= in ${simple} of ${samples.length} query strings`);
    // It was 21 (person) and 14 (computer) of 2,000 when only random filters ending in eq could move.
    expect(simple).toBeGreaterThan(samples.length / 10);
  });
});

describe('arbitraryNearValidQueryString', () => {
  it('mutates valid strings into mostly invalid ones', () => {
    const samples = fc.sample(arbitraryNearValidQueryString(exampleSchema, 'person'), { numRuns: 500, seed: 5 });
    let rejected = 0;
    for (const query of samples) {
      try {
        parseQuery(query, { schema: exampleSchema, type: 'person' });
      } catch {
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(samples.length / 2);
    expect(rejected).toBeLessThan(samples.length);
    expect(samples.some((query) => query.includes('__proto__'))).toBe(true);
  });
});

describe('shrinking', () => {
  /** The query strings of counterexamples, over many seeds. */
  const counterexamples = (failsOn: (query: string) => boolean): string[] =>
    Array.from({ length: 20 }, (_, seed) => {
      const details = fc.check(
        fc.property(arbitraryQueryAst(exampleSchema, 'person'), (ast) => !failsOn(stringifyQuery(ast))),
        { seed, numRuns: 500 },
      );
      return details.counterexample === null ? '' : decodeURIComponent(stringifyQuery(details.counterexample[0]));
    }).filter((query) => query !== '');

  it('drops and/or wrappers and the page when they do not matter (any/has/not may stay)', () => {
    const found = counterexamples((query) => decodeURIComponent(query).includes('"op":"in_"'));
    expect(found.length).toBeGreaterThan(10);
    for (const query of found) {
      expect(query).not.toMatch(/"(and|or)":/);
      expect(query).not.toContain('page[');
      expect(query).toMatch(/^filter=\[\{"name":"[a-z_]+","op":"[a-z_]+","val":.*"op":"in_"|^filter=\[\{"name":"[a-z_]+","op":"in_"/);
    }
  });
});
