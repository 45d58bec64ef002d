/**
 * Hostile inputs, each with its exact status, code and `source.parameter`. Where a
 * rejection must be cheap, the test counts the work done (objects read, `JSON.parse`
 * calls, entries visited), never the time taken.
 */
import { describe, expect, it, vi } from 'vitest';
import { ast, errorsOf, faultOf, jsonFilter, parse, shopSchema, summary } from './test-schema.js';
import { parseQuery } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';

const shop = { schema: shopSchema, type: 'order' } as const;
const nested = (depth: number, leaf: string) => '{"not":'.repeat(depth) + leaf + '}'.repeat(depth);
const leaf = '{"name":"name","op":"eq","val":"x"}';

/** `value` behind proxies that count every property read or key listing, however deep. */
function counted<T extends object>(value: T): { value: T; reads: () => number } {
  let reads = 0;
  const wrap = (target: object): object =>
    new Proxy(target, {
      get(object, key, receiver) {
        reads += 1;
        const member: unknown = Reflect.get(object, key, receiver);
        return typeof member === 'object' && member !== null ? wrap(member) : member;
      },
      ownKeys(object) {
        reads += 1;
        return Reflect.ownKeys(object);
      },
    });
  return { value: wrap(value) as T, reads: () => reads };
}

/** Runs `work` with `JSON.parse` counted; every parsed object and array is `counted`. */
function withCountedJsonParse<T>(work: () => T): { result: T; parses: number; reads: number } {
  const original = JSON.parse.bind(JSON);
  const counters: (() => number)[] = [];
  const spy = vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    const parsed: unknown = original(text, reviver);
    if (typeof parsed !== 'object' || parsed === null) return parsed;
    const { value, reads } = counted(parsed);
    counters.push(reads);
    return value;
  });
  try {
    const result = work();
    return { result, parses: spy.mock.calls.length, reads: counters.reduce((sum, reads) => sum + reads(), 0) };
  } finally {
    spy.mockRestore();
  }
}

