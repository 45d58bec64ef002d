/**
 * One test (or fixture table) per row of decisions.md that concerns parsing.
 */
import { describe, expect, it } from 'vitest';
import { ast, errorsOf, faultOf, jsonFilter, parse, shopSchema, summary } from './test-schema.js';
import { compareNode } from '../../src/ast/filter-factories.js';

const shop = { schema: shopSchema, type: 'order' } as const;
const ID_ASC = { path: [], field: 'id', direction: 'asc' } as const;

describe('query-string level', () => {
  it('Encoding: + is a space, escapes are decoded once, brackets may be raw or encoded', () => {
    expect(parse('filter[name]=John+Smith').filter).toEqual({
      kind: 'compare',
      field: 'name',
      op: 'eq',
      value: 'John Smith',
    });
    expect(parse('filter%5Bname%5D=100%2541').filter).toEqual({
      kind: 'compare',
      field: 'name',
      op: 'eq',
      value: '100%41',
    });
    expect(parse('filter[name]=a%2Bb%26c%3Dd').filter).toMatchObject({ value: 'a+b&c=d' });
    expect(parse('?sort=name')).toEqual(parse('sort=name'));
  });

  it('Encoding: a malformed percent-escape is a 400, not a crash', () => {
    expect(faultOf('filter[name]=%E0%A4%A')).toEqual({
      status: '400',
      code: 'malformed_query_string',
      parameter: 'filter[name]',
    });
  });

  it.each([
    ['sort=name&sort=-name', 'sort'],
    ['filter=[]&filter=[]', 'filter'],
    ['page[size]=1&page[size]=2', 'page[size]'],
    ['filter[name]=a&filter[name]=b', 'filter[name]'],
    ['include=computers&include=computers', 'include'],
    ['fields[person]=name&fields[person]=name', 'fields[person]'],
    ['page[size]=1&page%5Bsize%5D=2', 'page[size]'],
  ])('Repeated parameter: %s is a 400 naming %s', (query, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code: 'repeated_parameter', parameter });
  });

  it('Unknown parameters: lowercase-only names are a 400, others are left to the host', () => {
    expect(faultOf('foo=bar')).toEqual({ status: '400', code: 'unknown_parameter', parameter: 'foo' });
    expect(faultOf('foo[bar]=1')).toEqual({ status: '400', code: 'unknown_parameter', parameter: 'foo[bar]' });
    expect(parse('camelCase=1&x-foo=2&utm_source=3&X=4')).toEqual(ast());
  });

  it.each([
    ['page[offset]=10', 'unknown_page_parameter', 'page[offset]'],
    ['filter[name][x]=1', 'invalid_parameter', 'filter[name][x]'],
    ['fields[person][x]=name', 'invalid_parameter', 'fields[person][x]'],
  ])('Unknown parameters: an unknown member of a family (%s) is a 400', (query, code, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code, parameter });
  });

  it('Route: include paths start at includeFrom (the owner on a relationship route)', () => {
    const result = parse('include=owner&sort=serial', { type: 'computer', includeFrom: 'computer' });
    expect(result.include).toEqual([['owner']]);
    expect(faultOf('include=computers', { type: 'person', includeFrom: 'computer' })).toEqual({
      status: '400',
      code: 'unknown_relationship',
      parameter: 'include',
    });
    expect(parse('include=owner', { type: 'person', includeFrom: 'computer' }).include).toEqual([['owner']]);
  });
});

