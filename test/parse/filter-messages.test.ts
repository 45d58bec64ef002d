/**
 * Every refusal of a filter entry and comparison (src/parse/filter/: json-form.ts,
 * resolve-entry.ts, resolve-comparison.ts) with its code, parameter, pointer, limit
 * and message (docs/errors.md, "filter"), in the JSON form and the simple form.
 */
import { describe, expect, it } from 'vitest';
import type { JsonApiError, Operator } from '../../src/index.js';
import { errorsOf, jsonFilter, parse, shopSchema, type TestOptions } from './test-schema.js';

/** Code, parameter, pointer, detail and limit of each error. */
const faults = (query: string, options: TestOptions = {}) =>
  errorsOf(query, options).map((error: JsonApiError) => ({
    code: error.code,
    parameter: error.source?.parameter,
    ...(error.meta?.pointer === undefined ? {} : { pointer: error.meta.pointer }),
    detail: error.detail,
    ...(error.meta?.limit === undefined ? {} : { limit: error.meta.limit }),
  }));

const shop: TestOptions = { schema: shopSchema, type: 'order' };
const entry = (value: unknown) => jsonFilter([value]);

describe('the JSON form: text and top level', () => {
  it.each<[unknown, string]>([
    [5, ''],
    [null, ''],
    ['x', ''],
  ])('%j is not a filter', (value, pointer) => {
    expect(faults(jsonFilter(value))).toEqual([
      { code: 'invalid_filter_entry', parameter: 'filter', pointer, detail: 'The filter must be an array of filter entries or one entry' },
    ]);
  });

  it('names the JSON syntax error', () => {
    const [fault] = faults('filter=[');
    expect(fault).toMatchObject({ code: 'invalid_filter_json', parameter: 'filter' });
    expect(fault?.detail).toMatch(/^The filter is not valid JSON: \S/);
  });

  it('counts the characters of a filter past maxFilterLength, and takes one at it', () => {
    expect(faults('filter=[[[', { limits: { maxFilterLength: 2 } })).toEqual([
      { code: 'filter_too_long', parameter: 'filter', detail: 'The filter has 3 characters; the limit is 2', limit: 2 },
    ]);
  });

  it('one entry without an array is the entry itself', () => {
    expect(parse(jsonFilter({ name: 'name', op: 'eq', val: 'Ann' })).filter).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: 'Ann' });
  });
});