describe('prototype keys in every family', () => {
  it.each([
    ['filter[__proto__][x]=1', 'invalid_parameter', 'filter[__proto__][x]'],
    ['filter[__proto__]=1', 'unknown_field', 'filter[__proto__]'],
    ['filter[constructor]=1', 'unknown_field', 'filter[constructor]'],
    ['filter[prototype]=1', 'unknown_field', 'filter[prototype]'],
    ['filter[toString]=1', 'unknown_field', 'filter[toString]'],
    ['filter[__proto____name]=1', 'unknown_field', 'filter[__proto____name]'],
    ['filter[computers__constructor]=1', 'unknown_field', 'filter[computers__constructor]'],
    ['fields[constructor]=name', 'unknown_type', 'fields[constructor]'],
    ['fields[__proto__]=name', 'unknown_type', 'fields[__proto__]'],
    ['fields[person]=__proto__', 'unknown_field', 'fields[person]'],
    ['fields[person]=constructor', 'unknown_field', 'fields[person]'],
    ['include[length]=9', 'invalid_parameter', 'include[length]'],
    ['include=__proto__', 'unknown_relationship', 'include'],
    ['include=constructor', 'unknown_relationship', 'include'],
    ['include=computers.__proto__', 'unknown_relationship', 'include'],
    ['sort=__proto__', 'unknown_field', 'sort'],
    ['sort=-constructor', 'unknown_field', 'sort'],
    ['sort=__proto__.name', 'unknown_relationship', 'sort'],
    ['page[__proto__]=1', 'unknown_page_parameter', 'page[__proto__]'],
    ['page[constructor]=1', 'unknown_page_parameter', 'page[constructor]'],
    ['constructor=1', 'unknown_parameter', 'constructor'],
    ['prototype[x]=1', 'unknown_parameter', 'prototype[x]'],
  ])('%s is a 400 %s', (query, code, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code, parameter });
  });

  it.each(['__proto__=1', '__proto__[x]=1', '__proto__[__proto__]=1'])(
    'ignores %s (not a lowercase-only name: left to the host, decisions.md)',
    (query) => {
      expect(parseQuery(query, { schema: exampleSchema, type: 'person' })).toEqual(
        parseQuery('', { schema: exampleSchema, type: 'person' }),
      );
      expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    },
  );

  it.each([
    ['a __proto__ key in an entry', '[{"__proto__":{"name":"name"},"name":"name","op":"eq","val":"x"}]', 'invalid_filter_entry', '/0'],
    ['a __proto__ key alone', '[{"__proto__":{"and":[]}}]', 'invalid_filter_entry', '/0'],
    ['a constructor key', '[{"constructor":1}]', 'invalid_filter_entry', '/0'],
    ['a __proto__ key in a nested any entry', '[{"name":"computers","op":"any","val":{"__proto__":[]}}]', 'invalid_filter_entry', '/0/val'],
    ['a __proto__ field name', '[{"name":"__proto__","op":"eq","val":"x"}]', 'unknown_field', '/0/name'],
    ['a constructor field name', '[{"name":"constructor","op":"eq","val":"x"}]', 'unknown_field', '/0/name'],
    ['a hasOwnProperty field name', '[{"name":"hasOwnProperty","op":"eq","val":"x"}]', 'unknown_field', '/0/name'],
    ['a prototype relationship', '[{"name":"prototype__x","op":"eq","val":"x"}]', 'unknown_relationship', '/0/name'],
    ['a __proto__ operator', '[{"name":"name","op":"__proto__","val":"x"}]', 'unknown_operator', '/0/op'],
    ['a constructor operator', '[{"name":"name","op":"constructor","val":"x"}]', 'unknown_operator', '/0/op'],
    ['a __proto__ other field', '[{"name":"name","op":"eq","field":"__proto__"}]', 'unknown_field', '/0/field'],
    ['an object value with __proto__', '[{"name":"name","op":"eq","val":{"__proto__":"x"}}]', 'invalid_value', '/0/val'],
  ])('filter JSON with %s is a 400 %s', (_, json, code, pointer) => {
    expect(faultOf(`filter=${encodeURIComponent(json)}`)).toEqual({ status: '400', code, parameter: 'filter', pointer });
  });

  it('never pollutes Object.prototype', () => {
    errorsOf('filter[__proto__][polluted]=1&__proto__[polluted]=1&fields[__proto__]=polluted');
    errorsOf({ __proto__: { polluted: 'x' }, filter: JSON.parse('{"__proto__":{"polluted":"y"}}') });
    errorsOf(`filter=${encodeURIComponent('[{"__proto__":{"polluted":1}}]')}`);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('repeated parameters', () => {
  it.each([
    ['sort=name&sort=name', 'sort'],
    ['filter=[]&filter=[]', 'filter'],
    ['page[number]=1&page[number]=1', 'page[number]'],
    ['filter[name]=a&filter%5Bname%5D=a', 'filter[name]'],
  ])('%s is a 400 repeated_parameter naming %s', (query, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code: 'repeated_parameter', parameter });
  });

  it('is reported once however often the parameter is repeated', () => {
    expect(errorsOf('sort=a&sort=b&sort=c').map(summary)).toEqual([
      { status: '400', code: 'repeated_parameter', parameter: 'sort' },
    ]);
  });

  it('an array in a parsed object means a repeated parameter', () => {
    expect(faultOf({ sort: ['name', '-name'] })).toEqual({ status: '400', code: 'repeated_parameter', parameter: 'sort' });
    expect(parse({ sort: ['name'] }).sort).toEqual(parse('sort=name').sort);
    expect(errorsOf(new URLSearchParams('sort=a&sort=b')).map(summary)).toEqual([
      { status: '400', code: 'repeated_parameter', parameter: 'sort' },
    ]);
  });
});

