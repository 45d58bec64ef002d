import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery, safeParseQuery, stringifyQuery, type QueryAST, type ResourceSchema } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import {
  arbitraryNearValidQueryString,
  arbitraryQueryAst,
  arbitraryQueryCase,
  arbitrarySchema,
} from '../../src/testing/index.js';
import { richSchema } from '../types/rich-schema.js';

const person = { schema: exampleSchema, type: 'person' } as const;
const decode = (query: string) => decodeURIComponent(query);

describe('stringifyQuery', () => {
  it.each([
    ['no parameter: the defaults', '', ''],
    ['a simple filter becomes the JSON form', 'filter[name]=John', 'filter=[{"name":"name","op":"eq","val":"John"}]'],
    [
      'several entries are written as the entries of the top-level and',
      'filter[name]=John&filter[gender]=m',
      'filter=[{"name":"name","op":"eq","val":"John"},{"name":"gender","op":"eq","val":"m"}]',
    ],
    [
      'an explicit and of one entry stays wrapped',
      'filter=[{"and":[{"name":"name","op":"eq","val":"John"}]}]',
      'filter=[{"and":[{"name":"name","op":"eq","val":"John"}]}]',
    ],
    ['an empty and stays', 'filter=[{"and":[]}]', 'filter=[{"and":[]}]'],
    [
      'a shortcut is written as an explicit any',
      'filter[computers__serial]=SN1',
      'filter=[{"name":"computers","op":"any","val":{"name":"serial","op":"eq","val":"SN1"}}]',
    ],
    [
      'field comparisons, not, or',
      'filter=[{"not":{"or":[{"name":"name","op":"ne","field":"display_name"},{"name":"birth_date","op":"eq","val":null}]}}]',
      'filter=[{"not":{"or":[{"name":"name","op":"ne","field":"display_name"},{"name":"birth_date","op":"is_","val":null}]}}]',
    ],
    ['sort without the id tie-breaker', 'sort=-birth_date,name', 'sort=-birth_date,name'],
    ['sort ending with id written explicitly', 'sort=name,id', 'sort=name'],
    ['sort by id alone is the default', 'sort=id', ''],
    ['sort by id descending', 'sort=-id', 'sort=-id'],
    ['sort with id first keeps every key', 'sort=id,name', 'sort=id,name'],
    ['the default page is omitted', 'page[size]=30&page[number]=1', ''],
    ['page size and number', 'page[number]=2&page[size]=10', 'page[size]=10&page[number]=2'],
    ['page number alone', 'page[number]=3', 'page[number]=3'],
    ['pagination disabled', 'page[size]=0', 'page[size]=0'],
    ['include paths in order', 'include=computers.owner,computers', 'include=computers.owner,computers'],
    ['fields sorted by type', 'fields[person]=name,computers&fields[computer]=serial', 'fields[computer]=serial&fields[person]=name,computers'],
    ['an empty fieldset', 'fields[person]=', 'fields[person]='],
    [
      'members in a fixed order',
      'fields[person]=name&include=computers&page[size]=5&sort=name&filter[name]=A',
      'filter=[{"name":"name","op":"eq","val":"A"}]&sort=name&page[size]=5&include=computers&fields[person]=name',
    ],
  ])('%s', (_description, input, expected) => {
    const ast = parseQuery(input, person);
    const text = stringifyQuery(ast);
    expect(decode(text)).toBe(expected);
    expect(parseQuery(text, person)).toEqual(ast);
  });

  it('writes the computer example with a to-one path', () => {
    const ast = parseQuery('filter[owner__name]=John&sort=owner.name', { schema: exampleSchema, type: 'computer' });
    expect(stringifyQuery(ast)).toBe(
      'filter=%5B%7B%22name%22:%22owner%22,%22op%22:%22has%22,%22val%22:%7B%22name%22:%22name%22,%22op%22:%22eq%22,%22val%22:%22John%22%7D%7D%5D&sort=owner.name',
    );
  });

  it.each([
    ['plus', 'a+b'],
    ['ampersand and equals', 'a&b=c'],
    ['percent', '100%'],
    ['hash', '#1'],
    ['space', 'a b'],
    ['non-ASCII', 'José 日本 😀'],
    ['quotes and backslash', 'say "hi" \\o/'],
    ['brackets and commas', '[a],{b}'],
  ])('percent-encodes values so %s survive', (_description, value) => {
    const ast: QueryAST = {
      type: 'person',
      filter: { kind: 'compare', field: 'name', op: 'eq', value },
      sort: [{ path: [], field: 'id', direction: 'asc' }],
      page: { kind: 'offset', size: 30, number: 1 },
      include: [],
      fields: {},
    };
    const text = stringifyQuery(ast);
    expect(text).toMatch(/^[A-Za-z0-9\-_.!~*'()%=&,:@[\]]*$/);
    expect(parseQuery(text, person)).toEqual(ast);
  });

  it('writes a lone surrogate as a JSON escape, which the parser then rejects (no layer holds it)', () => {
    const ast: QueryAST = {
      type: 'person',
      filter: { kind: 'compare', field: 'name', op: 'eq', value: 'a\ud800b' },
      sort: [{ path: [], field: 'id', direction: 'asc' }],
      page: { kind: 'offset', size: 30, number: 1 },
      include: [],
      fields: {},
    };
    const text = stringifyQuery(ast);
    expect(decodeURIComponent(text)).toContain('\\ud800');
    expect(safeParseQuery(text, person)).toMatchObject({ success: false, error: { errors: [{ code: 'invalid_value' }] } });
  });

  it('omits the page that is the default of the given limits', () => {
    const limits = { defaultPageSize: 10 };
    const ast = parseQuery('page[size]=10', { ...person, limits });
    expect(stringifyQuery(ast, { limits })).toBe('');
    expect(stringifyQuery(ast)).toBe('page[size]=10');
  });

  it('writes cursor pages as page[after] and page[before] cursors that parse back to the same bounds', () => {
    const sort = [
      { path: ['owner'], field: 'name', direction: 'desc' },
      { path: [], field: 'id', direction: 'asc' },
    ] as const;
    const computer = { schema: exampleSchema, type: 'computer' } as const;
    const ast = {
      ...parseQuery('sort=-owner.name', computer),
      page: { kind: 'cursor', size: 7, after: [null, '3'], before: ['Jöhn & "Jane"', '1'] },
    } as const;
    const text = stringifyQuery(ast);
    expect(text).toMatch(/^sort=-owner\.name&page\[size\]=7&page\[after\]=[\w-]+&page\[before\]=[\w-]+$/u);
    expect(parseQuery(text, computer)).toEqual({ ...ast, sort });
    const first = parseQuery('', { ...computer, limits: { pagination: 'cursor' } });
    expect(stringifyQuery(first, { limits: { pagination: 'cursor' } })).toBe('');
    expect(() => stringifyQuery(first)).toThrow(/pagination: 'cursor'/u);
  });

  it('is deterministic: the same AST gives the same string', () => {
    const ast = parseQuery('fields[computer]=serial&fields[person]=name&sort=name', person);
    const reordered = { ...ast, fields: { person: ['name'], computer: ['serial'] } };
    expect(stringifyQuery(reordered)).toBe(stringifyQuery(ast));
  });
});

describe('stringifyQuery properties', () => {
  const schemas: readonly [string, ResourceSchema, string][] = [
    ['the example schema (person)', exampleSchema, 'person'],
    ['the example schema (computer)', exampleSchema, 'computer'],
    ['the rich schema (author)', richSchema, 'author'],
    ['the rich schema (book)', richSchema, 'book'],
  ];

  it.each(schemas)('parseQuery(stringifyQuery(ast)) deep-equals ast on %s', (_name, schema, type) => {
    fc.assert(
      fc.property(arbitraryQueryAst(schema, type, { maxDepth: 10, maxHops: 3, depthSize: 'large', maxListItems: 20 }), (ast) => {
        expect(parseQuery(stringifyQuery(ast), { schema, type })).toEqual(ast);
      }),
      { numRuns: 300 },
    );
  });

  it.each(schemas)('parseQuery(stringifyQuery(ast)) deep-equals ast for cursor pages on %s', (_name, schema, type) => {
    for (const limits of [{}, { pagination: 'cursor' as const }]) {
      fc.assert(
        fc.property(arbitraryQueryAst(schema, type, { cursorPages: true, limits, maxHops: 2 }), (ast) => {
          expect(parseQuery(stringifyQuery(ast, { limits }), { schema, type, limits })).toEqual(ast);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('round-trips ASTs of random schemas', () => {
    const cases = arbitrarySchema().chain((schema) =>
      fc
        .constantFrom(...Object.keys(schema.types))
        .chain((type) => fc.tuple(fc.constant(schema), fc.constant(type), arbitraryQueryAst(schema, type))),
    );
    fc.assert(
      fc.property(cases, ([schema, type, ast]) => {
        expect(parseQuery(stringifyQuery(ast), { schema, type })).toEqual(ast);
      }),
      { numRuns: 100 },
    );
  });

  it.each(schemas)('stringifyQuery(parseQuery(s)) is idempotent on %s', (_name, schema, type) => {
    fc.assert(
      fc.property(arbitraryQueryCase(schema, type), ({ ast, query }) => {
        const parsed = parseQuery(query, { schema, type });
        expect(parsed).toEqual(ast);
        const once = stringifyQuery(parsed);
        expect(stringifyQuery(parseQuery(once, { schema, type }))).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it.each(schemas)('re-parses every near-valid string the parser accepts to the same AST on %s', (_name, schema, type) => {
    let accepted = 0;
    fc.assert(
      fc.property(arbitraryNearValidQueryString(schema, type), (query) => {
        const result = safeParseQuery(query, { schema, type });
        if (!result.success) return;
        accepted++;
        const once = stringifyQuery(result.ast);
        expect(parseQuery(once, { schema, type })).toEqual(result.ast);
        expect(stringifyQuery(parseQuery(once, { schema, type }))).toBe(once);
      }),
      // Most mutations are rejected; 2,000 runs keep the accepted ones well above the floor.
      { numRuns: 2000 },
    );
    expect(accepted, 'near-valid strings the parser accepted').toBeGreaterThan(20);
  });

  it('round-trips the extremes of the default limits', () => {
    const values = Array.from({ length: 100 }, (_, index) => `v${index}`);
    const ast = parseQuery(
      `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'in_', val: values }]))}&sort=name,display_name,gender,birth_date,-id&page[size]=100&page[number]=1001&include=computers.owner.computers`,
      person,
    );
    expect(parseQuery(stringifyQuery(ast), person)).toEqual(ast);
  });
});
