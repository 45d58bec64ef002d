/**
 * Every refusal of a comparison value (src/parse/filter/values.ts), with the message
 * and pointer docs/errors.md promises for `invalid_value` and the value limits, and
 * the rare values: `-0` (JSON writes it `0`, so the AST holds `0`), and `is_`/`isnot`
 * on a boolean field with something that is not null, true or false.
 */
import { describe, expect, it } from 'vitest';
import type { JsonApiError } from '../../src/index.js';
import { errorsOf, jsonFilter, parse, shopSchema } from './test-schema.js';

const shop = { schema: shopSchema, type: 'order' } as const;

/** The one error of a JSON filter of one comparison. */
function refusal(name: string, op: string, val: unknown, options: Parameters<typeof errorsOf>[1] = {}) {
  const errors = errorsOf(jsonFilter([{ name, op, val }]), options);
  expect(errors).toHaveLength(1);
  const error = errors[0] as JsonApiError;
  return { code: error.code, detail: error.detail, pointer: error.meta?.pointer };
}

describe('invalid_value messages', () => {
  it.each<[string, string, string, unknown, string, string, 'shop'?]>([
    ['between without an array', 'birth_date', 'between', '1990-01-01', '"between" on "birth_date" takes an array of exactly two values', '/0/val'],
    ['between with one value', 'birth_date', 'between', ['1990-01-01'], '"between" on "birth_date" takes an array of exactly two values', '/0/val'],
    ['between with three values', 'birth_date', 'between', ['1990-01-01', '1991-01-01', '1992-01-01'], '"between" on "birth_date" takes an array of exactly two values', '/0/val'],
    ['between with a null', 'birth_date', 'between', ['1990-01-01', null], 'A list of values on "birth_date" cannot hold null', '/0/val/1'],
    ['in_ without an array', 'name', 'in_', 'x', '"in_" on "name" takes an array of values', '/0/val'],
    ['notin_ without an array', 'name', 'notin_', { a: 1 }, '"notin_" on "name" takes an array of values', '/0/val'],
    ['in_ with a null', 'name', 'in_', ['a', null], 'A list of values on "name" cannot hold null', '/0/val/1'],
    ['in_ with a null on a nullable field', 'gender', 'in_', ['m', null], 'A list of values on "gender" cannot hold null', '/0/val/1'],
    ['notin_ with a null first', 'gender', 'notin_', [null], 'A list of values on "gender" cannot hold null', '/0/val/0'],
    ['in_ with an object', 'name', 'in_', [{}], 'The value of "name" must be a single value, not an object or array', '/0/val/0'],
    ['in_ with an array', 'name', 'in_', ['a', ['b']], 'The value of "name" must be a single value, not an object or array', '/0/val/1'],
    ['in_ with a number for a string', 'name', 'in_', ['a', 5], 'The value 5 of "name" must be string', '/0/val/1'],
    ['in_ with a NUL', 'name', 'in_', ['a', 'b\u0000'], 'A filter value cannot hold a NUL character or a lone UTF-16 surrogate', '/0/val/1'],
    ['eq with an object', 'name', 'eq', { a: 1 }, 'The value of "name" must be a single value, not an object or array', '/0/val'],
    ['eq with an array', 'name', 'eq', ['a'], 'The value of "name" must be a single value, not an object or array', '/0/val'],
    ['eq with a lone surrogate', 'name', 'eq', 'a\ud800', 'A filter value cannot hold a NUL character or a lone UTF-16 surrogate', '/0/val'],
    ['eq with an impossible date', 'birth_date', 'eq', '2021-02-30', 'The value "2021-02-30" of "birth_date" must match format "date"', '/0/val'],
    ['lt with a boolean for a string', 'name', 'lt', true, 'The value true of "name" must be string', '/0/val'],
    ['is_ with true on a string', 'name', 'is_', true, '"is_" on "name" takes null (true and false only on boolean fields)', '/0/val'],
    ['isnot with "x" on a string', 'name', 'isnot', 'x', '"isnot" on "name" takes null (true and false only on boolean fields)', '/0/val'],
    ['like with a number', 'name', 'like', 5, '"like" on "name" takes a non-empty string', '/0/val'],
    ['ilike with an empty pattern', 'name', 'ilike', '', '"ilike" on "name" takes a non-empty string', '/0/val'],
    ['startswith with null', 'name', 'startswith', null, '"startswith" on "name" takes a non-empty string', '/0/val'],
    ['endswith with an array', 'name', 'endswith', ['a'], '"endswith" on "name" takes a non-empty string', '/0/val'],
    ['match without words', 'name', 'match', '!? -', 'The match value "!? -" has no words (letters or digits)', '/0/val'],
    ['match with an object', 'name', 'match', {}, '"match" on "name" takes a non-empty string', '/0/val'],
    ['like with a NUL', 'name', 'like', 'a%\u0000', 'A filter value cannot hold a NUL character or a lone UTF-16 surrogate', '/0/val'],
    ['an integer past 2^53', 'quantity', 'eq', 1e20, 'The value 100000000000000000000 of "quantity" is not an integer every data layer can hold exactly (±2^53 − 1)', '/0/val', 'shop'],
    ['an integer list item past 2^53', 'quantity', 'in_', [1, 1e20], 'The value 100000000000000000000 of "quantity" is not an integer every data layer can hold exactly (±2^53 − 1)', '/0/val/1', 'shop'],
    ['a fraction for an integer', 'quantity', 'eq', 1.5, 'The value 1.5 of "quantity" is not an integer every data layer can hold exactly (±2^53 − 1)', '/0/val', 'shop'],
    ['below the minimum', 'quantity', 'ge', -1, 'The value -1 of "quantity" must be >= 0', '/0/val', 'shop'],
    ['a string for an integer', 'quantity', 'eq', 'abc', 'The value "abc" of "quantity" must be integer', '/0/val', 'shop'],
    ['a boolean for an integer list item', 'quantity', 'in_', [1, true], 'The value true of "quantity" must be integer', '/0/val/1', 'shop'],
    ['outside the enum', 'status', 'eq', 'lost', 'The value "lost" of "status" must be equal to one of the allowed values', '/0/val', 'shop'],
  ])('%s', (_, name, op, val, detail, pointer, schema) => {
    expect(refusal(name, op, val, schema === 'shop' ? shop : {})).toEqual({ code: 'invalid_value', detail, pointer });
  });

  it.each(['is_', 'isnot'])('%s on a boolean field takes null, true or false, not "yes" or 5', (op) => {
    for (const val of ['yes', 5, 0, 'true', [true]]) {
      expect(refusal('paid', op, val, shop)).toEqual({ code: 'invalid_value', detail: `"${op}" takes null, true or false`, pointer: '/0/val' });
    }
    for (const val of [true, false, null]) {
      expect(parse(jsonFilter([{ name: 'paid', op, val }]), shop).filter).toEqual({ kind: 'compare', field: 'paid', op, value: val });
    }
  });

  it('a simple-form value that is not valid names the parameter, without a pointer', () => {
    expect(errorsOf('filter[quantity]=-1', shop)).toMatchObject([
      { code: 'invalid_value', detail: 'The value -1 of "quantity" must be >= 0', source: { parameter: 'filter[quantity]' } },
    ]);
    expect(errorsOf('filter[quantity]=-1', shop)[0]?.meta?.pointer).toBeUndefined();
  });
});