describe('arrays and objects where strings belong', () => {
  it.each([
    ['sort[]=a', 'sort[]'],
    ['sort[0]=a', 'sort[0]'],
    ['include[]=computers', 'include[]'],
    ['filter[name][$ne]=x', 'filter[name][$ne]'],
    ['filter[name][]=x', 'filter[name][]'],
    ['filter[]=x', 'filter[]'],
    ['page[size][]=1', 'page[size][]'],
    ['page[]=1', 'page[]'],
    ['fields[person][]=name', 'fields[person][]'],
    ['fields=name', 'fields'],
    ['fields[]=name', 'fields[]'],
    ['filter[a]b]=x', 'filter[a]b]'],
    ['filter[a[b]=x', 'filter[a[b]'],
  ])('%s is a 400 invalid_parameter', (query, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code: 'invalid_parameter', parameter });
  });

  it.each([
    [{ filter: { name: { $ne: 'x' } } }, 'invalid_parameter', 'filter[name][$ne]'],
    [{ filter: { name: { $ne: { $gt: 'x' } } } }, 'invalid_parameter', 'filter[name][$ne]'],
    [{ sort: [['a']] }, 'invalid_parameter', 'sort'],
    [{ sort: [{ a: 1 }] }, 'invalid_parameter', 'sort'],
    [{ 'page[size]': { x: '1' } }, 'invalid_parameter', 'page[size][x]'],
    [{ page: { size: ['10', '20'] } }, 'repeated_parameter', 'page[size]'],
  ])('the parsed object %j is a 400 %s', (input, code, parameter) => {
    expect(faultOf(input)).toEqual({ status: '400', code, parameter });
  });

  it('a parsed object nested 10,000 levels deep is a fast 400', () => {
    let deep: Record<string, unknown> = { x: '1' };
    for (let index = 0; index < 10_000; index++) deep = { a: deep };
    const input = counted({ filter: deep });
    expect(faultOf(input.value)).toEqual({ status: '400', code: 'invalid_parameter', parameter: 'filter[a][a]' });
    // The reader stops at the second level: a handful of reads, not 10,000 levels.
    expect(input.reads()).toBeLessThan(50);
    let deepArray: unknown = ['x'];
    for (let index = 0; index < 10_000; index++) deepArray = [deepArray];
    expect(faultOf({ sort: deepArray as string[] })).toMatchObject({ code: 'invalid_parameter', parameter: 'sort' });
  });

  it('a cyclic parsed object is a 400', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(faultOf({ filter: cyclic })).toEqual({
      status: '400',
      code: 'invalid_parameter',
      parameter: 'filter[self][self]',
    });
  });
});

describe('malformed percent-escapes and NUL', () => {
  it.each([
    ['filter[name]=%', 'filter[name]'],
    ['filter[name]=%2', 'filter[name]'],
    ['filter[name]=%zz', 'filter[name]'],
    ['filter[name]=%C3%28', 'filter[name]'],
    ['filter[name]=%ED%A0%80', 'filter[name]'],
    ['filter[name]=a%00b', 'filter[name]'],
    ['filter[name]=a\u0000b', 'filter[name]'],
    ['sort=%E2%82', 'sort'],
    ['filter%5Bna%zzme%5D=x', 'filter%5Bna%zzme%5D'],
    ['%00=x', '%00'],
    ['fo%o=1', 'fo%o'],
  ])('%j is a 400 malformed_query_string naming %s', (query, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code: 'malformed_query_string', parameter });
  });

  it('a NUL in a URLSearchParams value is a 400', () => {
    expect(faultOf(new URLSearchParams([['filter[name]', 'a\u0000']]))).toEqual({
      status: '400',
      code: 'malformed_query_string',
      parameter: 'filter[name]',
    });
  });

  it('a valid escape of a non-ASCII character is decoded', () => {
    expect(parse('filter[name]=Jos%C3%A9+%F0%9F%98%80').filter).toMatchObject({ value: 'José 😀' });
  });
});