describe('the shape of an entry', () => {
  it.each<[unknown, string, string]>([
    [[], '/0', 'A filter entry must be a JSON object'],
    [1, '/0', 'A filter entry must be a JSON object'],
    [null, '/0', 'A filter entry must be a JSON object'],
    [{ and: [], or: [] }, '/0', 'A filter entry has one boolean key, not both "and" and "or"'],
    [{ not: { name: 'name', op: 'eq', val: 'x' }, and: [] }, '/0', 'A filter entry has one boolean key, not both "not" and "and"'],
    [{ x: 1 }, '/0', 'Unknown key "x" in a filter entry (expected name/op/val/field, and, or, not)'],
    [{ and: [], name: 'name' }, '/0', 'A filter entry with "and" cannot also have name, op, val or field'],
    [{ or: [], op: 'eq' }, '/0', 'A filter entry with "or" cannot also have name, op, val or field'],
    [{ not: {}, val: 1 }, '/0', 'A filter entry with "not" cannot also have name, op, val or field'],
    [{ and: [], field: 'name' }, '/0', 'A filter entry with "and" cannot also have name, op, val or field'],
    [{ not: [] }, '/0/not', '"not" takes one filter entry, not an array'],
    [{ and: {} }, '/0/and', '"and" takes an array of filter entries'],
    [{ or: 1 }, '/0/or', '"or" takes an array of filter entries'],
    [{ name: 'name' }, '/0', 'A filter entry needs both "name" and "op"'],
    [{ op: 'eq' }, '/0', 'A filter entry needs both "name" and "op"'],
    [{ val: 1 }, '/0', 'A filter entry needs both "name" and "op"'],
    [{ field: 'name' }, '/0', 'A filter entry needs both "name" and "op"'],
    [{}, '/0', 'An empty filter entry (expected name/op/val, and, or, not)'],
    [{ name: 1, op: 'eq', val: 1 }, '/0/name', '"name" must be a string'],
    [{ name: 'name', op: 1, val: 1 }, '/0/op', '"op" must be a string'],
    [{ name: 'name', op: 'eq', val: 'a', field: 'gender' }, '/0', 'A filter entry has "val" or "field", not both'],
    [{ name: 'name', op: 'eq' }, '/0', 'A filter entry needs "val" or "field"'],
    [{ name: 'name', op: 'eq', field: 1 }, '/0/field', '"field" must be a string'],
  ])('%j: %s %s', (value, pointer, detail) => {
    expect(faults(entry(value))).toEqual([{ code: 'invalid_filter_entry', parameter: 'filter', pointer, detail }]);
  });

  it('points into nested entries', () => {
    expect(faults(entry({ or: [{ name: 'name', op: 'eq', val: 'x' }, { not: { and: [{}] } }] }))).toEqual([
      { code: 'invalid_filter_entry', parameter: 'filter', pointer: '/0/or/1/not/and/0', detail: 'An empty filter entry (expected name/op/val, and, or, not)' },
    ]);
    expect(faults(jsonFilter([{ name: 'name', op: 'eq', val: 'x' }, { name: 'computers', op: 'any', val: { x: 1 } }]))).toEqual([
      { code: 'invalid_filter_entry', parameter: 'filter', pointer: '/1/val', detail: 'Unknown key "x" in a filter entry (expected name/op/val/field, and, or, not)' },
    ]);
  });

  it('points past a boolean entry once it is resolved, not into it', () => {
    expect(faults(jsonFilter([{ and: [{ name: 'name', op: 'eq', val: 'x' }] }, { name: 'nope', op: 'eq', val: 1 }]))).toEqual([
      { code: 'unknown_field', parameter: 'filter', pointer: '/1/name', detail: 'Type "person" has no field "nope"' },
    ]);
  });

  it('resolves and, or and not into their nodes', () => {
    const leaf = { name: 'name', op: 'eq', val: 'x' };
    expect(parse(entry({ or: [leaf, { not: leaf }] })).filter).toEqual({
      kind: 'or',
      nodes: [
        { kind: 'compare', field: 'name', op: 'eq', value: 'x' },
        { kind: 'not', node: { kind: 'compare', field: 'name', op: 'eq', value: 'x' } },
      ],
    });
  });
});

describe('names, operators and fields of a comparison', () => {
  it.each<[string, TestOptions, Record<string, unknown>]>([
    [entry({ name: 'computers', op: 'has', val: {} }), {}, { code: 'operator_not_allowed', pointer: '/0/op', detail: '"has" does not apply to the to-many relationship "person.computers"' }],
    [entry({ name: 'computers', op: 'nope', val: {} }), {}, { code: 'unknown_operator', pointer: '/0/op', detail: 'Unknown operator "nope"' }],
    [entry({ name: 'computers', op: 'any', field: 'x' }), {}, { code: 'invalid_filter_entry', pointer: '/0', detail: '"any" takes a filter entry as "val", not "field"' }],
    [entry({ name: 'name', op: 'any', val: 1 }), {}, { code: 'operator_not_allowed', pointer: '/0/op', detail: '"any" applies to to-many relationships; "name" is a field' }],
    [entry({ name: 'name', op: 'has', val: 1 }), {}, { code: 'operator_not_allowed', pointer: '/0/op', detail: '"has" applies to to-one relationships; "name" is a field' }],
    [entry({ name: 'name', op: 'nope', val: 1 }), {}, { code: 'unknown_operator', pointer: '/0/op', detail: 'Unknown operator "nope"' }],
    [entry({ name: 'total', op: 'like', field: 'discount' }), shop, { code: 'operator_not_allowed', pointer: '/0/op', detail: 'The operator "like" does not apply to the number field "total"' }],
    [entry({ name: 'name', op: 'like', field: 'display_name' }), {}, { code: 'operator_not_allowed', pointer: '/0/op', detail: 'Only eq, ne, lt, le, gt, ge compare two fields, not "like"' }],
    [entry({ name: 'total', op: 'eq', field: 'nope' }), shop, { code: 'unknown_field', pointer: '/0/field', detail: 'Type "order" has no field "nope" to compare with' }],
    [entry({ name: 'total', op: 'eq', field: 'customer' }), shop, { code: 'unknown_field', pointer: '/0/field', detail: 'Type "order" has no field "customer" to compare with' }],
    [entry({ name: 'total', op: 'eq', field: 'note' }), shop, { code: 'field_not_filterable', pointer: '/0/field', detail: 'The field "note" cannot be filtered on' }],
    [entry({ name: 'total', op: 'eq', field: 'status' }), shop, { code: 'incomparable_fields', pointer: '/0/field', detail: '"total" (number) cannot be compared with "status" (string)' }],
    [entry({ name: 'note', op: 'eq', val: 'x' }), shop, { code: 'field_not_filterable', pointer: '/0/name', detail: 'The field "note" cannot be filtered on' }],
    [entry({ name: 'nope', op: 'eq', val: 'x' }), {}, { code: 'unknown_field', pointer: '/0/name', detail: 'Type "person" has no field "nope"' }],
    [entry({ name: 'nope__name', op: 'eq', val: 'x' }), {}, { code: 'unknown_relationship', pointer: '/0/name', detail: 'Type "person" has no relationship "nope" (in "nope__name")' }],
    [entry({ name: 'customer__audits', op: 'any', val: {} }), shop, { code: 'field_not_filterable', pointer: '/0/name', detail: 'The relationship "audits" cannot be filtered on' }],
  ])('%s', (query, options, fault) => {
    expect(faults(query, options)).toEqual([{ parameter: 'filter', ...fault }]);
  });

  it('compares two fields of one kind', () => {
    expect(parse(entry({ name: 'total', op: 'ge', field: 'discount' }), shop).filter).toEqual({
      kind: 'compare_fields',
      field: 'total',
      op: 'ge',
      other: 'discount',
    });
  });

  it('reads eq null as is_ null and ne null as isnot null', () => {
    expect(parse(entry({ name: 'gender', op: 'eq', val: null })).filter).toEqual({ kind: 'compare', field: 'gender', op: 'is_', value: null });
    expect(parse(entry({ name: 'gender', op: 'ne', val: null })).filter).toEqual({ kind: 'compare', field: 'gender', op: 'isnot', value: null });
  });
});