describe('filter', () => {
  const nameJohn = { kind: 'compare', field: 'name', op: 'eq', value: 'John' } as const;

  it('Several top-level entries: ANDed, the JSON form and the simple form together', () => {
    expect(parse(`${jsonFilter([{ name: 'name', op: 'eq', val: 'John' }])}&filter[gender]=m`).filter).toEqual({
      kind: 'and',
      nodes: [nameJohn, { kind: 'compare', field: 'gender', op: 'eq', value: 'm' }],
    });
    expect(parse(jsonFilter([])).filter).toBeNull();
  });

  it('Simple form: a comma is part of the value', () => {
    expect(parse('filter[name]=a,b').filter).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: 'a,b' });
  });

  it.each([
    ['filter[total]=12.5', { field: 'total', value: 12.5 }],
    ['filter[total]=-3', { field: 'total', value: -3 }],
    ['filter[total]=1e3', { field: 'total', value: 1000 }],
    ['filter[quantity]=7', { field: 'quantity', value: 7 }],
    ['filter[paid]=true', { field: 'paid', value: true }],
    ['filter[paid]=false', { field: 'paid', value: false }],
    ['filter[placed_on]=2024-02-29', { field: 'placed_on', value: '2024-02-29' }],
    ['filter[status]=open', { field: 'status', value: 'open' }],
    ['filter[id]=42', { field: 'id', value: 42 }],
  ])('Simple form: %s is converted to the declared type', (query, expected) => {
    expect(parse(query, shop).filter).toEqual({ kind: 'compare', op: 'eq', ...expected });
  });

  it.each([
    'filter[total]=abc',
    'filter[total]=',
    'filter[total]=0x10',
    'filter[total]=1,5',
    'filter[total]=Infinity',
    'filter[quantity]=1.5',
    'filter[quantity]=-1',
    'filter[paid]=yes',
    'filter[paid]=1',
    'filter[placed_on]=2023-02-29',
    'filter[placed_on]=yesterday',
    'filter[status]=lost',
    'filter[id]=abc',
    'filter[id]=1.5',
  ])('Simple form: an unconvertible value (%s) is a 400', (query) => {
    const parameter = query.slice(0, query.indexOf('='));
    expect(faultOf(query, shop)).toEqual({ status: '400', code: 'invalid_value', parameter });
  });

  it('Simple form: filter[rel__field]=v follows the shortcut rule, chains too', () => {
    expect(parse('filter[computers__serial]=X').filter).toEqual({
      kind: 'any',
      relationship: 'computers',
      node: { kind: 'compare', field: 'serial', op: 'eq', value: 'X' },
    });
    expect(parse('filter[customer__region__code]=EU', shop).filter).toEqual({
      kind: 'has',
      relationship: 'customer',
      node: { kind: 'has', relationship: 'region', node: { kind: 'compare', field: 'code', op: 'eq', value: 'EU' } },
    });
  });

  it.each([
    ['an unknown key', [{ name: 'name', op: 'eq', val: 'x', extra: 1 }], '/0'],
    ['a missing op', [{ name: 'name', val: 'x' }], '/0'],
    ['a missing name', [{ op: 'eq', val: 'x' }], '/0'],
    ['neither val nor field', [{ name: 'name', op: 'eq' }], '/0'],
    ['both val and field', [{ name: 'name', op: 'eq', val: 'x', field: 'display_name' }], '/0'],
    ['a boolean key beside comparison keys', [{ name: 'name', op: 'eq', val: 'x', or: [] }], '/0'],
    ['two boolean keys', [{ and: [], or: [] }], '/0'],
    ['an empty entry', [{}], '/0'],
    ['an array as entry', [[{ name: 'name', op: 'eq', val: 'x' }]], '/0'],
    ['a string as entry', ['name'], '/0'],
    ['and with an object', [{ and: { name: 'name', op: 'eq', val: 'x' } }], '/0/and'],
    ['or with a string', [{ or: 'x' }], '/0/or'],
    ['not with an array', [{ not: [{ name: 'name', op: 'eq', val: 'x' }] }], '/0/not'],
    ['a nested fault', [{ or: [{ and: [{ name: 'name', op: 'eq', val: 'x', junk: 1 }] }] }], '/0/or/0/and/0'],
    ['a name that is not a string', [{ name: 1, op: 'eq', val: 'x' }], '/0/name'],
    ['an op that is not a string', [{ name: 'name', op: ['eq'], val: 'x' }], '/0/op'],
    ['a field that is not a string', [{ name: 'name', op: 'eq', field: 1 }], '/0/field'],
    ['a number at top level', 3, ''],
  ])('Filter entry shape: %s is a 400 pointing at the entry', (_, filter, pointer) => {
    expect(faultOf(jsonFilter(filter))).toEqual({
      status: '400',
      code: 'invalid_filter_entry',
      parameter: 'filter',
      pointer,
    });
  });

  it('Filter entry shape: {"and":[]} is true, {"or":[]} is false, a top-level object is one entry', () => {
    expect(parse(jsonFilter([{ and: [] }])).filter).toEqual({ kind: 'and', nodes: [] });
    expect(parse(jsonFilter([{ or: [] }])).filter).toEqual({ kind: 'or', nodes: [] });
    expect(parse(jsonFilter({ name: 'name', op: 'eq', val: 'John' })).filter).toEqual(nameJohn);
    expect(parse(jsonFilter({ and: [{ name: 'name', op: 'eq', val: 'John' }] })).filter).toEqual({
      kind: 'and',
      nodes: [nameJohn],
    });
    expect(faultOf(jsonFilter({ name: 'nope', op: 'eq', val: 1 }))).toEqual({
      status: '400',
      code: 'unknown_field',
      parameter: 'filter',
      pointer: '/name',
    });
  });

  it.each([
    [[{ name: 'name', op: 'equals', val: 'x' }], 'unknown_operator', '/0/op'],
    [[{ name: 'name', op: '__proto__', val: 'x' }], 'unknown_operator', '/0/op'],
    [[{ name: 'name', op: 'toString', val: 'x' }], 'unknown_operator', '/0/op'],
    [[{ name: 'birth_date', op: 'like', val: '19%' }], 'operator_not_allowed', '/0/op'],
    [[{ name: 'birth_date', op: 'match', val: '1990' }], 'operator_not_allowed', '/0/op'],
    [[{ name: 'name', op: 'any', val: { name: 'serial', op: 'eq', val: 'x' } }], 'operator_not_allowed', '/0/op'],
    [[{ name: 'computers', op: 'has', val: { name: 'serial', op: 'eq', val: 'x' } }], 'operator_not_allowed', '/0/op'],
    [[{ name: 'computers', op: 'eq', val: 'x' }], 'operator_not_allowed', '/0/op'],
  ])('Operators: %j is a 400 %s naming the operator', (filter, code, pointer) => {
    const errors = errorsOf(jsonFilter(filter));
    expect(errors.map(summary)).toEqual([{ status: '400', code, parameter: 'filter', pointer }]);
    expect(errors[0]?.detail).toContain(JSON.stringify(filter[0]?.op).replaceAll('"', ''));
  });

  it.each([
    ['lt', 'paid', true],
    ['like', 'total', '1%'],
    ['startswith', 'quantity', '1'],
    ['between', 'paid', [false, true]],
    ['ilike', 'placed_on', '2024%'],
  ])('Operators: %s on %s is a 400 operator_not_allowed (OPERATORS_BY_KIND)', (op, name, val) => {
    expect(faultOf(jsonFilter([{ name, op, val }]), shop)).toEqual({
      status: '400',
      code: 'operator_not_allowed',
      parameter: 'filter',
      pointer: '/0/op',
    });
  });

  it('Operators: to-one relationships take has', () => {
    expect(
      faultOf(jsonFilter([{ name: 'owner', op: 'any', val: { name: 'name', op: 'eq', val: 'x' } }]), {
        type: 'computer',
      }),
    ).toEqual({ status: '400', code: 'operator_not_allowed', parameter: 'filter', pointer: '/0/op' });
  });

  it('Operators: an operator the data layer does not support is a 400 naming it', () => {
    const operators = new Set(['eq', 'ne', 'any'] as const);
    const errors = errorsOf(jsonFilter([{ name: 'name', op: 'ilike', val: '%a%' }]), { operators });
    expect(errors.map(summary)).toEqual([
      { status: '400', code: 'operator_not_supported', parameter: 'filter', pointer: '/0/op' },
    ]);
    expect(errors[0]?.detail).toContain('"ilike"');
    expect(faultOf('filter[computers__serial]=x', { operators: new Set(['eq'] as const) })).toEqual({
      status: '400',
      code: 'operator_not_supported',
      parameter: 'filter[computers__serial]',
    });
    expect(parse('filter[name]=x', { operators }).filter).toMatchObject({ op: 'eq' });
  });

  it.each([
    [{ name: 'birth_date', op: 'eq', val: '2021-02-30' }],
    [{ name: 'birth_date', op: 'eq', val: '2021-13-01' }],
    [{ name: 'birth_date', op: 'eq', val: '21-01-01' }],
    [{ name: 'birth_date', op: 'eq', val: 19900101 }],
    [{ name: 'name', op: 'eq', val: 5 }],
    [{ name: 'name', op: 'eq', val: true }],
    [{ name: 'name', op: 'eq', val: { $ne: 'x' } }],
    [{ name: 'name', op: 'eq', val: ['x'] }],
    [{ name: 'name', op: 'in_', val: 'x' }],
    [{ name: 'name', op: 'in_', val: ['x', null] }],
    [{ name: 'name', op: 'in_', val: ['x', 1] }],
    [{ name: 'birth_date', op: 'between', val: ['1990-01-01'] }],
    [{ name: 'birth_date', op: 'between', val: ['1990-01-01', '1991-01-01', '1992-01-01'] }],
    [{ name: 'birth_date', op: 'between', val: ['1990-01-01', null] }],
    [{ name: 'birth_date', op: 'between', val: '1990-01-01' }],
    [{ name: 'gender', op: 'is_', val: 'm' }],
    [{ name: 'gender', op: 'is_', val: true }],
    [{ name: 'name', op: 'like', val: 5 }],
    [{ name: 'name', op: 'like', val: '' }],
    [{ name: 'name', op: 'startswith', val: null }],
    [{ name: 'name', op: 'match', val: ['a'] }],
    [{ name: 'name', op: 'lt', val: {} }],
  ])('Values: %j is a 400 invalid_value pointing at val', (entry) => {
    const fault = faultOf(jsonFilter([entry]));
    expect(fault).toMatchObject({ status: '400', code: 'invalid_value', parameter: 'filter' });
    expect(fault.pointer).toMatch(/^\/0\/val(\/\d+)?$/);
  });

  it.each([
    [{ name: 'status', op: 'eq', val: 'lost' }],
    [{ name: 'status', op: 'in_', val: ['open', 'lost'] }],
    [{ name: 'quantity', op: 'eq', val: 1.5 }],
    [{ name: 'quantity', op: 'ge', val: -1 }],
    [{ name: 'total', op: 'eq', val: '12' }],
    [{ name: 'paid', op: 'eq', val: 'true' }],
    [{ name: 'id', op: 'eq', val: '1' }],
  ])('Values: %j violates the attribute JSON Schema (enum, integer, minimum, type)', (entry) => {
    expect(faultOf(jsonFilter([entry]), shop)).toMatchObject({ status: '400', code: 'invalid_value' });
  });

  it('Values: between takes two values, in_/notin_ arrays, empty lists allowed, is_ true/false on booleans', () => {
    const filter = (entry: object) => parse(jsonFilter([entry]), shop).filter;
    expect(filter({ name: 'total', op: 'between', val: [1, 2.5] })).toEqual({
      kind: 'compare',
      field: 'total',
      op: 'between',
      value: [1, 2.5],
    });
    expect(filter({ name: 'status', op: 'in_', val: [] })).toEqual({
      kind: 'compare',
      field: 'status',
      op: 'in_',
      value: [],
    });
    expect(filter({ name: 'status', op: 'notin_', val: [] })).toMatchObject({ op: 'notin_', value: [] });
    expect(filter({ name: 'paid', op: 'is_', val: true })).toMatchObject({ op: 'is_', value: true });
    expect(filter({ name: 'paid', op: 'isnot', val: false })).toMatchObject({ op: 'isnot', value: false });
    expect(filter({ name: 'discount', op: 'is_', val: null })).toMatchObject({ op: 'is_', value: null });
  });

  it('field: names a comparable attribute of the same resource', () => {
    expect(parse(jsonFilter([{ name: 'total', op: 'lt', field: 'discount' }]), shop).filter).toEqual({
      kind: 'compare_fields',
      field: 'total',
      op: 'lt',
      other: 'discount',
    });
    expect(parse(jsonFilter([{ name: 'quantity', op: 'ge', field: 'total' }]), shop).filter).toMatchObject({
      kind: 'compare_fields',
    });
    expect(parse(jsonFilter([{ name: 'placed_on', op: 'le', field: 'shipped_on' }]), shop).filter).toMatchObject({
      kind: 'compare_fields',
    });
    expect(faultOf(jsonFilter([{ name: 'total', op: 'eq', field: 'paid' }]), shop)).toEqual({
      status: '400',
      code: 'incomparable_fields',
      parameter: 'filter',
      pointer: '/0/field',
    });
    expect(faultOf(jsonFilter([{ name: 'total', op: 'eq', field: 'customer' }]), shop)).toMatchObject({
      code: 'unknown_field',
      pointer: '/0/field',
    });
    expect(faultOf(jsonFilter([{ name: 'total', op: 'in_', field: 'discount' }]), shop)).toMatchObject({
      code: 'operator_not_allowed',
      pointer: '/0/op',
    });
    expect(faultOf(jsonFilter([{ name: 'rank', op: 'eq', field: 'status' }]), shop)).toMatchObject({
      code: 'incomparable_fields',
    });
    expect(faultOf(jsonFilter([{ name: 'quantity', op: 'eq', field: 'note' }]), shop)).toMatchObject({
      code: 'field_not_filterable',
      pointer: '/0/field',
    });
  });

  it.each(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in_', 'notin_', 'like', 'ilike', 'startswith', 'match'] as const)(
    'Shortcut rel__field: with %s means exactly {name: rel, op: any, val: {name: field, op, val}}',
    (op) => {
      const val = op === 'in_' || op === 'notin_' ? ['SN-1'] : 'SN-1';
      const shortcut = parse(jsonFilter([{ name: 'computers__serial', op, val }])).filter;
      const explicit = parse(
        jsonFilter([{ name: 'computers', op: 'any', val: { name: 'serial', op, val } }]),
      ).filter;
      expect(shortcut).toEqual(explicit);
      expect(shortcut).toEqual({
        kind: 'any',
        relationship: 'computers',
        node: compareNode('serial', op, val),
      });
    },
  );

  it('Shortcut rel__field: chains nest the same way (computers__owner__name)', () => {
    expect(parse(jsonFilter([{ name: 'computers__owner__name', op: 'ne', val: 'x' }])).filter).toEqual({
      kind: 'any',
      relationship: 'computers',
      node: { kind: 'has', relationship: 'owner', node: { kind: 'compare', field: 'name', op: 'ne', value: 'x' } },
    });
    expect(
      parse(jsonFilter([{ name: 'computers__owner', op: 'has', val: { name: 'name', op: 'eq', val: 'x' } }]))
        .filter,
    ).toEqual({
      kind: 'any',
      relationship: 'computers',
      node: { kind: 'has', relationship: 'owner', node: { kind: 'compare', field: 'name', op: 'eq', value: 'x' } },
    });
    expect(parse(jsonFilter([{ name: 'lines__price', op: 'gt', field: 'id' }]), shop).filter).toEqual({
      kind: 'any',
      relationship: 'lines',
      node: { kind: 'compare_fields', field: 'price', op: 'gt', other: 'id' },
    });
  });

  it('NULL: eq null is is_ null, ne null is isnot null, other comparisons keep null', () => {
    const filter = (op: string) => parse(jsonFilter([{ name: 'gender', op, val: null }])).filter;
    expect(filter('eq')).toEqual({ kind: 'compare', field: 'gender', op: 'is_', value: null });
    expect(filter('ne')).toEqual({ kind: 'compare', field: 'gender', op: 'isnot', value: null });
    expect(filter('lt')).toEqual({ kind: 'compare', field: 'gender', op: 'lt', value: null });
    expect(filter('is_')).toEqual({ kind: 'compare', field: 'gender', op: 'is_', value: null });
  });

  it('id: usable in filter with the declared id type (integer ids compare as numbers)', () => {
    expect(parse(jsonFilter([{ name: 'id', op: 'in_', val: [1, 2] }]), shop).filter).toEqual({
      kind: 'compare',
      field: 'id',
      op: 'in_',
      value: [1, 2],
    });
    expect(parse('filter[id]=7', shop).filter).toEqual({ kind: 'compare', field: 'id', op: 'eq', value: 7 });
    expect(parse('filter[id]=7').filter).toEqual({ kind: 'compare', field: 'id', op: 'eq', value: '7' });
    expect(parse('filter[customer__id]=3', shop).filter).toEqual({
      kind: 'has',
      relationship: 'customer',
      node: { kind: 'compare', field: 'id', op: 'eq', value: 3 },
    });
    expect(faultOf(jsonFilter([{ name: 'id', op: 'eq', val: 7 }]))).toMatchObject({ code: 'invalid_value' });
  });

  it('Dates: format date values are validated, impossible dates rejected, leap days accepted', () => {
    expect(parse('filter[birth_date]=2000-02-29').filter).toMatchObject({ value: '2000-02-29' });
    expect(faultOf('filter[birth_date]=1900-02-29')).toEqual({
      status: '400',
      code: 'invalid_value',
      parameter: 'filter[birth_date]',
    });
  });

  it('filterable: false keeps an attribute or relationship out of filters', () => {
    expect(faultOf('filter[note]=x', shop)).toEqual({
      status: '400',
      code: 'field_not_filterable',
      parameter: 'filter[note]',
    });
    expect(faultOf(jsonFilter([{ name: 'customer__email', op: 'eq', val: 'a@b.c' }]), shop)).toEqual({
      status: '400',
      code: 'field_not_filterable',
      parameter: 'filter',
      pointer: '/0/name',
    });
    expect(
      faultOf(jsonFilter([{ name: 'audits', op: 'any', val: { name: 'action', op: 'eq', val: 'x' } }]), {
        schema: shopSchema,
        type: 'customer',
      }),
    ).toMatchObject({ code: 'field_not_filterable', pointer: '/0/name' });
    expect(faultOf('filter[audits__action]=x', { schema: shopSchema, type: 'customer' })).toMatchObject({
      code: 'field_not_filterable',
    });
  });
});

