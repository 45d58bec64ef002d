/**
 * Every refusal of `sort`, `include` and `fields` (src/parse/sort.ts, include.ts,
 * fields.ts) with its code, parameter, limit and message (docs/errors.md, "sort",
 * "include", "fields"), and the characters a sort key may hold, at the edges of each
 * range.
 */
import { describe, expect, it } from 'vitest';
import type { JsonApiError } from '../../src/index.js';
import { errorsOf, parse, shopSchema, type TestOptions } from './test-schema.js';

/** Code, parameter, detail and limit of each error. */
const faults = (query: string, options: TestOptions = {}) =>
  errorsOf(query, options).map((error: JsonApiError) => ({
    code: error.code,
    parameter: error.source?.parameter,
    detail: error.detail,
    ...(error.meta?.limit === undefined ? {} : { limit: error.meta.limit }),
  }));

const shop: TestOptions = { schema: shopSchema, type: 'order' };

describe('sort refusals and their messages', () => {
  it.each<[string, TestOptions, string, string]>([
    ['sort=-', {}, 'invalid_sort', 'The sort has an empty key'],
    ['sort=name,', {}, 'invalid_sort', 'The sort has an empty key'],
    ['sort=+name', {}, 'invalid_sort', 'The sort key " name" is not a field name (only a leading "-" is allowed; "+" means a space)'],
    ['sort=--name', {}, 'invalid_sort', 'The sort key "--name" is not a field name (only a leading "-" is allowed; "+" means a space)'],
    ['sort=nope', {}, 'unknown_field', 'Type "person" has no field "nope"'],
    ['sort=computers', {}, 'invalid_sort', '"computers" is a relationship; sort by one of its fields (computers.<field>)'],
    ['sort=computers.serial', {}, 'invalid_sort', 'The sort path "computers.serial" goes through the to-many relationship "computers"'],
    ['sort=nope.name', {}, 'unknown_relationship', 'Type "person" has no relationship "nope" (in "nope.name")'],
    ['sort=name.x', {}, 'unknown_relationship', 'Type "person" has no relationship "name" (in "name.x")'],
    ['sort=name,-name', {}, 'duplicate_sort_field', 'The sort names "name" twice'],
    ['sort=.name', {}, 'invalid_sort', 'The sort key ".name" has an empty segment'],
    ['sort=-owner..serial', { type: 'computer' }, 'invalid_sort', 'The sort key "owner..serial" has an empty segment'],
    ['sort=owner.', { type: 'computer' }, 'invalid_sort', 'The sort key "owner." has an empty segment'],
    ['sort=owner.nope', { type: 'computer' }, 'unknown_field', 'Type "person" has no field "nope"'],
    ['sort=note', shop, 'field_not_sortable', 'The field "note" cannot be sorted on'],
    ['sort=-customer.name.x', shop, 'unknown_relationship', 'Type "customer" has no relationship "name" (in "customer.name.x")'],
  ])('%s is %s: %s', (query, options, code, detail) => {
    expect(faults(query, options)).toEqual([{ code, parameter: 'sort', detail }]);
  });

  it('names the number of relationships a path follows and the limit', () => {
    expect(faults('sort=customer.region.country.continent.name', shop)).toEqual([
      {
        code: 'path_too_long',
        parameter: 'sort',
        detail: 'The sort path "customer.region.country.continent.name" follows 4 relationships; the limit is 3',
        limit: 3,
      },
    ]);
    expect(parse('sort=-customer.region.country.name', shop).sort[0]).toEqual({
      path: ['customer', 'region', 'country'],
      field: 'name',
      direction: 'desc',
    });
  });

  it('names the number of keys and the limit, and reports no key past it', () => {
    expect(faults('sort=nope,name,gender', { limits: { maxSortKeys: 2 } })).toEqual([
      { code: 'too_many_sort_keys', parameter: 'sort', detail: 'The sort has 3 keys; the limit is 2', limit: 2 },
    ]);
  });

  it('reports every faulty key, each once, and no sort', () => {
    expect(faults('sort=nope,name,name,-computers')).toEqual([
      { code: 'unknown_field', parameter: 'sort', detail: 'Type "person" has no field "nope"' },
      { code: 'duplicate_sort_field', parameter: 'sort', detail: 'The sort names "name" twice' },
      { code: 'invalid_sort', parameter: 'sort', detail: '"computers" is a relationship; sort by one of its fields (computers.<field>)' },
    ]);
  });

  it('a faulty sort leaves a cursor undecoded: the sort is the one error', () => {
    expect(faults('sort=nope&page[after]=not-a-cursor')).toEqual([
      { code: 'unknown_field', parameter: 'sort', detail: 'Type "person" has no field "nope"' },
    ]);
    expect(errorsOf('sort=name&page[after]=not-a-cursor').map((error) => error.code)).toEqual(['invalid_cursor']);
  });

  it('keeps a path through to-one relationships, its direction, and appends the id', () => {
    expect(parse('sort=-owner.name,serial', { type: 'computer' }).sort).toEqual([
      { path: ['owner'], field: 'name', direction: 'desc' },
      { path: [], field: 'serial', direction: 'asc' },
      { path: [], field: 'id', direction: 'asc' },
    ]);
    expect(parse('sort=-id,name').sort).toEqual([
      { path: [], field: 'id', direction: 'desc' },
      { path: [], field: 'name', direction: 'asc' },
    ]);
  });

  // Letters, digits, `_`, `-` and `.` make a name; the characters just outside each
  // range do not. A name of the allowed characters that names nothing is
  // `unknown_field`; any other character is `invalid_sort`.
  it.each(['a', 'z', 'A', 'Z', '0', '9', '_', '-'])('takes %j inside a key as a name character', (character) => {
    expect(faults(`sort=x${encodeURIComponent(character)}y`)).toEqual([
      { code: 'unknown_field', parameter: 'sort', detail: `Type "person" has no field "x${character}y"` },
    ]);
  });

  it.each(['`', '{', '@', '[', '/', ':'])('refuses %j inside a key as not a name', (character) => {
    expect(faults(`sort=x${encodeURIComponent(character)}y`)).toEqual([
      {
        code: 'invalid_sort',
        parameter: 'sort',
        detail: `The sort key "x${character}y" is not a field name (only a leading "-" is allowed; "+" means a space)`,
      },
    ]);
  });
});

