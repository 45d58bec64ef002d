/**
 * Every limit of the query budget the parser enforces (docs/errors.md, `DEFAULT_LIMITS`),
 * exactly at the limit (accepted) and one past it (refused with the limit's code,
 * parameter, `meta.limit` and the message docs/errors.md describes). A `>` that became
 * `>=` would refuse the value at the limit; a check that lost its bound would accept the
 * one past it. The limits the executor and the handler enforce (included resources,
 * unpaginated rows, path ids) are in test/http/limit-boundaries.test.ts, with these
 * queries through HTTP.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type JsonApiError } from '../../src/index.js';
import { encodeCursor } from '../../src/paging/cursor-codec.js';
import { BOUNDARIES, type Boundary } from '../helpers/limit-boundaries.js';
import { errorsOf, parse, shopSchema } from './test-schema.js';

const optionsOf = (boundary: Boundary) =>
  boundary.schema === 'shop' ? ({ schema: shopSchema, type: boundary.type ?? 'order' } as const) : { type: boundary.type ?? 'person' };

describe.each(BOUNDARIES)('$limit ($code)', (boundary) => {
  it(`accepts exactly ${String(DEFAULT_LIMITS[boundary.limit])}`, () => {
    expect(() => parse(boundary.at, optionsOf(boundary))).not.toThrow();
  });

  it('refuses one past it, naming the parameter and the limit', () => {
    const errors = errorsOf(boundary.past, optionsOf(boundary));
    expect(errors).toHaveLength(1);
    const error = errors[0] as JsonApiError;
    expect(error).toMatchObject({
      status: boundary.status ?? '400',
      code: boundary.code,
      detail: boundary.detail,
      meta: { limit: DEFAULT_LIMITS[boundary.limit], ...(boundary.pointer === undefined ? {} : { pointer: boundary.pointer }) },
    });
    expect(error.source?.parameter).toBe(boundary.parameter);
  });
});

describe('limits that count code points or bytes, not UTF-16 units', () => {
  const astral = '😀';

  it('maxStringLength counts characters: 256 astral characters (512 units) pass, 257 do not', () => {
    expect(parse(`filter[name]=${astral.repeat(256)}`).filter).toMatchObject({ value: astral.repeat(256) });
    expect(errorsOf(`filter[name]=${astral.repeat(257)}`)).toMatchObject([
      { code: 'value_too_long', detail: 'A filter value has 257 characters; the limit is 256', meta: { limit: 256 } },
    ]);
  });

  it('maxQueryLength counts UTF-8 bytes, without the leading "?"', () => {
    const name = 'utm_source=';
    expect(() => parse(`?${name}${'é'.repeat((8192 - name.length - 1) / 2)}a`)).not.toThrow(); // 11 + 8180 + 1 bytes
    expect(errorsOf(`?${name}${'é'.repeat((8192 - name.length - 1) / 2)}ab`)).toMatchObject([
      { status: '414', code: 'query_too_long', detail: 'The query string is 8193 bytes; the limit is 8192.', meta: { limit: 8192 } },
    ]);
  });

  it('maxParameters counts parameters, not empty pairs', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => `x${String(index)}=1`).join('&');
    expect(() => parse(`&&${hundred}&&`)).not.toThrow();
  });
});

describe('limits on list items and patterns, each item and operator', () => {
  it.each(['in_', 'notin_'])('%s: 100 items pass, 101 do not', (op) => {
    const list = (length: number) =>
      `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op, val: Array.from({ length }, (_, index) => `n${String(index)}`) }]))}`;
    expect(parse(list(100)).filter).toMatchObject({ op });
    expect(errorsOf(list(101))).toMatchObject([
      { code: 'list_too_long', detail: `The "${op}" list has 101 items; the limit is 100`, meta: { pointer: '/0/val', limit: 100 } },
    ]);
  });

  it('a list item of 256 characters passes, 257 do not (pointing at the item)', () => {
    const list = (length: number) => `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'in_', val: ['a', 'b'.repeat(length)] }]))}`;
    expect(parse(list(256)).filter).toMatchObject({ value: ['a', 'b'.repeat(256)] });
    expect(errorsOf(list(257))).toMatchObject([
      { code: 'value_too_long', detail: 'A filter value has 257 characters; the limit is 256', meta: { pointer: '/0/val/1', limit: 256 } },
    ]);
  });

  it.each(['like', 'ilike', 'notlike', 'notilike'])('%s: 10 wildcards (% and _) pass, 11 do not; escaped ones do not count', (op) => {
    const filter = (val: string) => `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op, val }]))}`;
    expect(parse(filter('%a_b%c_d%e_f%g_h%i_')).filter).toMatchObject({ op });
    expect(parse(filter('%a_b%c_d%e_f%g_h%i_\\%\\_')).filter).toMatchObject({ op });
    expect(errorsOf(filter('%a_b%c_d%e_f%g_h%i_%'))).toMatchObject([
      { code: 'too_many_wildcards', detail: 'The pattern has 11 wildcards; the limit is 10', meta: { pointer: '/0/val', limit: 10 } },
    ]);
  });

  it('a pattern of 256 characters passes, 257 do not', () => {
    const filter = (val: string) => `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'like', val }]))}`;
    expect(parse(filter(`${'a'.repeat(255)}%`)).filter).toMatchObject({ op: 'like' });
    expect(errorsOf(filter(`${'a'.repeat(256)}%`))).toMatchObject([
      { code: 'value_too_long', detail: 'A filter value has 257 characters; the limit is 256', meta: { pointer: '/0/val', limit: 256 } },
    ]);
  });
});

const SHORT_FILTER = '[{"name":"name","op":"eq","val":"a"}]';

describe('limits set by the server apply exactly at their value', () => {
  it.each([
    ['maxListItems', { maxListItems: 2 }, 'filter=[{"name":"name","op":"in_","val":["a","b"]}]', 'filter=[{"name":"name","op":"in_","val":["a","b","c"]}]', 'list_too_long'],
    ['maxWildcards', { maxWildcards: 1 }, 'filter=[{"name":"name","op":"like","val":"a%25"}]', 'filter=[{"name":"name","op":"like","val":"a%25_"}]', 'too_many_wildcards'],
    ['maxMatchWords', { maxMatchWords: 2 }, 'filter=[{"name":"name","op":"match","val":"a b"}]', 'filter=[{"name":"name","op":"match","val":"a b c"}]', 'too_many_words'],
    ['maxStringLength', { maxStringLength: 3 }, 'filter[name]=abc', 'filter[name]=abcd', 'value_too_long'],
    ['maxSortKeys', { maxSortKeys: 1 }, 'sort=name', 'sort=name,gender', 'too_many_sort_keys'],
    ['maxIncludeDepth', { maxIncludeDepth: 1 }, 'include=computers', 'include=computers.owner', 'include_too_deep'],
    ['maxIncludePaths', { maxIncludePaths: 1 }, 'include=computers,computers', 'include=computers,computers.owner', 'too_many_include_paths'],
    ['maxPageSize', { maxPageSize: 40 }, 'page[size]=40', 'page[size]=41', 'page_size_too_large'],
    ['maxOffset', { maxOffset: 20 }, 'page[size]=10&page[number]=3', 'page[size]=10&page[number]=4', 'page_offset_too_large'],
    ['maxFilterNodes', { maxFilterNodes: 2 }, 'filter[name]=a&filter[gender]=b', 'filter[name]=a&filter[gender]=b&filter[display_name]=c', 'filter_too_many_nodes'],
    ['maxFilterDepth', { maxFilterDepth: 1 }, 'filter=[{"not":{"name":"name","op":"eq","val":"a"}}]', 'filter=[{"not":{"not":{"name":"name","op":"eq","val":"a"}}}]', 'filter_too_deep'],
    ['maxPathHops', { maxPathHops: 1 }, 'filter[computers__serial]=a', 'filter[computers__owner__name]=a', 'path_too_long'],
    ['maxFilterLength', { maxFilterLength: SHORT_FILTER.length }, `filter=${SHORT_FILTER}`, `filter=${SHORT_FILTER.replace('"a"', '"ab"')}`, 'filter_too_long'],
    ['maxParameters', { maxParameters: 2 }, 'sort=name&include=computers', 'sort=name&include=computers&x1=1', 'too_many_parameters'],
    ['maxQueryLength', { maxQueryLength: 9 }, 'sort=name', 'sort=-name', 'query_too_long'],
  ] as const)('%s', (name, limits, at, past, code) => {
    expect(() => parse(at, { limits })).not.toThrow();
    expect(errorsOf(past, { limits })).toMatchObject([{ code, meta: { limit: limits[name as keyof typeof limits] } }]);
  });

  it('maxCursorLength: a cursor of exactly 1,024 characters (the default) decodes, 1,025 are refused', () => {
    const sort = parse('').sort;
    const id = Array.from({ length: 800 }, (_, length) => 'x'.repeat(length)).find((candidate) => encodeCursor('person', sort, [candidate]).length === 1024);
    expect(id).toBeDefined();
    const cursor = encodeCursor('person', sort, [id as string]);
    expect(parse(`page[after]=${cursor}`).page).toEqual({ kind: 'cursor', size: 30, after: [id] });
    expect(parse(`page[before]=${cursor}`).page).toEqual({ kind: 'cursor', size: 30, before: [id] });
    expect(errorsOf(`page[before]=${cursor}x`)).toMatchObject([
      { code: 'invalid_cursor', detail: 'The cursor in page[before] is 1025 characters long; the limit is 1024', source: { parameter: 'page[before]' } },
    ]);
  });

  it('maxCursorLength: a cursor of exactly the limit decodes, one character more is refused', () => {
    const sort = parse('').sort;
    const cursor = encodeCursor('person', sort, ['7']);
    const limits = { maxCursorLength: cursor.length };
    expect(parse(`page[after]=${cursor}`, { limits }).page).toEqual({ kind: 'cursor', size: 30, after: ['7'] });
    expect(errorsOf(`page[after]=${cursor}A`, { limits })).toMatchObject([
      {
        code: 'invalid_cursor',
        detail: `The cursor in page[after] is ${String(cursor.length + 1)} characters long; the limit is ${String(cursor.length)}`,
      },
    ]);
  });
});