describe('page values', () => {
  it.each([
    ['page[size]=', 'page[size]'],
    ['page[size]=+1', 'page[size]'],
    ['page[size]=%2B1', 'page[size]'],
    ['page[size]=-1', 'page[size]'],
    ['page[size]=1.5', 'page[size]'],
    ['page[size]=1.0', 'page[size]'],
    ['page[size]=1e1', 'page[size]'],
    ['page[size]=0x10', 'page[size]'],
    ['page[size]=%201', 'page[size]'],
    ['page[size]=١٠', 'page[size]'],
    ['page[size]=abc', 'page[size]'],
    ['page[number]=', 'page[number]'],
    ['page[number]=-1', 'page[number]'],
    ['page[number]=0', 'page[number]'],
    ['page[number]=2.', 'page[number]'],
    ['page[number]=1e3', 'page[number]'],
    ['page[number]=0x1', 'page[number]'],
  ])('%s is a 400 invalid_page_value', (query, parameter) => {
    expect(faultOf(query)).toEqual({ status: '400', code: 'invalid_page_value', parameter });
  });

  it('zero, leading zeros and huge values', () => {
    expect(parse('page[size]=0').page).toBeNull();
    expect(parse('page[size]=010').page).toEqual({ kind: 'offset', size: 10, number: 1 });
    expect(faultOf('page[size]=99999999999999999999999')).toEqual({
      status: '400',
      code: 'page_size_too_large',
      parameter: 'page[size]',
      limit: 100,
    });
    expect(faultOf('page[number]=99999999999999999999999')).toEqual({
      status: '400',
      code: 'page_offset_too_large',
      parameter: 'page[number]',
      limit: 100_000,
    });
  });
});