describe('include refusals and their messages', () => {
  it.each<[string, TestOptions, string, string]>([
    ['include=,', {}, 'invalid_include', 'The include has an empty path'],
    ['include=computers,', {}, 'invalid_include', 'The include has an empty path'],
    ['include=computers..owner', {}, 'invalid_include', 'The include path "computers..owner" has an empty segment'],
    ['include=name', {}, 'invalid_include', '"name" is a field of "person", not a relationship (in include path "name")'],
    ['include=nope', {}, 'unknown_relationship', 'Type "person" has no relationship "nope" (in include path "nope")'],
    ['include=computers.nope', {}, 'unknown_relationship', 'Type "computer" has no relationship "nope" (in include path "computers.nope")'],
  ])('%s is %s: %s', (query, options, code, detail) => {
    expect(faults(query, options)).toEqual([{ code, parameter: 'include', detail }]);
  });

  it('names the path, its length and the limit past maxIncludeDepth, even for a single relationship', () => {
    expect(faults('include=computers.owner.computers.owner')).toEqual([
      {
        code: 'include_too_deep',
        parameter: 'include',
        detail: 'The include path "computers.owner.computers.owner" has 4 relationships; the limit is 3',
        limit: 3,
      },
    ]);
    expect(faults('include=computers', { limits: { maxIncludeDepth: 0 } })).toEqual([
      { code: 'include_too_deep', parameter: 'include', detail: 'The include path "computers" has 1 relationships; the limit is 0', limit: 0 },
    ]);
    expect(parse('include=computers', { limits: { maxIncludeDepth: 1 } }).include).toEqual([['computers']]);
  });

  it('reports one error past maxIncludePaths, however many paths follow', () => {
    expect(faults('include=computers,computers.owner,nope,other', { limits: { maxIncludePaths: 1 } })).toEqual([
      { code: 'too_many_include_paths', parameter: 'include', detail: 'The include has more than 1 paths', limit: 1 },
    ]);
  });

  it('reports every faulty path, and includes nothing then', () => {
    expect(faults('include=nope,computers,name')).toEqual([
      { code: 'unknown_relationship', parameter: 'include', detail: 'Type "person" has no relationship "nope" (in include path "nope")' },
      { code: 'invalid_include', parameter: 'include', detail: '"name" is a field of "person", not a relationship (in include path "name")' },
    ]);
  });

  it('starts paths at includeFrom, and ignores exact duplicates', () => {
    expect(parse('include=owner,owner', { type: 'person', includeFrom: 'computer' }).include).toEqual([['owner']]);
    expect(parse('include=computers.owner,computers,computers.owner').include).toEqual([['computers', 'owner'], ['computers']]);
  });
});

describe('fields refusals and their messages', () => {
  it.each<[string, string, string, string]>([
    ['fields[nope]=x', 'fields[nope]', 'unknown_type', 'Unknown resource type "nope"'],
    ['fields[person]=name,,gender', 'fields[person]', 'invalid_fields', 'fields[person] has an empty name'],
    ['fields[person]=id', 'fields[person]', 'unknown_field', 'Type "person" has no attribute or relationship "id"'],
    ['fields[person]=nope', 'fields[person]', 'unknown_field', 'Type "person" has no attribute or relationship "nope"'],
  ])('%s is refused on %s: %s', (query, parameter, code, detail) => {
    expect(faults(query)).toEqual([{ code, parameter, detail }]);
  });

  it('reports every faulty name and type of a request together', () => {
    expect(faults('fields[nope]=x&fields[person]=nope,name,,computers&fields[computer]=owner,id')).toEqual([
      { code: 'unknown_type', parameter: 'fields[nope]', detail: 'Unknown resource type "nope"' },
      { code: 'unknown_field', parameter: 'fields[person]', detail: 'Type "person" has no attribute or relationship "nope"' },
      { code: 'invalid_fields', parameter: 'fields[person]', detail: 'fields[person] has an empty name' },
      { code: 'unknown_field', parameter: 'fields[computer]', detail: 'Type "computer" has no attribute or relationship "id"' },
    ]);
  });

  it('keeps the first of duplicate names, in order, and an empty value as no fields', () => {
    expect(parse('fields[person]=computers,name,computers&fields[computer]=').fields).toEqual({
      person: ['computers', 'name'],
      computer: [],
    });
  });
});
