/**
 * The refusals `parseQuery` makes from a data layer's declared capabilities
 * (src/parse/check-capabilities.ts, src/parse/filter/) with their messages and
 * parameters (docs/errors.md, "sort_not_supported", "page_not_supported",
 * "include_not_supported", "filter_not_supported"), each beside the request just
 * within the declaration; and the reader of a `URLSearchParams`.
 */
import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../src/ast/operators.js';
import { parseQuery, type JsonApiError } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import { resolveCapabilities, type Capabilities } from '../../src/layers/capabilities.js';
import { isQueryError } from '../../src/errors/query-error.js';
import { parse, type TestOptions } from './test-schema.js';

/** Parses against `person` with a layer declaring `capabilities`. */
function parseWith(query: string, capabilities: Capabilities) {
  const declared = resolveCapabilities({ operators: new Set(OPERATORS), capabilities }, 'person');
  return parseQuery(query, { schema: exampleSchema, type: 'person', capabilities: declared });
}

/** The errors `parseWith` throws. */
function errorsWith(query: string, capabilities: Capabilities): readonly JsonApiError[] {
  try {
    parseWith(query, capabilities);
  } catch (error) {
    if (!isQueryError(error)) throw error;
    return error.errors;
  }
  throw new Error(`expected a QueryError for ${query}`);
}

/** Code, parameter and detail of each error `parseWith` throws. */
function faults(query: string, capabilities: Capabilities) {
  return errorsWith(query, capabilities).map((fault) => ({ code: fault.code, parameter: fault.source?.parameter, detail: fault.detail }));
}

describe('sort capabilities', () => {
  it('refuses more keys than sort.maxKeys besides id, naming the sort as sent and its count', () => {
    expect(faults('sort=-name,gender', { sort: { maxKeys: 1 } })).toEqual([
      { code: 'sort_not_supported', parameter: 'sort', detail: 'The data layer sorts this type by at most 1 key besides id; "-name,gender" has 2' },
    ]);
    expect(faults('sort=name,gender,display_name', { sort: { maxKeys: 2 } })).toEqual([
      { code: 'sort_not_supported', parameter: 'sort', detail: 'The data layer sorts this type by at most 2 keys besides id; "name,gender,display_name" has 3' },
    ]);
    expect(parseWith('sort=-name,id', { sort: { maxKeys: 1 } }).sort).toHaveLength(2);
    expect(parseWith('sort=name,gender', { sort: { maxKeys: 2 } }).sort).toHaveLength(3);
  });

  it('with sort.maxKeys 0, sorts by id only', () => {
    expect(faults('sort=name', { sort: { maxKeys: 0 } })).toEqual([
      { code: 'sort_not_supported', parameter: 'sort', detail: 'The data layer sorts this type by id only, not by "name"' },
    ]);
    expect(parseWith('sort=-id', { sort: { maxKeys: 0 } }).sort).toEqual([{ path: [], field: 'id', direction: 'desc' }]);
    expect(parseWith('', { sort: { maxKeys: 0 } }).sort).toEqual([{ path: [], field: 'id', direction: 'asc' }]);
  });

  it('a faulty sort is its own error only: the keys that resolved are not sent on to the capability check', () => {
    for (const query of ['sort=name,nope', 'sort=name,-name', 'sort=name,gender,display_name']) {
      const limits = query.split(',').length > 2 ? { maxSortKeys: 2 } : {};
      const codes = () => {
        try {
          parseQuery(query, {
            schema: exampleSchema,
            type: 'person',
            limits,
            capabilities: resolveCapabilities({ operators: new Set(OPERATORS), capabilities: { sort: { maxKeys: 0 } } }, 'person'),
          });
        } catch (error) {
          if (isQueryError(error)) return error.errors.map((fault) => fault.code);
        }
        return [];
      };
      expect(codes()).toHaveLength(1);
      expect(codes()).not.toContain('sort_not_supported');
    }
  });

  it('refuses a dotted key without sort.paths, naming the key', () => {
    const computer = (query: string, capabilities: Capabilities) =>
      parseQuery(query, {
        schema: exampleSchema,
        type: 'computer',
        capabilities: resolveCapabilities({ operators: new Set(OPERATORS), capabilities }, 'computer'),
      });
    expect(() => computer('sort=serial,-owner.name', { sort: { paths: false } })).toThrow(
      expect.objectContaining({
        errors: [expect.objectContaining({ code: 'sort_not_supported', source: { parameter: 'sort' }, detail: 'The data layer does not sort by a related field ("owner.name")' })],
      }),
    );
    expect(computer('sort=serial', { sort: { paths: false } }).sort).toHaveLength(2);
  });
});

