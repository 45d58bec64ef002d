/**
 * Values every data layer must hold alike: integers within ±2^53 − 1, strings
 * without NUL or lone surrogates, lengths counted in characters (code points),
 * `match` values with at least one word. Found by probing the SQL layers, where
 * such values made engines disagree or fail.
 */
import { describe, expect, it } from 'vitest';
import { faultOf, jsonFilter, parse, shopSchema } from './test-schema.js';

const shop = { schema: shopSchema, type: 'order' } as const;

describe('values every layer holds alike', () => {
  it.each([
    ['filter[id]=99999999999999999999', 'filter[id]', undefined],
    ['filter[id]=1e300', 'filter[id]', undefined],
    ['filter[quantity]=9007199254740992', 'filter[quantity]', undefined],
    [jsonFilter([{ name: 'id', op: 'eq', val: 1e20 }]), 'filter', '/0/val'],
    [jsonFilter([{ name: 'id', op: 'in_', val: [1, 9223372036854775808] }]), 'filter', '/0/val/1'],
    [jsonFilter([{ name: 'id', op: 'between', val: [1, 1e19] }]), 'filter', '/0/val/1'],
  ])('an integer beyond ±2^53 − 1 is a 400 invalid_value: %s', (query, parameter, pointer) => {
    expect(faultOf(query, shop)).toEqual({
      status: '400',
      code: 'invalid_value',
      parameter,
      ...(pointer === undefined ? {} : { pointer }),
    });
  });

  it('accepts the largest safe integer', () => {
    expect(parse('filter[id]=9007199254740991', shop).filter).toEqual({
      kind: 'compare',
      field: 'id',
      op: 'eq',
      value: 9007199254740991,
    });
  });

  it.each([
    ['a NUL inside a JSON string', jsonFilter([{ name: 'name', op: 'eq', val: 'a\u0000b' }]), '/0/val'],
    ['a NUL as a startswith literal', jsonFilter([{ name: 'name', op: 'startswith', val: '\u0000' }]), '/0/val'],
    ['a NUL in an in_ list', jsonFilter([{ name: 'name', op: 'in_', val: ['a', 'b\u0000'] }]), '/0/val/1'],
    ['a lone high surrogate', `filter=${encodeURIComponent('[{"name":"name","op":"like","val":"%\\ud83d%"}]')}`, '/0/val'],
    ['a lone low surrogate', `filter=${encodeURIComponent('[{"name":"name","op":"eq","val":"\\udc00"}]')}`, '/0/val'],
  ])('%s is a 400 invalid_value', (_name, query, pointer) => {
    expect(faultOf(query)).toEqual({ status: '400', code: 'invalid_value', parameter: 'filter', pointer });
  });

  it('keeps a well-formed astral character', () => {
    expect(parse(jsonFilter([{ name: 'name', op: 'eq', val: 'smile 😀' }])).filter).toMatchObject({ value: 'smile 😀' });
  });

  it('counts string length in characters, not UTF-16 units', () => {
    expect(parse(jsonFilter([{ name: 'name', op: 'eq', val: '😀'.repeat(256) }])).filter).toMatchObject({ op: 'eq' });
    expect(faultOf(jsonFilter([{ name: 'name', op: 'eq', val: '😀'.repeat(257) }]))).toEqual({
      status: '400',
      code: 'value_too_long',
      parameter: 'filter',
      pointer: '/0/val',
      limit: 256,
    });
  });

  it.each(['!!!', '  ', '-_-'])('a match value without words (%j) is a 400 invalid_value', (value) => {
    expect(faultOf(jsonFilter([{ name: 'name', op: 'match', val: value }]))).toEqual({
      status: '400',
      code: 'invalid_value',
      parameter: 'filter',
      pointer: '/0/val',
    });
  });
});
