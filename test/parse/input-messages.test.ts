/**
 * Every refusal of the query string's reader (src/parse/input/) with its code,
 * parameter and message (docs/errors.md, "Query string"): malformed escapes and NUL
 * characters in a name or a value, repeated parameters, shapes where a plain value
 * belongs, reserved lowercase names, the parameter count at its limit, and nested
 * objects from a framework's parsed query.
 */
import { describe, expect, it } from 'vitest';
import type { JsonApiError, ParsedQueryObject } from '../../src/index.js';
import { errorsOf, parse, type TestOptions } from './test-schema.js';

/** Code, parameter, detail and limit of each error. */
const faults = (query: string | ParsedQueryObject, options: TestOptions = {}) =>
  errorsOf(query, options).map((error: JsonApiError) => ({
    code: error.code,
    parameter: error.source?.parameter,
    detail: error.detail,
    ...(error.meta?.limit === undefined ? {} : { limit: error.meta.limit }),
  }));

const malformed = (parameter: string) => ({
  code: 'malformed_query_string',
  parameter,
  detail: `The query parameter "${parameter}" has a malformed percent-escape or a NUL character`,
});

describe('malformed_query_string', () => {
  it.each([
    ['%ZZ=1', '%ZZ'],
    ['sort=%ZZ', 'sort'],
    ['sort=a%00', 'sort'],
    ['sort=a\0', 'sort'],
    [`sort=${'a'.repeat(64)}%E0%A4%A`, 'sort'],
    [`sort=${'a'.repeat(64)}\0`, 'sort'],
  ])('%j names the parameter %s', (query, parameter) => {
    expect(faults(query)).toEqual([malformed(parameter)]);
  });

  it('decodes + as a space and escapes once, in short and long components', () => {
    expect(faults('sort=na+me')).toEqual([
      { code: 'invalid_sort', parameter: 'sort', detail: 'The sort key "na me" is not a field name (only a leading "-" is allowed; "+" means a space)' },
    ]);
    const long = 'x'.repeat(64);
    expect(faults(`sort=${long}%2541`)).toEqual([
      { code: 'invalid_sort', parameter: 'sort', detail: `The sort key "${long}%41" is not a field name (only a leading "-" is allowed; "+" means a space)` },
    ]);
    expect(faults(`filter[${long}+]=1`)[0]).toMatchObject({ parameter: `filter[${long} ]` });
  });
});

describe('repeated_parameter', () => {
  it.each(['filter=[]', 'sort=name', 'include=computers', 'page[size]=1', 'fields[person]=name', 'filter[name]=a'])(
    '%s given three times is one error naming it, and the parameter is dropped',
    (pair) => {
      const name = pair.slice(0, pair.indexOf('='));
      expect(faults(`${pair}&${pair}&${pair}&fields[nope]=x`)).toEqual([
        { code: 'repeated_parameter', parameter: name, detail: `The query parameter "${name}" is given more than once` },
        { code: 'unknown_type', parameter: 'fields[nope]', detail: 'Unknown resource type "nope"' },
      ]);
    },
  );

  it('an array in a parsed object is a repeated parameter', () => {
    expect(faults({ sort: ['name', 'gender'] })).toEqual([
      { code: 'repeated_parameter', parameter: 'sort', detail: 'The query parameter "sort" is given more than once' },
    ]);
  });
});

describe('invalid_parameter', () => {
  it.each([
    ['sort[]=name', 'sort[]', '"sort" takes a plain value, not "sort[]"'],
    ['include[x]=a', 'include[x]', '"include" takes a plain value, not "include[x]"'],
    ['page=1', 'page', '"page" takes a member: page[...]'],
    ['fields=x', 'fields', '"fields" takes a member: fields[...]'],
    ['filter[a][b]=1', 'filter[a][b]', '"filter[a][b]" is not of the form filter[member] with a plain value'],
    ['page[]=1', 'page[]', '"page[]" is not of the form page[member] with a plain value'],
    ['filter[a]b=1', 'filter[a]b', '"filter[a]b" is not of the form filter[member] with a plain value'],
    ['page[a=1', 'page[a', '"page[a" is not of the form page[member] with a plain value'],
    ['page[a]]=1', 'page[a]]', '"page[a]]" is not of the form page[member] with a plain value'],
    ['fields[[a]=1', 'fields[[a]', '"fields[[a]" is not of the form fields[member] with a plain value'],
  ])('%s: %s', (query, parameter, detail) => {
    expect(faults(query)).toEqual([{ code: 'invalid_parameter', parameter, detail }]);
  });

  it.each<[ParsedQueryObject, string]>([
    [{ filter: { a: { b: { c: 1 } } } }, 'filter[a][b]'],
    [{ sort: [['a']] }, 'sort'],
    [{ sort: [{ a: 1 }] }, 'sort'],
  ])('a nested value in a parsed object (%j) names where it is', (input, parameter) => {
    expect(faults(input)).toEqual([
      { code: 'invalid_parameter', parameter, detail: `The query parameter "${parameter}" holds a nested object or array where a plain value belongs` },
    ]);
  });

  it('a parsed object at the nesting it may have reads like the query string', () => {
    expect(parse({ filter: { name: 'Ann' }, page: { size: '2' }, sort: ['name'] })).toEqual(parse('filter[name]=Ann&page[size]=2&sort=name'));
    expect(parse({ 'filter[name]': 'Ann' }).filter).toEqual(parse('filter[name]=Ann').filter);
  });
});

describe('unknown_parameter: lowercase names are reserved, others are the host’s', () => {
  it.each(['foo', 'a', 'z', 'foo[bar]'])('%s is refused', (name) => {
    expect(faults(`${name}=1`)).toEqual([
      {
        code: 'unknown_parameter',
        parameter: name,
        detail: `Unknown query parameter "${name}": names made only of lowercase letters are reserved for JSON:API`,
      },
    ]);
  });

  it.each(['Foo', 'fooBar', 'foo_bar', 'a`', 'a{', '`', '{', 'foo1'])('%s is left to the host', (name) => {
    expect(parse(`${encodeURIComponent(name)}=1&sort=name`).sort[0]).toMatchObject({ field: 'name' });
  });
});

describe('the parameter count (maxParameters)', () => {
  it('takes exactly the limit and refuses one more, naming the limit', () => {
    expect(parse('sort=name&page[size]=2', { limits: { maxParameters: 2 } }).page).toEqual({ kind: 'offset', size: 2, number: 1 });
    expect(faults('sort=name&page[size]=2&include=computers', { limits: { maxParameters: 2 } })).toEqual([
      { code: 'too_many_parameters', parameter: undefined, detail: 'The query has more than 2 parameters', limit: 2 },
    ]);
  });

  it('does not count empty pairs, with or without a leading ?', () => {
    expect(parse('?&&sort=-name&&', { limits: { maxParameters: 1 } }).sort[0]).toEqual({ path: [], field: 'name', direction: 'desc' });
    expect(parse('?sort=-name').sort[0]).toEqual({ path: [], field: 'name', direction: 'desc' });
  });

  it('counts a pair without a name, though it is ignored', () => {
    expect(parse('=x').sort).toEqual(parse('').sort);
    expect(faults('=x&sort=name', { limits: { maxParameters: 1 } })).toEqual([
      { code: 'too_many_parameters', parameter: undefined, detail: 'The query has more than 1 parameters', limit: 1 },
    ]);
  });

  it('reads a parameter without = as an empty value', () => {
    expect(parse('include').include).toEqual([]);
    expect(parse('fields[person]&sort=name').fields).toEqual({ person: [] });
  });
});