describe('paging and include capabilities', () => {
  it('refuses page[number] past 1 without paging.offset, and takes page 1', () => {
    expect(faults('page[number]=2', { paging: { offset: false } })).toEqual([
      {
        code: 'page_not_supported',
        parameter: 'page[number]',
        detail: 'The data layer reads only the first page of this type by number; use a filter or a larger page[size]',
      },
    ]);
    expect(parseWith('page[number]=1', { paging: { offset: false } }).page).toEqual({ kind: 'offset', size: 30, number: 1 });
  });

  it('takes page[number] past 1 where the layer pages by offset, and no page at all where it does not', () => {
    expect(parseWith('page[number]=2', { paging: { offset: true } }).page).toEqual({ kind: 'offset', size: 30, number: 2 });
    expect(parseWith('page[size]=0', { paging: { offset: false } }).page).toBeNull();
  });

  it('refuses include without includes, and takes include= (no paths)', () => {
    expect(faults('include=computers', { includes: false })).toEqual([
      { code: 'include_not_supported', parameter: 'include', detail: 'The data layer does not read related resources to include' },
    ]);
    expect(parseWith('include=', { includes: false }).include).toEqual([]);
  });

  it('a faulty include is its own error only: the paths that resolved are not sent on to the include check', () => {
    expect(faults('include=computers,nope', { includes: false })).toEqual([
      { code: 'unknown_relationship', parameter: 'include', detail: 'Type "person" has no relationship "nope" (in include path "nope")' },
    ]);
  });

  it('refuses several filters ANDed on a layer without and, naming the second', () => {
    expect(faults('filter[name]=a&filter[gender]=f', { filter: { nodes: [] } })).toEqual([
      { code: 'filter_not_supported', parameter: 'filter[gender]', detail: expect.stringContaining('"and"') as string },
    ]);
    expect(parseWith('filter[name]=a', { filter: { nodes: [] } }).filter).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: 'a' });
  });

  it('names the JSON form when its own entries are ANDed on a layer without and', () => {
    const two = `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'eq', val: 'a' }, { name: 'gender', op: 'eq', val: 'f' }]))}`;
    expect(faults(two, { filter: { nodes: [] } })).toEqual([
      { code: 'filter_not_supported', parameter: 'filter', detail: 'The data layer does not evaluate "and" (several filters at once)' },
    ]);
  });

  it('ANDs the JSON form and the simple filters into one and node where the layer evaluates and', () => {
    const json = `filter=${encodeURIComponent(JSON.stringify({ name: 'name', op: 'eq', val: 'a' }))}`;
    expect(parseWith(`${json}&filter[gender]=f`, { filter: { nodes: ['and'] } }).filter).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'compare', field: 'name', op: 'eq', value: 'a' },
        { kind: 'compare', field: 'gender', op: 'eq', value: 'f' },
      ],
    });
  });

  it('does not AND a filter that failed: only its own fault is reported', () => {
    expect(faults('filter=x&filter[name]=a', { filter: { nodes: [] } })).toEqual([
      { code: 'invalid_filter_json', parameter: 'filter', detail: expect.stringMatching(/^The filter is not valid JSON: /) as string },
    ]);
    expect(faults('filter[nope]=1&filter[name]=a', { filter: { nodes: [] } })).toEqual([
      { code: 'unknown_field', parameter: 'filter[nope]', detail: 'Type "person" has no field "nope"' },
    ]);
  });

  it('refuses a boolean entry of a kind the layer does not evaluate, pointing at its key', () => {
    const or = `filter=${encodeURIComponent(JSON.stringify([{ or: [{ name: 'name', op: 'eq', val: 'a' }] }]))}`;
    expect(errorsWith(or, { filter: { nodes: ['and'] } })).toEqual([
      expect.objectContaining({
        code: 'filter_not_supported',
        source: { parameter: 'filter' },
        detail: 'The data layer does not evaluate "or"',
        meta: { pointer: '/0/or' },
      }),
    ]);
    expect(parseWith(or, { filter: { nodes: ['or'] } }).filter).toEqual({
      kind: 'or',
      nodes: [{ kind: 'compare', field: 'name', op: 'eq', value: 'a' }],
    });
  });

  it('refuses any, has and compare_fields where the layer does not evaluate them, and a shortcut through them', () => {
    const json = (entry: unknown) => `filter=${encodeURIComponent(JSON.stringify([entry]))}`;
    const anyComputer = json({ name: 'computers', op: 'any', val: { name: 'serial', op: 'eq', val: 'SN1' } });
    const sameNames = json({ name: 'name', op: 'eq', field: 'display_name' });
    const summaries = (query: string, capabilities: Capabilities) =>
      errorsWith(query, capabilities).map((fault) => ({ code: fault.code, parameter: fault.source?.parameter, detail: fault.detail, pointer: fault.meta?.pointer }));
    expect(summaries(anyComputer, { filter: { nodes: ['and'] } })).toEqual([
      { code: 'operator_not_supported', parameter: 'filter', detail: 'The data layer does not support the operator "any"', pointer: '/0/op' },
    ]);
    expect(summaries(sameNames, { filter: { nodes: ['and'] } })).toEqual([
      { code: 'filter_not_supported', parameter: 'filter', detail: 'The data layer does not compare a field with another field', pointer: '/0/field' },
    ]);
    expect(summaries('filter[computers__serial]=SN1', { filter: { nodes: ['and'] } })).toEqual([
      { code: 'operator_not_supported', parameter: 'filter[computers__serial]', detail: 'The data layer does not filter through the relationship "computers" (in "computers__serial")', pointer: undefined },
    ]);
    expect(parseWith(anyComputer, { filter: { nodes: ['any'] } }).filter).toEqual({
      kind: 'any',
      relationship: 'computers',
      node: { kind: 'compare', field: 'serial', op: 'eq', value: 'SN1' },
    });
    expect(parseWith(sameNames, { filter: { nodes: ['compare_fields'] } }).filter).toEqual({ kind: 'compare_fields', field: 'name', op: 'eq', other: 'display_name' });
  });

  it('refuses an operator the layer does not evaluate on the field\'s kind, and takes one it does', () => {
    const operators = { string: ['eq'], number: ['eq'], date: ['eq'], boolean: ['eq'] } as const;
    const startsWith = `filter=${encodeURIComponent(JSON.stringify([{ name: 'name', op: 'startswith', val: 'a' }]))}`;
    expect(errorsWith(startsWith, { filter: { operators } })).toEqual([
      expect.objectContaining({
        code: 'operator_not_supported',
        source: { parameter: 'filter' },
        meta: { pointer: '/0/op' },
        detail: 'The data layer does not support the operator "startswith" on the string field "name"',
      }),
    ]);
    expect(parseWith('filter[name]=a', { filter: { operators } }).filter).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: 'a' });
  });
});