describe('sort', () => {
  it.each([
    ['sort=', 'invalid_sort'],
    ['sort=name,', 'invalid_sort'],
    ['sort=,name', 'invalid_sort'],
    ['sort=%2Bname', 'invalid_sort'],
    ['sort=+name', 'invalid_sort'],
    ['sort=na%20me', 'invalid_sort'],
    ['sort=--name', 'invalid_sort'],
    ['sort=-', 'invalid_sort'],
    ['sort=nmae', 'unknown_field'],
    ['sort=computers', 'invalid_sort'],
    ['sort=computers.serial', 'invalid_sort'],
    ['sort=name,-name', 'duplicate_sort_field'],
    ['sort=name,name', 'duplicate_sort_field'],
  ])('Syntax: %s is a 400 %s with source.parameter sort', (query, code) => {
    expect(faultOf(query)).toEqual({ status: '400', code, parameter: 'sort' });
  });

  it('Relationship attributes: dotted paths through to-one relationships', () => {
    expect(parse('sort=owner.name,-serial', { type: 'computer' }).sort).toEqual([
      { path: ['owner'], field: 'name', direction: 'asc' },
      { path: [], field: 'serial', direction: 'desc' },
      ID_ASC,
    ]);
    expect(parse('sort=-customer.region.code', shop).sort).toEqual([
      { path: ['customer', 'region'], field: 'code', direction: 'desc' },
      ID_ASC,
    ]);
    expect(faultOf('sort=customer.region.country.continent.name', shop)).toEqual({
      status: '400',
      code: 'path_too_long',
      parameter: 'sort',
      limit: 3,
    });
    expect(faultOf('sort=lines.sku', shop)).toEqual({ status: '400', code: 'invalid_sort', parameter: 'sort' });
  });

  it('Ties and default: id ascending ends every sort unless already a key; default is id', () => {
    expect(parse('').sort).toEqual([ID_ASC]);
    expect(parse('sort=-id,name').sort).toEqual([
      { path: [], field: 'id', direction: 'desc' },
      { path: [], field: 'name', direction: 'asc' },
    ]);
    expect(parse('sort=owner.id', { type: 'computer' }).sort).toEqual([
      { path: ['owner'], field: 'id', direction: 'asc' },
      ID_ASC,
    ]);
  });

  it('sortable: false keeps an attribute out of sort', () => {
    expect(faultOf('sort=rank', shop)).toEqual({ status: '400', code: 'field_not_sortable', parameter: 'sort' });
    expect(parse('filter[rank]=3', shop).filter).toMatchObject({ field: 'rank', value: 3 });
  });

  it('reports every faulty key', () => {
    expect(errorsOf('sort=nope,-,name,name').map((error) => error.code)).toEqual([
      'unknown_field',
      'invalid_sort',
      'duplicate_sort_field',
    ]);
  });
});

