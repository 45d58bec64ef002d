/**
 * Fuzz properties: for arbitrary strings and objects, `parseQuery` returns an AST
 * or throws a `QueryError`, never anything else. The slowest input of each run is
 * printed (bench:parse measures speed). The seed is the suite's fixed one; replay or
 * vary it with `JSONAPI_QUERY_SEED=<seed|random> npx vitest run test/parse/fuzz.test.ts`.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isQueryError, parseQuery, QueryError, type ParsedQueryObject } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';
import { shopSchema } from './test-schema.js';

/** Inputs per property: 2,000 in CI, more from `npm run test:fuzz` (`JSONAPI_QUERY_FUZZ_RUNS`). */
const numRuns = Number(process.env['JSONAPI_QUERY_FUZZ_RUNS'] ?? 2000);

const FRAGMENTS = [
  'filter',
  'filter[',
  'filter[name]',
  'filter[computers__serial]',
  'filter[computers__owner__name]',
  'sort',
  'page[size]',
  'page[number]',
  'include',
  'fields[person]',
  'fields[computer]',
  '[',
  ']',
  '=',
  '&',
  '%',
  '%5B',
  '%5D',
  '%22',
  '%2',
  '%00',
  '%C3',
  '+',
  ',',
  '.',
  '-',
  '__',
  '{',
  '}',
  ':',
  '"',
  '"op"',
  '"name"',
  '"val"',
  '"field"',
  '"and"',
  '"or"',
  '"not"',
  '"any"',
  '"has"',
  '"eq"',
  '"in_"',
  '"between"',
  '"like"',
  '"__proto__"',
  '__proto__',
  'constructor',
  'name',
  'birth_date',
  'gender',
  'computers',
  'owner',
  'serial',
  'null',
  'true',
  '0',
  '10',
  '-1',
  '1e3',
  '"2021-02-30"',
  '"1990-01-01"',
  '[]',
  '{}',
  '\\',
  '\u0000',
  'é',
  '😀',
];

const queryish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(''));
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  queryish,
  fc.tuple(queryish, fc.string({ unit: 'binary', maxLength: 20 }), queryish).map((parts) => parts.join('')),
);
const anyObject: fc.Arbitrary<ParsedQueryObject> = fc.dictionary(
  fc.oneof(fc.constantFrom('filter', 'sort', 'page', 'include', 'fields', '__proto__', 'filter[name]'), fc.string()),
  fc.oneof(
    fc.string(),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.dictionary(fc.string(), fc.string())), { maxKeys: 3 }),
  ),
  { maxKeys: 6 },
);

let slowest = { input: '' as unknown, milliseconds: 0 };

/** Parses; returns normally for an AST or a QueryError, throws anything else. */
function parseTimed(input: string | URLSearchParams | ParsedQueryObject, type: string, schema = exampleSchema as typeof exampleSchema | typeof shopSchema) {
  const start = performance.now();
  let outcome: unknown;
  try {
    outcome = parseQuery(input, { schema, type } as Parameters<typeof parseQuery>[1]);
  } catch (error) {
    outcome = error;
  }
  const milliseconds = performance.now() - start;
  if (milliseconds > slowest.milliseconds) slowest = { input, milliseconds };
  if (isQueryError(outcome)) {
    expect(outcome).toBeInstanceOf(QueryError);
    expect(outcome.errors.length).toBeGreaterThan(0);
    for (const error of outcome.errors) {
      expect(['400', '414']).toContain(error.status);
      expect(error.code).toMatch(/^[a-z_]+$/);
    }
    return;
  }
  // An AST: plain, frozen, JSON-serializable.
  expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
  expect(Object.isFrozen(outcome)).toBe(true);
}

describe('fuzz: parseQuery returns an AST or throws QueryError', () => {
  afterAll(() => {
    console.log(
      `fuzz seed ${String(fc.readConfigureGlobal().seed)}; slowest input ${slowest.milliseconds.toFixed(2)} ms: ${JSON.stringify(slowest.input).slice(0, 200)}`,
    );
  });

  it('arbitrary strings', () => {
    fc.assert(
      fc.property(anyString, fc.constantFrom('person', 'computer'), (input, type) => parseTimed(input, type)),
      { numRuns },
    );
  });

  it('arbitrary strings against a schema with integer ids, numbers, booleans and enums', () => {
    fc.assert(
      fc.property(anyString, (input) => parseTimed(input, 'order', shopSchema)),
      { numRuns },
    );
  });

  it('arbitrary strings as URLSearchParams', () => {
    fc.assert(
      fc.property(anyString, (input) => parseTimed(new URLSearchParams(input), 'person')),
      { numRuns: numRuns / 2 },
    );
  });

  it('arbitrary strings as a filter value', () => {
    fc.assert(
      fc.property(anyString, (input) => parseTimed(`filter=${encodeURIComponent(input)}`, 'person')),
      { numRuns },
    );
  });

  it('arbitrary JSON as a filter value', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), (json) => parseTimed(`filter=${encodeURIComponent(json)}`, 'person')),
      { numRuns },
    );
  });

  it('arbitrary parsed objects', () => {
    fc.assert(
      fc.property(anyObject, (input) => parseTimed(input, 'person')),
      { numRuns: numRuns / 2 },
    );
  });
});
