/**
 * What the readers of src/parse/input/ hand on, seen through the errors and ASTs of
 * `parseQuery`: a repeated parameter is dropped from its family whatever its value
 * (only `repeated_parameter` is reported, never a fault of the dropped value), a
 * `URLSearchParams` is counted against both budgets, and a framework's parsed object
 * reads exactly like the query string it stands for (qs's configuration in
 * read-object.ts: keys encoded, nulls kept as empty values, empty arrays dropped,
 * nesting refused only past `family[member][x]`).
 */
import { describe, expect, it } from 'vitest';
import type { JsonApiError, ParsedQueryObject } from '../../src/index.js';
import { errorsOf, parse, type TestOptions } from './test-schema.js';

/** Code, parameter and detail of each error. */
const faults = (query: string | URLSearchParams | ParsedQueryObject, options: TestOptions = {}) =>
  errorsOf(query, options).map((error: JsonApiError) => ({ code: error.code, parameter: error.source?.parameter, detail: error.detail }));

const repeated = (parameter: string) => ({
  code: 'repeated_parameter',
  parameter,
  detail: `The query parameter "${parameter}" is given more than once`,
});

describe('a repeated parameter', () => {
  it.each([
    ['filter=x', 'filter'],
    ['sort=@', 'sort'],
    ['include=nope', 'include'],
    ['page[size]=abc', 'page[size]'],
    ['fields[nope]=x', 'fields[nope]'],
    ['filter[nope]=1', 'filter[nope]'],
  ])('%s, given twice or three times, is dropped: its invalid value is never read', (pair, name) => {
    expect(faults(`${pair}&${pair}`)).toEqual([repeated(name)]);
    expect(faults(`${pair}&${pair}&${pair}`)).toEqual([repeated(name)]);
  });

  it('drops only itself from a family that holds other members', () => {
    expect(faults('page[size]=abc&sort=@&sort=@')).toEqual([
      repeated('sort'),
      { code: 'invalid_page_value', parameter: 'page[size]', detail: expect.any(String) as string },
    ]);
    const codes = (query: string) => errorsOf(query).map((error) => error.code);
    expect(codes('filter=x&sort=@&include=nope&page[size]=1&page[size]=1')).toEqual([
      'repeated_parameter',
      'invalid_filter_json',
      'invalid_sort',
      'unknown_relationship',
    ]);
    expect(faults('fields[nope]=x&fields[person]=name&fields[person]=name')).toEqual([
      repeated('fields[person]'),
      { code: 'unknown_type', parameter: 'fields[nope]', detail: 'Unknown resource type "nope"' },
    ]);
  });
});

describe('names the reader leaves to the host', () => {
  it('a name opening with a bracket has no base name, and is not reserved', () => {
    expect(parse('[a]=1&sort=name').sort[0]).toEqual({ path: [], field: 'name', direction: 'asc' });
  });
});

describe('a URLSearchParams', () => {
  it('counts each parameter against maxParameters, at the limit and one past it', () => {
    const params = () => new URLSearchParams([['sort', 'name'], ['include', 'computers']]);
    expect(parse(params(), { limits: { maxParameters: 2 } }).include).toEqual([['computers']]);
    expect(errorsOf(params(), { limits: { maxParameters: 1 } })).toEqual([
      expect.objectContaining({ code: 'too_many_parameters', detail: 'The query has more than 1 parameters', meta: { limit: 1 } }),
    ]);
  });

  it('counts "=" and "&" between parameters as the query string has them, from the third on too', () => {
    // sort=name&include=computers&page[size]=2: 9 + 1 + 17 + 1 + 12 = 40 characters.
    const params = () => new URLSearchParams([['sort', 'name'], ['include', 'computers'], ['page[size]', '2']]);
    expect(parse(params(), { limits: { maxQueryLength: 40 } }).page).toEqual({ kind: 'offset', size: 2, number: 1 });
    expect(errorsOf(params(), { limits: { maxQueryLength: 39 } })).toEqual([
      expect.objectContaining({ status: '414', code: 'query_too_long', detail: 'The query string is 40 bytes; the limit is 39.' }),
    ]);
  });
});

describe('a parsed query object', () => {
  it('encodes its keys: "&" and "=" in a key stay part of the name', () => {
    expect(faults({ 'filter[a&b=c]': 'x' })).toEqual([
      { code: 'unknown_field', parameter: 'filter[a&b=c]', detail: expect.any(String) as string },
    ]);
  });

  it('reads a number or boolean value as its text', () => {
    expect(parse({ page: { size: 5, number: 2 } }).page).toEqual({ kind: 'offset', size: 5, number: 2 });
    expect(parse({ 'filter[name]': true }).filter).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: 'true' });
  });

  it('reads null as an empty value, as "name=" is read', () => {
    expect(parse({ 'fields[person]': null })).toEqual(parse('fields[person]='));
    expect(parse({ fields: { person: null } }).fields).toEqual({ person: [] });
  });

  it('drops an empty array, as if the parameter were not given', () => {
    expect(parse({ sort: [], fields: { person: [] } })).toEqual(parse(''));
  });

  it('refuses a plain value at family[member][x] as the query string does, not as nesting', () => {
    for (const leaf of [1, null, 'x']) {
      expect(faults({ filter: { a: { b: leaf } } })).toEqual([
        { code: 'invalid_parameter', parameter: 'filter[a][b]', detail: '"filter[a][b]" is not of the form filter[member] with a plain value' },
      ]);
    }
  });

  it('refuses an array holding an object anywhere, and takes null or a date in an array', () => {
    expect(faults({ sort: ['name', { a: 1 }] })).toEqual([
      { code: 'invalid_parameter', parameter: 'sort', detail: 'The query parameter "sort" holds a nested object or array where a plain value belongs' },
    ]);
    expect(faults({ sort: ['name', null] })).toEqual([repeated('sort')]);
    expect(faults({ sort: ['name', new Date(0)] })).toEqual([repeated('sort')]);
  });

  it('keeps a lone surrogate raw and encodes the text around it', () => {
    expect(faults({ sort: 'a&b%\uD800' })).toEqual([
      {
        code: 'invalid_sort',
        parameter: 'sort',
        detail: 'The sort key "a&b%\\ud800" is not a field name (only a leading "-" is allowed; "+" means a space)',
      },
    ]);
  });
});
