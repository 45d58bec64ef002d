/**
 * The query budget's rules (src/rules/): `query_too_long` worded once for the handler
 * and the parser, and the limits checked from one list wherever they enter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQueryError } from '../../src/errors/query-error.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler } from '../../src/http/handler.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { DEFAULT_LIMITS, type LimitOptions } from '../../src/limits.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { checkLimits, LIMIT_RULES, TRUSTED_LIMITS } from '../../src/rules/limit-rules.js';
import { queryTooLong, utf8Length } from '../../src/rules/query-length.js';

describe('query_too_long', () => {
  it('tells a string within the byte limit from one past it, counting the bytes exactly past it', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.nat(40), (text, limit) => {
      const bytes = new TextEncoder().encode(text).length;
      const counted = utf8Length(text, limit);
      return counted > limit ? counted === bytes : bytes <= limit;
    }));
  });

  it('is one error, worded alike by the handler and the parser', async () => {
    const limits = { maxQueryLength: 10 };
    const query = 'sort=nämes&x'; // 13 bytes
    const expected = queryTooLong(13, 10);
    expect(expected?.detail).toBe('The query string is 13 bytes; the limit is 10.');
    expect(queryTooLong(10, 10)).toBeUndefined();
    let thrown: unknown;
    try {
      parseQuery(query, { schema: exampleSchema, type: 'person', limits });
    } catch (error) {
      thrown = error;
    }
    expect(isQueryError(thrown) ? thrown.errors : undefined).toEqual([expect.objectContaining({ code: 'query_too_long', detail: expected?.detail, meta: { limit: 10 } })]);
    const handle = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData), limits });
    const response = await handle({ method: 'GET', path: '/persons', query, headers: {} });
    expect(response.status).toBe(414);
    expect(JSON.parse(String(response.body))).toMatchObject({ errors: [{ code: 'query_too_long', detail: expected?.detail }] });
  });
});

describe('the limits', () => {
  it('are one list: every default has a rule and every rule a default, and the defaults pass', () => {
    expect(Object.keys(LIMIT_RULES).sort()).toEqual(Object.keys(DEFAULT_LIMITS).sort());
    expect(() => checkLimits({ ...DEFAULT_LIMITS }, ['person'], 'createHandler')).not.toThrow();
    expect(() => checkLimits(TRUSTED_LIMITS, ['person'], 'createHandler')).not.toThrow();
  });

  it('bound server-written filters only where a limit says so', () => {
    expect(Object.keys(TRUSTED_LIMITS).sort()).toEqual(
      Object.entries(LIMIT_RULES).filter(([, rule]) => rule.trusted !== undefined).map(([name]) => name).sort(),
    );
    expect(TRUSTED_LIMITS).toMatchObject({ maxFilterDepth: 64, maxPathHops: 16 });
  });

  it.each<[string, LimitOptions, string]>([
    ['a default page size of 0 with unpaginated requests refused', { defaultPageSize: 0, allowUnpaginated: false }, 'parseQuery: limits.defaultPageSize is 0 (no pagination) while limits.allowUnpaginated is false'],
    ['an unknown limit', { maxPagesize: 10 } as LimitOptions, 'parseQuery: limits.maxPagesize is not a limit'],
    ['a negative count', { types: { person: { maxSortKeys: -1 } } }, 'parseQuery: limits.types.person.maxSortKeys must be a non-negative integer or Infinity, not -1'],
    ['an unknown type', { types: { robot: { maxPageSize: 10 } } }, 'parseQuery: limits.types.robot names no type of the schema'],
  ])('parseQuery refuses %s with a RangeError naming the option', (_, limits, message) => {
    expect(() => parseQuery('', { schema: exampleSchema, type: 'person', limits })).toThrow(new RangeError(message).message);
    expect(() => parseQuery('', { schema: exampleSchema, type: 'person', limits })).toThrow(RangeError);
  });

  it('parseQuery leaves to the request what fails only some requests; createHandler refuses it at start-up', () => {
    const short = { maxCursorLength: 10 };
    expect(() => parseQuery('', { schema: exampleSchema, type: 'person', limits: short })).not.toThrow();
    expect(() => checkLimits(short, ['person'], 'createHandler')).toThrow(/maxCursorLength must be an integer of at least 64/);
    const above = { defaultPageSize: 50, maxPageSize: 40 };
    expect(() => checkLimits(above, ['person'], 'parseQuery')).not.toThrow();
    expect(() => checkLimits(above, ['person'], 'createHandler')).toThrow(/is below limits.defaultPageSize/);
  });
});