describe('filters that are too big', () => {
  it('a filter nested 2,000 levels deep is a fast 400 without a stack overflow', () => {
    const query = `filter=${encodeURIComponent(`[${nested(2000, leaf)}]`)}`;
    const limits = { maxQueryLength: 1_000_000, maxFilterLength: 1_000_000 };
    const { result, parses } = withCountedJsonParse(() => faultOf(query, { limits }));
    expect(result).toEqual({
      status: '400',
      code: 'filter_too_deep',
      parameter: 'filter',
      pointer: `/0${'/not'.repeat(22)}`,
      limit: 10,
    });
    // The depth scan rejects the text; the 2,000 levels are never parsed.
    expect(parses).toBe(0);
    expect(faultOf(query)).toMatchObject({ status: '414', code: 'query_too_long' });
  });

  it('JSON nested 1,000,000 levels deep is rejected by the scan before JSON.parse', () => {
    const text = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const limits = { maxQueryLength: 10_000_000, maxFilterLength: 10_000_000 };
    const { result, parses } = withCountedJsonParse(() => faultOf(`filter=${text}`, { limits }));
    expect(result).toMatchObject({ code: 'filter_too_deep' });
    expect(parses).toBe(0);
  });

  it('a raised depth limit stops at the ceiling of 1,000 levels instead of exhausting the stack', () => {
    const limits = { maxQueryLength: 1e9, maxFilterLength: 1e9, maxFilterNodes: 1e9, maxFilterDepth: 100_000 };
    const query = (depth: number) => `filter=${encodeURIComponent(`[${nested(depth, leaf)}]`)}`;
    expect(parse(query(1000), { limits }).filter).toMatchObject({ kind: 'not' });
    expect(faultOf(query(5000), { limits })).toEqual({
      status: '400',
      code: 'filter_too_deep',
      parameter: 'filter',
      pointer: `/0${'/not'.repeat(2002)}`,
      limit: 1000,
    });
    const hop = '{"name":"computers","op":"any","val":{"name":"owner","op":"has","val":';
    const relationships = `filter=${encodeURIComponent(`[${hop.repeat(501)}${leaf}${'}}'.repeat(501)}]`)}`;
    expect(faultOf(relationships, { limits })).toMatchObject({ code: 'filter_too_deep', limit: 1000 });
  });

  it('brackets inside strings do not count towards the depth', () => {
    const value = '[[[[[[[[[[[[{{{{{{{{{{{{\\"[[[[';
    expect(parse(jsonFilter([{ name: 'name', op: 'eq', val: value }])).filter).toMatchObject({ value });
  });

  it('exactly the nesting limit is accepted, one more is not', () => {
    const at = (depth: number) => `filter=${encodeURIComponent(`[${nested(depth, leaf)}]`)}`;
    expect(parse(at(10)).filter).toMatchObject({ kind: 'not' });
    expect(faultOf(at(11))).toMatchObject({ code: 'filter_too_deep', limit: 10 });
    const ands = (depth: number) => '{"and":['.repeat(depth) + leaf + ']}'.repeat(depth);
    expect(parse(`filter=${encodeURIComponent(`[${ands(10)}]`)}`).filter).toMatchObject({ kind: 'and' });
    expect(faultOf(`filter=${encodeURIComponent(`[${ands(11)}]`)}`)).toMatchObject({ code: 'filter_too_deep' });
  });

  it('10,000 filter nodes', () => {
    const entries = Array.from({ length: 10_000 }, (_, index) => ({ name: 'name', op: 'eq', val: `n${index}` }));
    const query = jsonFilter([{ or: entries }]);
    expect(faultOf(query)).toMatchObject({ status: '414', code: 'query_too_long', limit: 8192 });
    expect(faultOf(query, { limits: { maxQueryLength: 10_000_000 } })).toEqual({
      status: '400',
      code: 'filter_too_long',
      parameter: 'filter',
      limit: 4096,
    });
    const limits = { maxQueryLength: 10_000_000, maxFilterLength: 10_000_000 };
    const { result, parses, reads } = withCountedJsonParse(() => faultOf(query, { limits }));
    expect(result).toEqual({
      status: '400',
      code: 'filter_too_many_nodes',
      parameter: 'filter',
      pointer: '/0/or/99',
      limit: 100,
    });
    // Parsed once, and resolution stops at the 101st node: about 100 entries read, not 10,000.
    expect(parses).toBe(1);
    expect(reads).toBeGreaterThan(100);
    expect(reads).toBeLessThan(2_000);
  });

  it('10,000 simple filters are too many parameters', () => {
    const query = Array.from({ length: 10_000 }, (_, index) => `filter[n${index}]=1`).join('&');
    expect(faultOf(query, { limits: { maxQueryLength: 10_000_000 } })).toEqual({
      status: '400',
      code: 'too_many_parameters',
      limit: 100,
    });
  });

  it('an in_ list of 70,000 items', () => {
    const list = Array.from({ length: 70_000 }, (_, index) => index);
    const query = jsonFilter([{ name: 'total', op: 'in_', val: list }]);
    expect(faultOf(query, shop)).toMatchObject({ status: '414', code: 'query_too_long' });
    const limits = { maxQueryLength: 10_000_000, maxFilterLength: 10_000_000 };
    expect(faultOf(query, { ...shop, limits })).toEqual({
      status: '400',
      code: 'list_too_long',
      parameter: 'filter',
      pointer: '/0/val',
      limit: 100,
    });
    const raised = { ...limits, maxListItems: 100_000 };
    expect(parse(query, { ...shop, limits: raised }).filter).toMatchObject({ op: 'in_', value: list });
  });
});