describe('the simple form', () => {
  it.each<[string, TestOptions, string, string]>([
    ['filter[computers]=1', {}, 'operator_not_allowed', '"computers" is a relationship: filter on one of its fields (filter[computers__<field>])'],
    ['filter[quantity]=x', shop, 'invalid_value', 'The value "x" of "quantity" is not a integer'],
    ['filter[total]=x', shop, 'invalid_value', 'The value "x" of "total" is not a number'],
    ['filter[total]=1e999', shop, 'invalid_value', 'The value "1e999" of "total" is not a number'],
    ['filter[total]=+1', shop, 'invalid_value', 'The value " 1" of "total" is not a number'],
    ['filter[total]=01', shop, 'invalid_value', 'The value "01" of "total" is not a number'],
    ['filter[paid]=yes', shop, 'invalid_value', 'The value "yes" of "paid" is not a boolean'],
    ['filter[paid]=True', shop, 'invalid_value', 'The value "True" of "paid" is not a boolean'],
    ['filter[customer__audits__action]=x', shop, 'field_not_filterable', 'The relationship "audits" cannot be filtered on'],
    ['filter[nope__name]=x', {}, 'unknown_relationship', 'Type "person" has no relationship "nope" (in "nope__name")'],
    ['filter[name__x]=x', {}, 'unknown_relationship', 'Type "person" has no relationship "name" (in "name__x")'],
    ['filter[computers____serial]=x', {}, 'unknown_field', 'Type "person" has no field "computers____serial"'],
    ['filter[__name]=x', {}, 'unknown_field', 'Type "person" has no field "__name"'],
    ['filter[computers__nope]=x', {}, 'unknown_field', 'Type "computer" has no field "nope"'],
  ])('%s is %s: %s', (query, options, code, detail) => {
    const parameter = query.slice(0, query.indexOf('='));
    expect(faults(query, options)).toEqual([{ code, parameter, detail }]);
  });

  it('converts numbers, booleans and -0 to the declared kind', () => {
    const value = (query: string) => (parse(query, shop).filter as { value: unknown }).value;
    expect(value('filter[total]=-1.5e2')).toBe(-150);
    expect(value('filter[total]=0.25')).toBe(0.25);
    expect(Object.is(value('filter[total]=-0'), 0)).toBe(true);
    expect(value('filter[paid]=true')).toBe(true);
    expect(value('filter[paid]=false')).toBe(false);
    expect(value('filter[placed_on]=2024-01-02')).toBe('2024-01-02');
  });

  it('names the hops and the limit of a path past maxPathHops, and takes one at it', () => {
    expect(faults('filter[customer__region__country__continent__name]=x', shop)).toEqual([
      {
        code: 'path_too_long',
        parameter: 'filter[customer__region__country__continent__name]',
        detail: 'The filter path "customer__region__country__continent__name" follows 4 relationships; the limit is 3',
        limit: 3,
      },
    ]);
    expect(parse('filter[customer__region__country__name]=x', shop).filter).toEqual({
      kind: 'has',
      relationship: 'customer',
      node: { kind: 'has', relationship: 'region', node: { kind: 'has', relationship: 'country', node: { kind: 'compare', field: 'name', op: 'eq', value: 'x' } } },
    });
  });

  it('counts the hops of a shortcut against maxFilterDepth, at the limit and one past it', () => {
    const path = 'filter[customer__region__code]=EU';
    expect(parse(path, { ...shop, limits: { maxFilterDepth: 2 } }).filter).toEqual({
      kind: 'has',
      relationship: 'customer',
      node: { kind: 'has', relationship: 'region', node: { kind: 'compare', field: 'code', op: 'eq', value: 'EU' } },
    });
    expect(faults(path, { ...shop, limits: { maxFilterDepth: 1 } })).toEqual([
      { code: 'filter_too_deep', parameter: 'filter[customer__region__code]', detail: 'The filter nests and/or/not/any/has more than 1 levels deep', limit: 1 },
    ]);
  });

  it('counts no hop for a relationship entry of its own: maxPathHops 0 takes it and refuses a shortcut', () => {
    const limits = { maxPathHops: 0 };
    expect(parse(entry({ name: 'computers', op: 'any', val: { name: 'serial', op: 'eq', val: 'SN1' } }), { limits }).filter).toEqual({
      kind: 'any',
      relationship: 'computers',
      node: { kind: 'compare', field: 'serial', op: 'eq', value: 'SN1' },
    });
    expect(faults('filter[computers__serial]=SN1', { limits })).toEqual([
      { code: 'path_too_long', parameter: 'filter[computers__serial]', detail: 'The filter path "computers__serial" follows 1 relationships; the limit is 0', limit: 0 },
    ]);
  });

  it('refuses an operator left out of the operators option, and a shortcut through one', () => {
    const operators: ReadonlySet<Operator> = new Set(['eq']);
    expect(faults(entry({ name: 'name', op: 'ne', val: 'a' }), { operators })).toEqual([
      { code: 'operator_not_supported', parameter: 'filter', pointer: '/0/op', detail: 'The data layer does not support the operator "ne"' },
    ]);
    expect(faults('filter[computers__serial]=SN1', { operators })).toEqual([
      { code: 'operator_not_supported', parameter: 'filter[computers__serial]', detail: 'The data layer does not filter through the relationship "computers" (in "computers__serial")' },
    ]);
    expect(faults(entry({ name: 'computers__serial', op: 'eq', val: 'SN1' }), { operators })).toEqual([
      {
        code: 'operator_not_supported',
        parameter: 'filter',
        pointer: '/0/name',
        detail: 'The data layer does not filter through the relationship "computers" (in "computers__serial")',
      },
    ]);
    expect(parse('filter[name]=a', { operators }).filter).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: 'a' });
  });

  it('counts the hops of a shortcut ending on a relationship, with its nested entry', () => {
    expect(faults(entry({ name: 'customer__region__country__continent', op: 'has', val: { name: 'name', op: 'eq', val: 'x' } }), shop)).toEqual([
      {
        code: 'path_too_long',
        parameter: 'filter',
        pointer: '/0/name',
        detail: 'The filter path "customer__region__country__continent" follows 4 relationships; the limit is 3',
        limit: 3,
      },
    ]);
  });

  it('counts nodes across the JSON form and the simple filters', () => {
    expect(faults(`${entry({ name: 'name', op: 'eq', val: 'a' })}&filter[gender]=f`, { limits: { maxFilterNodes: 1 } })).toEqual([
      { code: 'filter_too_many_nodes', parameter: 'filter[gender]', detail: 'The filter has more than 1 nodes', limit: 1 },
    ]);
    expect(faults(jsonFilter([{ name: 'name', op: 'eq', val: 'a' }, { name: 'name', op: 'eq', val: 'b' }]), { limits: { maxFilterNodes: 1 } })).toEqual([
      { code: 'filter_too_many_nodes', parameter: 'filter', pointer: '/1', detail: 'The filter has more than 1 nodes', limit: 1 },
    ]);
  });
});