describe('-0 becomes 0, as JSON writes it', () => {
  const valueOf = (query: string): unknown => (parse(query, shop).filter as { value: unknown }).value;
  const isPositiveZero = (value: unknown) => Object.is(value, 0);

  it.each(['eq', 'ne', 'lt', 'le', 'gt', 'ge'])('%s -0', (op) => {
    expect(isPositiveZero(valueOf(`filter=[{"name":"total","op":"${op}","val":-0}]`))).toBe(true);
  });

  it('in_, notin_ and between items', () => {
    for (const op of ['in_', 'notin_']) {
      const list = valueOf(`filter=[{"name":"total","op":"${op}","val":[1,-0,-0.0]}]`) as unknown[];
      expect(list).toEqual([1, 0, 0]);
      expect(list.slice(1).every(isPositiveZero)).toBe(true);
    }
    const range = valueOf('filter=[{"name":"quantity","op":"between","val":[-0,5]}]') as unknown[];
    expect(isPositiveZero(range[0])).toBe(true);
  });

  it('the simple form', () => {
    expect(isPositiveZero(valueOf('filter[total]=-0'))).toBe(true);
    expect(isPositiveZero(valueOf('filter[quantity]=-0'))).toBe(true);
  });

  it('other values are kept as they are, not turned into 0', () => {
    expect(valueOf('filter=[{"name":"total","op":"in_","val":[-1.5,2]}]')).toEqual([-1.5, 2]);
    expect(valueOf('filter=[{"name":"total","op":"eq","val":-2}]')).toBe(-2);
  });
});
