/**
 * Every example query string of the specification (section 4), instantiated on the
 * example schema, with its full expected QueryAST. Query strings are written
 * unencoded, as the specification shows them; `jsonFilter` URL-encodes JSON.
 */
import { describe, expect, it } from 'vitest';
import type { FilterNode, QueryAST } from '../../src/index.js';
import { ast, jsonFilter, parse } from './test-schema.js';

const ID_ASC = { path: [], field: 'id', direction: 'asc' } as const;
const john = { kind: 'compare', field: 'name', op: 'eq', value: 'John' } as const;
// Pattern tokens and match words written out, not made with the core's factories while
// Vitest collects the file (docs/testing.md, "Mutation testing").
const ANY = { kind: 'any' } as const;
const text = (value: string) => ({ kind: 'text', text: value }) as const;

interface Fixture {
  readonly description: string;
  readonly query: string;
  readonly type?: string;
  readonly expected: QueryAST;
}

const fixtures: readonly Fixture[] = [
  // 4.1 filter: simple form
  {
    description: 'simple filter filter[<field>]=<value>',
    query: 'filter[name]=John',
    expected: ast({ filter: john }),
  },
  {
    description: 'several simple filters joined with & (filter[a]=x&filter[b]=y)',
    query: 'filter[name]=x&filter[gender]=y',
    expected: ast({
      filter: {
        kind: 'and',
        nodes: [
          { kind: 'compare', field: 'name', op: 'eq', value: 'x' },
          { kind: 'compare', field: 'gender', op: 'eq', value: 'y' },
        ],
      },
    }),
  },
  {
    description: 'the JSON form with two eq entries equals the simple form',
    query: jsonFilter([
      { name: 'name', op: 'eq', val: 'x' },
      { name: 'gender', op: 'eq', val: 'y' },
    ]),
    expected: ast({
      filter: {
        kind: 'and',
        nodes: [
          { kind: 'compare', field: 'name', op: 'eq', value: 'x' },
          { kind: 'compare', field: 'gender', op: 'eq', value: 'y' },
        ],
      },
    }),
  },
  // 4.1 filter: JSON form entries
  {
    description: 'comparison entry {name, op, val}',
    query: jsonFilter([{ name: 'name', op: 'eq', val: 'John' }]),
    expected: ast({ filter: john }),
  },
  {
    description: 'comparison entry {name, op, field}',
    query: jsonFilter([{ name: 'name', op: 'ne', field: 'display_name' }]),
    expected: ast({ filter: { kind: 'compare_fields', field: 'name', op: 'ne', other: 'display_name' } }),
  },
  {
    description: 'relationship filter: to-many with any',
    query: jsonFilter([{ name: 'computers', op: 'any', val: { name: 'serial', op: 'eq', val: 'SN-1' } }]),
    expected: ast({
      filter: {
        kind: 'any',
        relationship: 'computers',
        node: { kind: 'compare', field: 'serial', op: 'eq', value: 'SN-1' },
      },
    }),
  },
  {
    description: 'relationship filter: to-one with has',
    type: 'computer',
    query: jsonFilter([{ name: 'owner', op: 'has', val: { name: 'name', op: 'eq', val: 'John' } }]),
    expected: ast({ type: 'computer', filter: { kind: 'has', relationship: 'owner', node: john } }),
  },
  {
    description: 'shortcut <relationship>__<field> (to-many)',
    query: jsonFilter([{ name: 'computers__serial', op: 'eq', val: 'SN-1' }]),
    expected: ast({
      filter: {
        kind: 'any',
        relationship: 'computers',
        node: { kind: 'compare', field: 'serial', op: 'eq', value: 'SN-1' },
      },
    }),
  },
  {
    description: 'shortcut <relationship>__<field> (to-one)',
    type: 'computer',
    query: jsonFilter([{ name: 'owner__name', op: 'eq', val: 'John' }]),
    expected: ast({ type: 'computer', filter: { kind: 'has', relationship: 'owner', node: john } }),
  },
  {
    description: 'or / and / not nest to any depth, beside comparison entries',
    query: jsonFilter([
      {
        or: [
          { not: { name: 'gender', op: 'eq', val: 'm' } },
          { and: [{ name: 'name', op: 'like', val: 'J%' }, { name: 'birth_date', op: 'lt', val: '2000-01-01' }] },
        ],
      },
      { name: 'display_name', op: 'ne', val: 'x' },
    ]),
    expected: ast({
      filter: {
        kind: 'and',
        nodes: [
          {
            kind: 'or',
            nodes: [
              { kind: 'not', node: { kind: 'compare', field: 'gender', op: 'eq', value: 'm' } },
              {
                kind: 'and',
                nodes: [
                  { kind: 'compare', field: 'name', op: 'like', value: 'J%', pattern: [text('J'), ANY] },
                  { kind: 'compare', field: 'birth_date', op: 'lt', value: '2000-01-01' },
                ],
              },
            ],
          },
          { kind: 'compare', field: 'display_name', op: 'ne', value: 'x' },
        ],
      },
    }),
  },
  // 4.1 filter: every operator of the table
  ...(
    [
      ['between', 'birth_date', ['1990-01-01', '1999-12-31'], {}],
      ['endswith', 'name', 'son', {}],
      ['startswith', 'name', 'Jo', {}],
      ['eq', 'name', 'John', {}],
      ['ne', 'name', 'John', {}],
      ['ge', 'birth_date', '1990-01-01', {}],
      ['gt', 'birth_date', '1990-01-01', {}],
      ['le', 'birth_date', '1990-01-01', {}],
      ['lt', 'birth_date', '1990-01-01', {}],
      ['like', 'name', '%oh%', { pattern: [ANY, text('oh'), ANY] }],
      ['ilike', 'name', '%OH%', { pattern: [ANY, text('OH'), ANY] }],
      ['notlike', 'name', '%oh%', { pattern: [ANY, text('oh'), ANY] }],
      ['notilike', 'name', '%OH%', { pattern: [ANY, text('OH'), ANY] }],
      ['in_', 'gender', ['m', 'f'], {}],
      ['notin_', 'gender', ['m', 'f'], {}],
      ['is_', 'gender', null, {}],
      ['isnot', 'gender', null, {}],
      ['match', 'display_name', 'john smith', { words: ['john', 'smith'] }],
    ] as const
  ).map(
    ([op, field, value, resolved]): Fixture => ({
      description: `operator ${op}`,
      query: jsonFilter([{ name: field, op, val: value }]),
      expected: ast({ filter: { kind: 'compare', field, op, value, ...resolved } as FilterNode }),
    }),
  ),
  // 4.2 sort
  {
    description: 'sort=<field>',
    query: 'sort=name',
    expected: ast({ sort: [{ path: [], field: 'name', direction: 'asc' }, ID_ASC] }),
  },
  {
    description: 'sort=<field1>,<field2>',
    query: 'sort=name,birth_date',
    expected: ast({
      sort: [
        { path: [], field: 'name', direction: 'asc' },
        { path: [], field: 'birth_date', direction: 'asc' },
        ID_ASC,
      ],
    }),
  },
  {
    description: 'sort=-<field>',
    query: 'sort=-birth_date',
    expected: ast({ sort: [{ path: [], field: 'birth_date', direction: 'desc' }, ID_ASC] }),
  },
  {
    description: 'sort=-<field1>,<field2>',
    query: 'sort=-birth_date,name',
    expected: ast({
      sort: [
        { path: [], field: 'birth_date', direction: 'desc' },
        { path: [], field: 'name', direction: 'asc' },
        ID_ASC,
      ],
    }),
  },
  // 4.3 page
  { description: 'page[size]', query: 'page[size]=10', expected: ast({ page: { kind: 'offset', size: 10, number: 1 } }) },
  { description: 'page[number]', query: 'page[number]=3', expected: ast({ page: { kind: 'offset', size: 30, number: 3 } }) },
  {
    description: 'page[size] and page[number] combined',
    query: 'page[size]=10&page[number]=2',
    expected: ast({ page: { kind: 'offset', size: 10, number: 2 } }),
  },
  { description: 'page[size]=0 disables pagination', query: 'page[size]=0', expected: ast({ page: null }) },
  { description: 'no page: default size 30', query: '', expected: ast() },
  // 4.4 include
  {
    description: 'include=<relationship>',
    query: 'include=computers',
    expected: ast({ include: [['computers']] }),
  },
  {
    description: 'include=<relationship>.<relationship>',
    query: 'include=computers.owner',
    expected: ast({ include: [['computers', 'owner']] }),
  },
  // 4.5 fields
  {
    description: 'fields[person]=display_name',
    query: 'fields[person]=display_name',
    expected: ast({ fields: { person: ['display_name'] } }),
  },
  {
    description: 'fields[computer]=serial with include',
    query: 'include=computers&fields[computer]=serial',
    expected: ast({ include: [['computers']], fields: { computer: ['serial'] } }),
  },
  {
    description: 'fields[<type>]=<field>,<field>, several fields parameters combined',
    query: 'fields[person]=name,computers&fields[computer]=serial',
    expected: ast({ fields: { person: ['name', 'computers'], computer: ['serial'] } }),
  },
  // issue 2 §6 (a) and (b)
  {
    description: 'benchmark input (a)',
    query: 'filter[name]=John&sort=-birth_date&page[size]=10&page[number]=2',
    expected: ast({
      filter: john,
      sort: [{ path: [], field: 'birth_date', direction: 'desc' }, ID_ASC],
      page: { kind: 'offset', size: 10, number: 2 },
    }),
  },
  {
    description: 'benchmark input (b)',
    query: `${jsonFilter([
      {
        or: [
          { name: 'name', op: 'ilike', val: '%john%' },
          {
            and: [
              { name: 'birth_date', op: 'ge', val: '1980-01-01' },
              { name: 'birth_date', op: 'lt', val: '1990-01-01' },
            ],
          },
        ],
      },
      { not: { name: 'gender', op: 'eq', val: 'x' } },
      { name: 'computers', op: 'any', val: { name: 'serial', op: 'startswith', val: 'SN' } },
    ])}&sort=-birth_date,name&page[size]=20&page[number]=3&include=computers.owner&fields[person]=name,birth_date,computers&fields[computer]=serial,owner`,
    expected: ast({
      filter: {
        kind: 'and',
        nodes: [
          {
            kind: 'or',
            nodes: [
              { kind: 'compare', field: 'name', op: 'ilike', value: '%john%', pattern: [ANY, text('john'), ANY] },
              {
                kind: 'and',
                nodes: [
                  { kind: 'compare', field: 'birth_date', op: 'ge', value: '1980-01-01' },
                  { kind: 'compare', field: 'birth_date', op: 'lt', value: '1990-01-01' },
                ],
              },
            ],
          },
          { kind: 'not', node: { kind: 'compare', field: 'gender', op: 'eq', value: 'x' } },
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
        ID_ASC,
      ],
      page: { kind: 'offset', size: 20, number: 3 },
      include: [['computers', 'owner']],
      fields: { person: ['name', 'birth_date', 'computers'], computer: ['serial', 'owner'] },
    }),
  },
];

describe('the specification examples', () => {
  it.each(fixtures)('$description: $query', ({ query, type, expected }) => {
    const result = parse(query, type === undefined ? {} : { type });
    expect(result).toEqual(expected);
    expect(JSON.parse(JSON.stringify(result))).toEqual(expected);
  });

  it.each(fixtures)('is frozen all the way down: $description', ({ query, type }) => {
    const result = parse(query, type === undefined ? {} : { type });
    const stack: unknown[] = [result];
    while (stack.length > 0) {
      const value = stack.pop();
      if (typeof value === 'object' && value !== null) {
        expect(Object.isFrozen(value)).toBe(true);
        stack.push(...Object.values(value));
      }
    }
  });
});
