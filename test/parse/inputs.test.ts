/**
 * The three inputs `parseQuery` accepts give the same answers, and
 * `safeParseQuery` returns them as results.
 */
import { describe, expect, it } from 'vitest';
import { isQueryError, QueryError, safeParseQuery } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import { errorsOf, parse, summary } from './test-schema.js';

const query =
  'filter=' +
  encodeURIComponent('[{"name":"name","op":"ilike","val":"%jo%"}]') +
  '&filter[gender]=m&sort=-birth_date&page[size]=10&page[number]=2&include=computers.owner&fields[person]=name,computers';

describe('inputs', () => {
  const expected = () => parse(query);

  it('a raw query string with or without the leading ?', () => {
    expect(parse(`?${query}`)).toEqual(expected());
  });

  it('a URLSearchParams', () => {
    expect(parse(new URLSearchParams(query))).toEqual(expected());
  });

  it('a parsed object with flat bracket keys', () => {
    expect(
      parse({
        filter: '[{"name":"name","op":"ilike","val":"%jo%"}]',
        'filter[gender]': 'm',
        sort: '-birth_date',
        'page[size]': '10',
        'page[number]': '2',
        include: 'computers.owner',
        'fields[person]': 'name,computers',
      }),
    ).toEqual(expected());
  });

  it('a parsed object with nested families, numbers and values needing escapes', () => {
    expect(
      parse({
        filter: { gender: 'm' },
        page: { size: 10, number: '2' },
        sort: '-birth_date',
        include: 'computers.owner',
        fields: { person: 'name,computers' },
        'filter[name]': 'a+b&c=d %25',
      }).filter,
    ).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'compare', field: 'gender', op: 'eq', value: 'm' },
        { kind: 'compare', field: 'name', op: 'eq', value: 'a+b&c=d %25' },
      ],
    });
  });

  it('a mixed-form object reports faults with the names as a query string would', () => {
    expect(errorsOf({ page: { size: 'x', offset: '1' }, sort: '' }).map(summary)).toEqual([
      { status: '400', code: 'invalid_sort', parameter: 'sort' },
      { status: '400', code: 'invalid_page_value', parameter: 'page[size]' },
      { status: '400', code: 'unknown_page_parameter', parameter: 'page[offset]' },
    ]);
  });

  it('anything else is a programming error (TypeError)', () => {
    expect(() => parse(42 as unknown as string)).toThrow(TypeError);
  });

  it('a type missing from the schema is a programming error, not a QueryError', () => {
    expect(() => parse('', { type: 'nope' })).toThrow('Unknown resource type "nope"');
    expect(() => parse('', { includeFrom: 'nope' })).toThrow('Unknown resource type "nope"');
  });
});

describe('safeParseQuery', () => {
  it('returns the AST on success', () => {
    const result = safeParseQuery(query, { schema: exampleSchema, type: 'person' });
    expect(result).toEqual({ success: true, ast: parse(query) });
  });

  it('returns the QueryError on failure', () => {
    const result = safeParseQuery('sort=nope&page[size]=x', { schema: exampleSchema, type: 'person' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toBeInstanceOf(QueryError);
    expect(isQueryError(result.error)).toBe(true);
    expect(result.error.status).toBe(400);
    expect(result.error.errors.map((error) => error.code)).toEqual(['unknown_field', 'invalid_page_value']);
  });

  it('the 414 status comes first', () => {
    const result = safeParseQuery(`filter[name]=${'x'.repeat(9000)}`, { schema: exampleSchema, type: 'person' });
    expect(result.success ? undefined : result.error.status).toBe(414);
  });

  it('still throws programming errors', () => {
    expect(() => safeParseQuery('', { schema: exampleSchema, type: 'nope' as 'person' })).toThrow(Error);
  });
});