describe('page', () => {
  it('Members: only page[size] and page[number]', () => {
    expect(faultOf('page[limit]=10')).toEqual({ status: '400', code: 'unknown_page_parameter', parameter: 'page[limit]' });
    expect(faultOf('page=10')).toEqual({ status: '400', code: 'invalid_parameter', parameter: 'page' });
  });

  it('Numbering: page[number] starts at 1', () => {
    expect(faultOf('page[number]=0')).toEqual({ status: '400', code: 'invalid_page_value', parameter: 'page[number]' });
    expect(parse('page[number]=1').page).toEqual({ kind: 'offset', size: 30, number: 1 });
  });

  it('Size: default 30, 0 disables, maximum applies to explicit sizes and the default', () => {
    expect(parse('').page).toEqual({ kind: 'offset', size: 30, number: 1 });
    expect(parse('page[size]=100').page).toEqual({ kind: 'offset', size: 100, number: 1 });
    expect(parse('page[size]=0&page[number]=1').page).toBeNull();
    expect(faultOf('page[size]=101')).toEqual({
      status: '400',
      code: 'page_size_too_large',
      parameter: 'page[size]',
      limit: 100,
    });
    expect(faultOf('', { limits: { defaultPageSize: 50, maxPageSize: 40 } })).toEqual({
      status: '400',
      code: 'page_size_too_large',
      parameter: 'page[size]',
      limit: 40,
    });
    expect(parse('', { limits: { defaultPageSize: 10 } }).page).toEqual({ kind: 'offset', size: 10, number: 1 });
  });

  it('Size: page[size]=0 may be forbidden, and only goes with page 1', () => {
    expect(faultOf('page[size]=0', { limits: { allowUnpaginated: false } })).toEqual({
      status: '400',
      code: 'pagination_required',
      parameter: 'page[size]',
    });
    expect(faultOf('page[size]=0&page[number]=2')).toEqual({
      status: '400',
      code: 'invalid_page_value',
      parameter: 'page[number]',
    });
  });

  it('Offset: (page[number] - 1) × page[size] is limited', () => {
    expect(parse('page[size]=100&page[number]=1001').page).toEqual({ kind: 'offset', size: 100, number: 1001 });
    expect(faultOf('page[size]=100&page[number]=1002')).toEqual({
      status: '400',
      code: 'page_offset_too_large',
      parameter: 'page[number]',
      limit: 100_000,
    });
  });

  it('reports faults of both members together', () => {
    expect(errorsOf('page[size]=-1&page[number]=x').map(summary)).toEqual([
      { status: '400', code: 'invalid_page_value', parameter: 'page[size]' },
      { status: '400', code: 'invalid_page_value', parameter: 'page[number]' },
    ]);
  });
});