describe('values of the wrong type, impossible dates and objects as values', () => {
  it.each([
    [{ name: 'total', op: 'eq', val: 'ten' }, '/0/val'],
    [{ name: 'paid', op: 'eq', val: 1 }, '/0/val'],
    [{ name: 'quantity', op: 'eq', val: 2.5 }, '/0/val'],
    [{ name: 'placed_on', op: 'eq', val: '2023-02-29' }, '/0/val'],
    [{ name: 'placed_on', op: 'eq', val: '2023-04-31' }, '/0/val'],
    [{ name: 'placed_on', op: 'between', val: ['2023-01-01', '2023-02-30'] }, '/0/val/1'],
    [{ name: 'placed_on', op: 'eq', val: '2023-1-1' }, '/0/val'],
    [{ name: 'total', op: 'eq', val: { $gt: 1 } }, '/0/val'],
    [{ name: 'total', op: 'in_', val: [1, { $gt: 1 }] }, '/0/val/1'],
    [{ name: 'total', op: 'in_', val: [[1]] }, '/0/val/0'],
    [{ name: 'status', op: 'eq', val: 'OPEN' }, '/0/val'],
    [{ name: 'id', op: 'eq', val: 'one' }, '/0/val'],
  ])('%j is a 400 invalid_value at %s', (entry, pointer) => {
    expect(faultOf(jsonFilter([entry]), shop)).toEqual({ status: '400', code: 'invalid_value', parameter: 'filter', pointer });
  });

  it('filter=<not JSON> is a 400 invalid_filter_json', () => {
    expect(faultOf('filter={name:1}')).toEqual({ status: '400', code: 'invalid_filter_json', parameter: 'filter' });
    expect(faultOf('filter=[{"name":"name"')).toEqual({ status: '400', code: 'invalid_filter_json', parameter: 'filter' });
  });
});

describe('unknown operators and operators of the wrong kind', () => {
  it.each([
    [{ name: 'total', op: '$gt', val: 1 }, 'unknown_operator'],
    [{ name: 'total', op: 'EQ', val: 1 }, 'unknown_operator'],
    [{ name: 'total', op: 'in', val: [1] }, 'unknown_operator'],
    [{ name: 'total', op: '', val: 1 }, 'unknown_operator'],
    [{ name: 'total', op: 'like', val: '1%' }, 'operator_not_allowed'],
    [{ name: 'placed_on', op: 'startswith', val: '2023' }, 'operator_not_allowed'],
    [{ name: 'paid', op: 'gt', val: false }, 'operator_not_allowed'],
    [{ name: 'total', op: 'has', val: { name: 'sku', op: 'eq', val: 'x' } }, 'operator_not_allowed'],
    [{ name: 'lines', op: 'has', val: { name: 'sku', op: 'eq', val: 'x' } }, 'operator_not_allowed'],
    [{ name: 'customer', op: 'any', val: { name: 'name', op: 'eq', val: 'x' } }, 'operator_not_allowed'],
    [{ name: 'customer', op: 'eq', val: 1 }, 'operator_not_allowed'],
  ])('%j is a 400 %s at /0/op', (entry, code) => {
    expect(faultOf(jsonFilter([entry]), shop)).toEqual({ status: '400', code, parameter: 'filter', pointer: '/0/op' });
  });

  it('any/has take a filter entry as val', () => {
    expect(faultOf(jsonFilter([{ name: 'lines', op: 'any', val: 'x' }]), shop)).toEqual({
      status: '400',
      code: 'invalid_filter_entry',
      parameter: 'filter',
      pointer: '/0/val',
    });
    expect(faultOf(jsonFilter([{ name: 'lines', op: 'any', field: 'id' }]), shop)).toEqual({
      status: '400',
      code: 'invalid_filter_entry',
      parameter: 'filter',
      pointer: '/0',
    });
    expect(faultOf('filter[lines]=x', shop)).toEqual({
      status: '400',
      code: 'operator_not_allowed',
      parameter: 'filter[lines]',
    });
  });
});

describe('entries mixing boolean and comparison keys', () => {
  it.each([
    [{ and: [], name: 'total' }],
    [{ or: [], op: 'eq' }],
    [{ not: { name: 'total', op: 'eq', val: 1 }, val: 1 }],
    [{ and: [], field: 'total' }],
  ])('%j is a 400 invalid_filter_entry at the entry', (entry) => {
    expect(faultOf(jsonFilter([{ and: [entry] }]), shop)).toEqual({
      status: '400',
      code: 'invalid_filter_entry',
      parameter: 'filter',
      pointer: '/0/and/0',
    });
  });
});

