import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isQueryError, parseQuery, QueryError, safeParseQuery, type ResourceSchema } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import { arbitraryNearValidQueryString } from '../../src/testing/index.js';
import { richSchema } from '../types/rich-schema.js';

/** The slowest single parse of the whole file, reported at the end. */
const slowest = { milliseconds: 0, query: '', schema: '' };

/** Parses once, timing it; anything thrown must be the library's `QueryError`. */
function parseTimed(query: string, schema: ResourceSchema, type: string, name: string): void {
  const start = performance.now();
  try {
    const ast = parseQuery(query, { schema, type });
    expect(ast.type).toBe(type);
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    expect(isQueryError(error)).toBe(true);
    expect((error as QueryError).errors.length).toBeGreaterThan(0);
  } finally {
    const milliseconds = performance.now() - start;
    if (milliseconds > slowest.milliseconds) Object.assign(slowest, { milliseconds, query, schema: name });
  }
}

const targets: readonly [string, ResourceSchema, string][] = [
  ['example/person', exampleSchema, 'person'],
  ['example/computer', exampleSchema, 'computer'],
  ['rich/author', richSchema, 'author'],
  ['rich/book', richSchema, 'book'],
];

describe('fuzz: parseQuery returns an AST or throws QueryError', () => {
  afterAll(() => {
    console.log(
      `slowest parse: ${slowest.milliseconds.toFixed(2)} ms on ${slowest.schema}: ${JSON.stringify(slowest.query.slice(0, 300))}`,
    );
  });

  it.each(targets)('for near-valid mutations of valid query strings (%s)', (name, schema, type) => {
    fc.assert(
      fc.property(arbitraryNearValidQueryString(schema, type, { maxDepth: 6, maxHops: 3 }), (query) => {
        parseTimed(query, schema, type, name);
      }),
      { numRuns: 1500 },
    );
  });

  it('reaches the cursor checks: forged cursors are refused as invalid_cursor', () => {
    const queries = fc.sample(arbitraryNearValidQueryString(exampleSchema, 'person'), { numRuns: 600, seed: 7 });
    const codes = queries.flatMap((query) => {
      const result = safeParseQuery(query, { schema: exampleSchema, type: 'person' });
      return result.success ? [] : result.error.errors.map((error) => error.code);
    });
    expect(codes).toContain('invalid_cursor');
  });

  it.each(targets)('for arbitrary strings (%s)', (name, schema, type) => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: fc.constantFrom(...'[]{}",:&=%+-_.0123456789abcdefilnoprstvxz'), maxLength: 300 }),
      fc.stringMatching(/^(filter|sort|page\[(size|number)\]|include|fields\[[a-z]+\])=[^&]{0,80}(&[a-z[\]_]{1,20}=[^&]{0,40}){0,4}$/),
    );
    fc.assert(
      fc.property(text, (query) => {
        parseTimed(query, schema, type, name);
      }),
      { numRuns: 1500 },
    );
  });
});