describe('include', () => {
  it('Paths: comma-separated dotted chains, order kept, exact duplicates ignored', () => {
    expect(parse('include=computers.owner,computers,computers.owner').include).toEqual([
      ['computers', 'owner'],
      ['computers'],
    ]);
    expect(parse('include=customer.region.country,lines', shop).include).toEqual([
      ['customer', 'region', 'country'],
      ['lines'],
    ]);
  });

  it('include= (empty) asks for no related resources: no paths, no error (JSON:API 1.1)', () => {
    expect(parse('include=', shop).include).toEqual([]);
  });

  it.each([
    ['include=,', 'invalid_include'],
    ['include=computers,', 'invalid_include'],
    ['include=computers..owner', 'invalid_include'],
    ['include=.computers', 'invalid_include'],
    ['include=name', 'invalid_include'],
    ['include=computers.serial', 'invalid_include'],
    ['include=laptops', 'unknown_relationship'],
    ['include=computers.owner.computers.owner', 'include_too_deep'],
  ])('Paths: %s is a 400 %s with source.parameter include', (query, code) => {
    expect(faultOf(query)).toMatchObject({ status: '400', code, parameter: 'include' });
  });

  it('Paths: depth and path count limits are configurable and name the limit', () => {
    expect(faultOf('include=computers.owner.computers.owner')).toMatchObject({ limit: 3 });
    expect(parse('include=computers.owner.computers.owner', { limits: { maxIncludeDepth: 4 } }).include).toEqual([
      ['computers', 'owner', 'computers', 'owner'],
    ]);
    expect(faultOf('include=computers,computers.owner', { limits: { maxIncludePaths: 1 } })).toEqual({
      status: '400',
      code: 'too_many_include_paths',
      parameter: 'include',
      limit: 1,
    });
  });
});