describe('a URLSearchParams', () => {
  const limits = (maxQueryLength: number): TestOptions => ({ limits: { maxQueryLength } });

  it('counts its length as a query string would, at the limit and one past it', () => {
    const params = () => new URLSearchParams([['sort', 'name'], ['include', 'computers']]);
    // sort=name&include=computers: 27 characters.
    expect(parse(params(), limits(27)).include).toEqual([['computers']]);
    expect(() => parse(params(), limits(26))).toThrow(expect.objectContaining({ status: 414 }));
    expect(parse(new URLSearchParams([['sort', 'name']]), limits(9)).sort[0]).toMatchObject({ field: 'name' });
    expect(() => parse(new URLSearchParams([['sort', 'name']]), limits(8))).toThrow(expect.objectContaining({ status: 414 }));
  });

  it('refuses a NUL character in a name or a value, naming the parameter', () => {
    for (const [name, value] of [['sort', 'a\0'], ['so\0rt', 'a']] as const) {
      try {
        parse(new URLSearchParams([[name, value]]));
        expect.unreachable();
      } catch (error) {
        expect(isQueryError(error) && error.errors).toEqual([
          expect.objectContaining({ code: 'malformed_query_string', source: { parameter: name }, detail: `The query parameter "${name}" has a NUL character` }),
        ]);
      }
    }
  });

  it('refuses an input that is none of a query string, a URLSearchParams or an object', () => {
    expect(() => parse(5 as unknown as string)).toThrow(new TypeError('parseQuery takes a query string, a URLSearchParams or a parsed query object'));
    expect(() => parse(null as unknown as string)).toThrow(TypeError);
  });
});
