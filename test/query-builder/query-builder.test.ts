import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery, query, QueryError, stringifyQuery, type FilterHelper, type FilterNode } from '../../src/index.js';
import { exampleSchema, type ExampleSchema } from '../../src/example/index.js';
import { arbitraryFilter } from '../../src/testing/index.js';
import { richSchema } from '../types/rich-schema.js';
import { compareNode } from '../../src/ast/filter-factories.js';

const person = { schema: exampleSchema, type: 'person' } as const;

describe('query builder', () => {
  it('builds the AST the parser gives for the same query', () => {
    const ast = query(exampleSchema, 'person')
      .filter((f) =>
        f.and(
          f.eq('name', 'John'),
          f.any('computers', (c) => c.startswith('serial', 'SN')),
        ),
      )
      .sort('-birth_date', 'name')
      .page({ size: 10, number: 2 })
      .include('computers.owner')
      .fields({ person: ['name', 'computers'] })
      .build();
    expect(ast).toEqual(
      parseQuery(
        'filter=[{"and":[{"name":"name","op":"eq","val":"John"},{"name":"computers__serial","op":"startswith","val":"SN"}]}]&sort=-birth_date,name&page[size]=10&page[number]=2&include=computers.owner&fields[person]=name,computers',
        person,
      ),
    );
    expect(ast).toEqual({
      type: 'person',
      filter: {
        kind: 'and',
        nodes: [
          { kind: 'compare', field: 'name', op: 'eq', value: 'John' },
          {
            kind: 'any',
            relationship: 'computers',
            node: { kind: 'compare', field: 'serial', op: 'startswith', value: 'SN' },
          },
        ],
      },
      sort: [
        { path: [], field: 'birth_date', direction: 'desc' },
        { path: [], field: 'name', direction: 'asc' },
        { path: [], field: 'id', direction: 'asc' },
      ],
      page: { kind: 'offset', size: 10, number: 2 },
      include: [['computers', 'owner']],
      fields: { person: ['name', 'computers'] },
    });
    expect(Object.isFrozen(ast)).toBe(true);
  });

  it('fills in the defaults', () => {
    expect(query(exampleSchema, 'computer').build()).toEqual({
      type: 'computer',
      filter: null,
      sort: [{ path: [], field: 'id', direction: 'asc' }],
      page: { kind: 'offset', size: 30, number: 1 },
      include: [],
      fields: {},
    });
    expect(query(exampleSchema, 'computer', { limits: { defaultPageSize: 5 } }).build().page).toEqual({
      kind: 'offset',
      size: 5,
      number: 1,
    });
    expect(query(exampleSchema, 'computer').page(null).build().page).toBeNull();
    expect(query(exampleSchema, 'computer').page({ number: 3 }).build().page).toEqual({ kind: 'offset', size: 30, number: 3 });
  });

  it.each<[string, (f: FilterHelper<ExampleSchema, 'person'>) => FilterNode<ExampleSchema, 'person'>, unknown]>([
    ['eq null is is_ null', (f) => f.eq('birth_date', null), { kind: 'compare', field: 'birth_date', op: 'is_', value: null }],
    ['ne null is isnot null', (f) => f.ne('gender', null), { kind: 'compare', field: 'gender', op: 'isnot', value: null }],
    ['in_', (f) => f.in('name', ['A', 'B']), { kind: 'compare', field: 'name', op: 'in_', value: ['A', 'B'] }],
    ['notin_', (f) => f.notin('name', []), { kind: 'compare', field: 'name', op: 'notin_', value: [] }],
    [
      'between',
      (f) => f.between('birth_date', ['1990-01-01', '1999-12-31']),
      { kind: 'compare', field: 'birth_date', op: 'between', value: ['1990-01-01', '1999-12-31'] },
    ],
    ['is_', (f) => f.is('gender', null), { kind: 'compare', field: 'gender', op: 'is_', value: null }],
    ['ilike', (f) => f.ilike('name', '%jo%'), compareNode('name', 'ilike', '%jo%')],
    ['notilike', (f) => f.notilike('name', 'a\\%'), compareNode('name', 'notilike', 'a\\%')],
    ['endswith', (f) => f.endswith('name', 'n'), { kind: 'compare', field: 'name', op: 'endswith', value: 'n' }],
    ['match', (f) => f.match('display_name', 'john doe'), compareNode('display_name', 'match', 'john doe')],
    [
      'compareFields',
      (f) => f.compareFields('name', 'ne', 'display_name'),
      { kind: 'compare_fields', field: 'name', op: 'ne', other: 'display_name' },
    ],
    ['empty or', (f) => f.or(), { kind: 'or', nodes: [] }],
    [
      'not',
      (f) => f.not(f.lt('birth_date', '2000-01-01')),
      { kind: 'not', node: { kind: 'compare', field: 'birth_date', op: 'lt', value: '2000-01-01' } },
    ],
  ])('%s', (_name, build, expected) => {
    expect(query(exampleSchema, 'person').filter(build).build().filter).toEqual(expected);
  });

  it('ANDs several filter calls, like several top-level entries', () => {
    const ast = query(exampleSchema, 'person')
      .filter((f) => f.eq('name', 'A'))
      .filter((f) => f.eq('gender', 'm'))
      .build();
    expect(ast).toEqual(parseQuery('filter[name]=A&filter[gender]=m', person));
  });

  it('follows to-one chains, integer ids, booleans and enums of the rich schema', () => {
    const ast = query(richSchema, 'book')
      .filter((f) =>
        f.has('author', (a) =>
          a.and(
            a.eq('id', 7),
            a.is('verified', false),
            a.in('status', ['active', 'draft']),
            a.has('publisher', (p) => p.has('owner', (o) => o.ge('rating', 4.5))),
          ),
        ),
      )
      .sort('author.publisher.owner.name', '-pages')
      .include('author.books', 'tags')
      .fields({ book: ['title'], author: [] })
      .build();
    expect(ast).toEqual(
      parseQuery(stringifyQuery(ast), { schema: richSchema, type: 'book' }),
    );
    expect(ast.sort[0]).toEqual({ path: ['author', 'publisher', 'owner'], field: 'name', direction: 'asc' });
    expect(ast.include).toEqual([['author', 'books'], ['tags']]);
  });

  it('pages by cursor: cursors from a response, checked against the sort on build()', () => {
    const sorted = query(exampleSchema, 'person').sort('-birth_date');
    const after = stringifyQuery({ ...sorted.build(), page: { kind: 'cursor', size: 5, after: ['1990-04-02', '4'] } }).split('page[after]=')[1] as string;
    expect(sorted.page({ size: 5, after }).build().page).toEqual({ kind: 'cursor', size: 5, after: ['1990-04-02', '4'] });
    expect(sorted.page({ before: after }).build().page).toEqual({ kind: 'cursor', size: 30, before: ['1990-04-02', '4'] });
    expect(sorted.page({ size: 5, after }).toString()).toBe(`sort=-birth_date&page[size]=5&page[after]=${after}`);
    expect(() => query(exampleSchema, 'person').sort('name').page({ after }).build()).toThrow(QueryError);
    expect(() => sorted.page({ after: 'garbage!' }).build()).toThrow(/page\[after\]/u);
    const cursorMode = query(exampleSchema, 'person', { limits: { pagination: 'cursor' } });
    expect(cursorMode.page({ size: 5 }).build().page).toEqual({ kind: 'cursor', size: 5 });
    expect(sorted.page({ after }).page({ size: 2, number: 3 }).build().page).toEqual({ kind: 'offset', size: 2, number: 3 });
  });

  it('is immutable: each call returns a new builder', () => {
    const base = query(exampleSchema, 'person');
    const sorted = base.sort('name');
    expect(base.build().sort).toEqual([{ path: [], field: 'id', direction: 'asc' }]);
    expect(sorted.build().sort).toHaveLength(2);
    expect(base.include('computers').include('computers').build().include).toEqual([['computers']]);
  });

  it('gives the canonical query string', () => {
    expect(query(exampleSchema, 'person').filter((f) => f.eq('name', 'a&b')).sort('-name').toString()).toBe(
      'filter=%5B%7B%22name%22:%22name%22,%22op%22:%22eq%22,%22val%22:%22a%26b%22%7D%5D&sort=-name',
    );
  });

  it.each<[string, () => unknown, string]>([
    ['an impossible date', () => query(exampleSchema, 'person').filter((f) => f.eq('birth_date', '2021-02-30')).build(), 'invalid_value'],
    ['a value out of the enum', () => query(richSchema, 'author').filter((f) => f.eq('status', 'gone' as 'draft')).build(), 'invalid_value'],
    ['an empty pattern', () => query(exampleSchema, 'person').filter((f) => f.like('name', '')).build(), 'invalid_value'],
    ['a page past the maximum', () => query(exampleSchema, 'person').page({ size: 500 }).build(), 'page_size_too_large'],
    ['too many sort keys', () => query(exampleSchema, 'person').sort('name', 'gender', 'birth_date', 'display_name', '-id', 'name').build(), 'too_many_sort_keys'],
    [
      'a list past the limit',
      () => query(exampleSchema, 'person').filter((f) => f.in('name', Array.from({ length: 101 }, String))).build(),
      'list_too_long',
    ],
  ])('rejects %s with the parser’s error', (_name, build, code) => {
    try {
      build();
      expect.unreachable('build() should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(QueryError);
      expect((error as QueryError).errors[0].code).toBe(code);
    }
  });

  it('accepts every filter the parser accepts, node for node', () => {
    fc.assert(
      fc.property(arbitraryFilter(richSchema, 'author', { maxHops: 3 }), (filter) => {
        expect(query(richSchema, 'author').filter(filter as FilterNode<typeof richSchema, 'author'>).build().filter).toEqual(
          filter,
        );
      }),
      { numRuns: 200 },
    );
  });
});