describe('fields', () => {
  it('Members: attributes and relationships of the type; duplicates removed', () => {
    expect(parse('fields[person]=name,computers,name').fields).toEqual({ person: ['name', 'computers'] });
  });

  it('Members: an empty value means no attributes and no relationships', () => {
    expect(parse('fields[person]=').fields).toEqual({ person: [] });
  });

  it.each([
    ['fields[people]=name', 'unknown_type', 'fields[people]'],
    ['fields[person]=nmae', 'unknown_field', 'fields[person]'],
    ['fields[person]=id', 'unknown_field', 'fields[person]'],
    ['fields[person]=serial', 'unknown_field', 'fields[person]'],
    ['fields[person]=name,,gender', 'invalid_fields', 'fields[person]'],
    ['fields[person]=name,', 'invalid_fields', 'fields[person]'],
  ])('Members: %s is a 400 %s', (query, code, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code, parameter });
  });

  it('applies to any type of the schema, not only the primary one', () => {
    expect(parse('fields[continent]=name', shop).fields).toEqual({ continent: ['name'] });
  });
});

describe('several independent faults are reported together', () => {
  it('a bad sort, a bad page, a bad filter and a bad include', () => {
    expect(errorsOf('sort=nope&page[size]=abc&filter[nope]=1&include=x&fields[nope]=a').map(summary)).toEqual([
      { status: '400', code: 'unknown_field', parameter: 'filter[nope]' },
      { status: '400', code: 'unknown_field', parameter: 'sort' },
      { status: '400', code: 'invalid_page_value', parameter: 'page[size]' },
      { status: '400', code: 'unknown_relationship', parameter: 'include' },
      { status: '400', code: 'unknown_type', parameter: 'fields[nope]' },
    ]);
  });
});