describe('unknown fields, relationships and types', () => {
  it.each([
    ['filter[nope]=1', 'unknown_field', 'filter[nope]'],
    ['filter[customer__nope]=1', 'unknown_field', 'filter[customer__nope]'],
    ['filter[nope__name]=1', 'unknown_relationship', 'filter[nope__name]'],
    ['filter[total__name]=1', 'unknown_relationship', 'filter[total__name]'],
    ['filter[customer__]=1', 'unknown_field', 'filter[customer__]'],
    ['filter[__name]=1', 'unknown_field', 'filter[__name]'],
    ['sort=nope', 'unknown_field', 'sort'],
    ['sort=customer.nope', 'unknown_field', 'sort'],
    ['sort=nope.name', 'unknown_relationship', 'sort'],
    ['include=nope', 'unknown_relationship', 'include'],
    ['include=customer.nope', 'unknown_relationship', 'include'],
    ['fields[nope]=name', 'unknown_type', 'fields[nope]'],
    ['fields[order]=nope', 'unknown_field', 'fields[order]'],
  ])('%s is a 400 %s', (query, code, parameter) => {
    expect(faultOf(query, shop)).toEqual({ status: '400', code, parameter });
  });
});

describe('fields marked not filterable or not sortable', () => {
  it.each([
    ['filter[note]=x', 'field_not_filterable', 'filter[note]'],
    ['filter[customer__email]=a@b.c', 'field_not_filterable', 'filter[customer__email]'],
    ['sort=note', 'field_not_sortable', 'sort'],
    ['sort=rank', 'field_not_sortable', 'sort'],
  ])('%s is a 400 %s', (query, code, parameter) => {
    expect(faultOf(query, shop)).toEqual({ status: '400', code, parameter });
  });

  it('they can still be listed in fields', () => {
    expect(parse('fields[order]=note,rank', shop).fields).toEqual({ order: ['note', 'rank'] });
  });
});

describe('empty values', () => {
  it.each([
    ['filter=', 'invalid_filter_json', 'filter'],
    ['filter', 'invalid_filter_json', 'filter'],
    ['filter[total]=', 'invalid_value', 'filter[total]'],
    ['filter[paid]=', 'invalid_value', 'filter[paid]'],
    ['filter[placed_on]=', 'invalid_value', 'filter[placed_on]'],
    ['filter[status]=', 'invalid_value', 'filter[status]'],
    ['sort=', 'invalid_sort', 'sort'],
    ['include=,', 'invalid_include', 'include'],
    ['page[size]=', 'invalid_page_value', 'page[size]'],
    ['page[number]', 'invalid_page_value', 'page[number]'],
  ])('%s is a 400 %s', (query, code, parameter) => {
    expect(faultOf(query, shop)).toEqual({ status: '400', code, parameter });
  });

  it('include= is no include at all (JSON:API 1.1: no related resources)', () => {
    expect(parse('include=', shop).include).toEqual([]);
  });

  it('an empty string value of a string attribute is a value; an empty fields list means nothing', () => {
    expect(parse('filter[name]=').filter).toEqual({ kind: 'compare', field: 'name', op: 'eq', value: '' });
    expect(parse('fields[person]=').fields).toEqual({ person: [] });
  });

  it('empty query strings and empty pairs are no parameters', () => {
    expect(parse('')).toEqual(ast());
    expect(parse('?')).toEqual(ast());
    expect(parse('&&&')).toEqual(ast());
    expect(parse('=x&=')).toEqual(ast());
    expect(parse(new URLSearchParams())).toEqual(ast());
    expect(parse({})).toEqual(ast());
  });
});