describe('the query budget', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['raw query string', `filter[name]=${long(8200)}`, {}, { status: '414', code: 'query_too_long', limit: 8192 }],
    [
      'raw query string (configured)',
      `filter[name]=${long(100)}`,
      { maxQueryLength: 100 },
      { status: '414', code: 'query_too_long', limit: 100 },
    ],
    [
      'query parameters',
      Array.from({ length: 101 }, (_, index) => `x${index}=1`).join('&'),
      {},
      { status: '400', code: 'too_many_parameters', limit: 100 },
    ],
    [
      'filter JSON text',
      jsonFilter([{ name: 'name', op: 'eq', val: long(4100) }]),
      { maxQueryLength: 100_000 },
      { status: '400', code: 'filter_too_long', parameter: 'filter', limit: 4096 },
    ],
    [
      'filter nesting',
      jsonFilter([{ not: { not: { name: 'name', op: 'eq', val: 'x' } } }]),
      { maxFilterDepth: 1 },
      { status: '400', code: 'filter_too_deep', parameter: 'filter', pointer: '/0/not', limit: 1 },
    ],
    [
      'filter nesting through shortcuts',
      'filter[computers__owner__name]=x',
      { maxFilterDepth: 1 },
      { status: '400', code: 'filter_too_deep', parameter: 'filter[computers__owner__name]', limit: 1 },
    ],
    [
      'filter nodes',
      jsonFilter([{ or: [{ name: 'name', op: 'eq', val: 'a' }, { name: 'name', op: 'eq', val: 'b' }] }]),
      { maxFilterNodes: 2 },
      { status: '400', code: 'filter_too_many_nodes', parameter: 'filter', pointer: '/0/or/1', limit: 2 },
    ],
    [
      'relationship hops in a filter path',
      'filter[computers__owner__computers__owner__name]=x',
      {},
      { status: '400', code: 'path_too_long', parameter: 'filter[computers__owner__computers__owner__name]', limit: 3 },
    ],
    [
      'relationship hops in a sort path',
      'sort=owner.computers.owner.name',
      { maxPathHops: 0 },
      { status: '400', code: 'path_too_long', parameter: 'sort', limit: 0 },
    ],
    [
      'items of an in_ list',
      jsonFilter([{ name: 'name', op: 'in_', val: Array.from({ length: 101 }, (_, index) => `n${index}`) }]),
      {},
      { status: '400', code: 'list_too_long', parameter: 'filter', pointer: '/0/val', limit: 100 },
    ],
    [
      'length of a string value',
      `filter[name]=${long(257)}`,
      {},
      { status: '400', code: 'value_too_long', parameter: 'filter[name]', limit: 256 },
    ],
    [
      'length of a string in a list',
      jsonFilter([{ name: 'name', op: 'notin_', val: ['a', long(300)] }]),
      {},
      { status: '400', code: 'value_too_long', parameter: 'filter', pointer: '/0/val/1', limit: 256 },
    ],
    [
      'wildcards in a like pattern',
      jsonFilter([{ name: 'name', op: 'ilike', val: '%a_b%c%d%e%f%g%h%i%j%' }]),
      {},
      { status: '400', code: 'too_many_wildcards', parameter: 'filter', pointer: '/0/val', limit: 10 },
    ],
    [
      'words in a match value',
      jsonFilter([{ name: 'name', op: 'match', val: 'a b c' }]),
      { maxMatchWords: 2 },
      { status: '400', code: 'too_many_words', parameter: 'filter', pointer: '/0/val', limit: 2 },
    ],
    ['sort keys', 'sort=a,b,c,d,e,f', {}, { status: '400', code: 'too_many_sort_keys', parameter: 'sort', limit: 5 }],
    [
      'include depth',
      'include=computers.owner',
      { maxIncludeDepth: 1 },
      { status: '400', code: 'include_too_deep', parameter: 'include', limit: 1 },
    ],
    [
      'page size maximum',
      'page[size]=51',
      { maxPageSize: 50 },
      { status: '400', code: 'page_size_too_large', parameter: 'page[size]', limit: 50 },
    ],
    [
      'offset',
      'page[size]=10&page[number]=12',
      { maxOffset: 100 },
      { status: '400', code: 'page_offset_too_large', parameter: 'page[number]', limit: 100 },
    ],
  ])('%s: a breach is an error naming the parameter and the limit', (_, query, limits, expected) => {
    expect(faultOf(query, { limits })).toEqual(expected);
  });

  it('escaped wildcards do not count', () => {
    const pattern = '\\%\\_'.repeat(20) + '%';
    expect(parse(jsonFilter([{ name: 'name', op: 'like', val: pattern }])).filter).toMatchObject({ value: pattern });
  });

  it('limits per type apply to the type read', () => {
    const limits = { maxPageSize: 10, types: { computer: { maxPageSize: 500 } } };
    expect(parse('page[size]=500', { type: 'computer', limits }).page).toEqual({ kind: 'offset', size: 500, number: 1 });
    expect(faultOf('page[size]=11', { limits })).toMatchObject({ code: 'page_size_too_large', limit: 10 });
  });
});
