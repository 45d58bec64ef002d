/**
 * `filterJsonSchema` against the parser: for valid filters from the exported
 * arbitraries and near-valid edits of them, the schema accepts exactly what the parser
 * accepts, except for the checks docs/openapi.md lists as beyond JSON Schema, each of
 * which is tested as such below. The properties use the run's seed (test/helpers/seed-setup.ts),
 * printed at the start of the run; replay one with `JSONAPI_QUERY_SEED=<seed>`.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import type { LimitOptions } from '../../src/limits.js';
import { filterJsonSchema, type FilterSchemaOptions } from '../../src/openapi/index.js';
import { safeParseQuery } from '../../src/parse/safe-parse-query.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { filterJson } from '../../src/stringify/filter-json.js';
import { arbitraryFilter, arbitraryNearValidQueryString, arbitrarySchema } from '../../src/testing/index.js';
import { nearValidFilter, type Json } from './near-valid-filter.js';

/** The query budget besides the filter's own limits never gets in the way here. */
const LIMITS: LimitOptions = { maxQueryLength: 1_000_000, maxParameters: 1_000 };

/** The parser's codes for what JSON Schema cannot say about a filter value (docs/openapi.md). */
const BEYOND_JSON_SCHEMA = new Set(['filter_too_long', 'filter_too_many_nodes']);

function compile(schema: ResourceSchema, type: string, options: FilterSchemaOptions = { limits: LIMITS }): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, inlineRefs: false });
  formats.default(ajv);
  return ajv.compile(filterJsonSchema(schema, type, options));
}

interface Verdict {
  readonly parser: { readonly ok: true } | { readonly ok: false; readonly codes: readonly string[]; readonly details: readonly string[] };
  readonly schema: boolean;
}

function judge(schema: ResourceSchema, type: string, validate: ValidateFunction, text: string, limits = LIMITS): Verdict | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // not JSON: invalid_filter_json, before any schema applies
  }
  const result = safeParseQuery(`filter=${encodeURIComponent(text)}`, { schema, type, limits });
  return {
    parser: result.success
      ? { ok: true }
      : {
          ok: false,
          codes: result.error.errors.map((error) => error.code),
          details: result.error.errors.map((error) => error.detail),
        },
    schema: validate(value) === true,
  };
}

/** Checks one verdict and counts it; the property fails on the first disagreement. */
function agree(verdict: Verdict | undefined, text: string, tally: Record<string, number>): void {
  if (verdict === undefined) {
    tally['not JSON'] = (tally['not JSON'] ?? 0) + 1;
    return;
  }
  const { parser, schema } = verdict;
  const key = `${parser.ok ? 'parser accepts' : 'parser rejects'}, schema ${schema ? 'accepts' : 'rejects'}`;
  tally[key] = (tally[key] ?? 0) + 1;
  if (parser.ok) {
    expect(schema, `schema rejects a filter the parser accepts: ${text}`).toBe(true);
  } else if (schema) {
    const beyond = parser.codes.every(
      (code, index) =>
        BEYOND_JSON_SCHEMA.has(code) || (code === 'invalid_filter_entry' && /more than once/.test(parser.details[index] ?? '')),
    );
    expect(beyond, `schema accepts a filter the parser rejects with ${parser.codes.join(', ')}: ${text}`).toBe(true);
  }
}

describe('filterJsonSchema', () => {
  it('accepts every filter from arbitraryFilter (example schema)', () => {
    for (const type of ['person', 'computer']) {
      const validate = compile(exampleSchema, type);
      const tally: Record<string, number> = {};
      fc.assert(
        fc.property(arbitraryFilter(exampleSchema, type, { maxDepth: 6 }), (filter) => {
          const text = filterJson(filter);
          agree(judge(exampleSchema, type, validate, text), text, tally);
        }),
        { numRuns: 300 },
      );
      expect(tally['parser accepts, schema accepts']).toBe(300);
    }
  });

  it('agrees with the parser on valid and near-valid filters of random schemas', () => {
    const tally: Record<string, number> = {};
    fc.assert(
      fc.property(
        arbitrarySchema().chain((schema) =>
          fc.constantFrom(...Object.keys(schema.types)).chain((type) =>
            fc.record({
              schema: fc.constant(schema),
              type: fc.constant(type),
              filters: fc.array(fc.oneof(arbitraryFilter(schema, type).map((node) => JSON.parse(filterJson(node)) as Json), nearValidFilter(schema, type)), {
                minLength: 5,
                maxLength: 15,
              }),
            }),
          ),
        ),
        ({ schema, type, filters }) => {
          const validate = compile(schema, type);
          for (const filter of filters) {
            const text = JSON.stringify(filter);
            agree(judge(schema, type, validate, text), text, tally);
          }
        },
      ),
      { numRuns: 40 },
    );
    console.log('random schemas:', tally);
    expect(tally['parser accepts, schema accepts'] ?? 0).toBeGreaterThan(100);
    expect(tally['parser rejects, schema rejects'] ?? 0).toBeGreaterThan(100);
  });

  it('agrees with the parser on near-valid filters of the example schema', () => {
    for (const type of ['person', 'computer']) {
      const validate = compile(exampleSchema, type);
      const tally: Record<string, number> = {};
      fc.assert(
        fc.property(nearValidFilter(exampleSchema, type), (filter) => {
          const text = JSON.stringify(filter);
          agree(judge(exampleSchema, type, validate, text), text, tally);
        }),
        { numRuns: 1500 },
      );
      console.log(`near-valid ${type}:`, tally);
      expect(tally['parser accepts, schema accepts'] ?? 0).toBeGreaterThan(100);
      expect(tally['parser rejects, schema rejects'] ?? 0).toBeGreaterThan(500);
    }
  });

  it('agrees with the parser on the filter of near-valid query strings', () => {
    const validate = compile(exampleSchema, 'person');
    const tally: Record<string, number> = {};
    fc.assert(
      fc.property(arbitraryNearValidQueryString(exampleSchema, 'person'), (query) => {
        const filters = query.split('&').filter((parameter) => /^filter(=|$)/.test(parameter));
        if (filters.length !== 1) return;
        let text: string;
        try {
          text = decodeURIComponent((filters[0] as string).slice('filter='.length).replaceAll('+', ' '));
        } catch {
          return;
        }
        agree(judge(exampleSchema, 'person', validate, text), text, tally);
      }),
      { numRuns: 1500 },
    );
    console.log('near-valid query strings:', tally);
    expect(tally['parser rejects, schema rejects'] ?? 0).toBeGreaterThan(50);
  });
});

describe('filterJsonSchema: what it expresses and what it leaves to the parser', () => {
  const person = compile(exampleSchema, 'person', {});
  const parse = (text: string, limits?: LimitOptions) =>
    safeParseQuery(`filter=${encodeURIComponent(text)}`, { schema: exampleSchema, type: 'person', ...(limits === undefined ? {} : { limits }) });
  const codeOf = (text: string, limits?: LimitOptions) => {
    const result = parse(text, limits);
    return result.success ? 'ok' : result.error.errors[0].code;
  };
  const comparison = (index: number) => ({ name: 'name', op: 'eq', val: `n${index}` });

  it.each([
    ['field-to-field comparisons of different kinds', [{ name: 'name', op: 'lt', field: 'birth_date' }], 'incomparable_fields'],
    ['an operator outside the field kind', [{ name: 'birth_date', op: 'like', val: '19%' }], 'operator_not_allowed'],
    ['a shortcut past the hop limit', [{ name: 'computers__owner__computers__owner__name', op: 'eq', val: 'A' }], 'path_too_long'],
    ['a shortcut into an unknown relationship', [{ name: 'laptops__serial', op: 'eq', val: 'A' }], 'unknown_relationship'],
    ['too many wildcards', [{ name: 'name', op: 'like', val: '%%%%%%%%%%%' }], 'too_many_wildcards'],
    ['an escaped wildcard is no wildcard', [{ name: 'name', op: 'like', val: '%%%%%%%%%%\\%' }], 'ok'],
    ['too many words', [{ name: 'name', op: 'match', val: Array.from({ length: 17 }, (_, i) => `w${i}`).join(' ') }], 'too_many_words'],
    ['a match value without a word', [{ name: 'name', op: 'match', val: '...' }], 'invalid_value'],
    ['a string past the length limit', [{ name: 'name', op: 'eq', val: 'x'.repeat(257) }], 'value_too_long'],
    ['256 characters outside the BMP', [{ name: 'name', op: 'eq', val: '😀'.repeat(256) }], 'ok'],
    ['a NUL character', [{ name: 'name', op: 'eq', val: 'a\u0000' }], 'invalid_value'],
    ['an impossible date', [{ name: 'birth_date', op: 'ge', val: '2021-02-30' }], 'invalid_value'],
    ['a list past the item limit', [{ name: 'name', op: 'in_', val: Array.from({ length: 101 }, (_, i) => `n${i}`) }], 'list_too_long'],
    ['nesting past the depth limit', [JSON.parse(`${'{"not":'.repeat(11)}{"name":"name","op":"eq","val":"A"}${'}'.repeat(11)}`)], 'filter_too_deep'],
    ['nesting at the depth limit', [JSON.parse(`${'{"not":'.repeat(10)}{"name":"name","op":"eq","val":"A"}${'}'.repeat(10)}`)], 'ok'],
    ['a shortcut counting towards the depth', [JSON.parse(`${'{"not":'.repeat(9)}{"name":"computers__owner__name","op":"eq","val":"A"}${'}'.repeat(9)}`)], 'filter_too_deep'],
  ])('%s: the schema and the parser agree', (_title, filter, code) => {
    const text = JSON.stringify(filter);
    expect(codeOf(text)).toBe(code);
    expect(person(filter)).toBe(code === 'ok');
  });

  it('follows the data layer operators', () => {
    const validate = compile(exampleSchema, 'person', { operators: new Set(['eq', 'any']) });
    expect(validate([{ name: 'computers', op: 'any', val: { name: 'serial', op: 'eq', val: 'A' } }])).toBe(true);
    expect(validate([{ name: 'name', op: 'ne', val: 'A' }])).toBe(false);
    expect(validate([{ name: 'computers__owner__name', op: 'eq', val: 'A' }])).toBe(false); // "has" unsupported
  });

  // The checks below are beyond JSON Schema: the schema accepts, the parser rejects.
  it('leaves the length of the filter text to the parser', () => {
    const filter = [{ or: Array.from({ length: 20 }, (_, index) => ({ name: 'name', op: 'eq', val: `${index}`.padEnd(250, 'x') })) }];
    expect(person(filter)).toBe(true);
    expect(codeOf(JSON.stringify(filter))).toBe('filter_too_long');
  });

  it('leaves the node count of the whole tree to the parser (it bounds each list by it)', () => {
    const filter = [{ and: Array.from({ length: 50 }, (_, i) => comparison(i)) }, { and: Array.from({ length: 50 }, (_, i) => comparison(i)) }];
    expect(person(filter)).toBe(true);
    expect(codeOf(JSON.stringify(filter), { maxFilterLength: 100_000 })).toBe('filter_too_many_nodes');
    expect(person(Array.from({ length: 101 }, (_, i) => comparison(i)))).toBe(false);
  });

  it('leaves keys repeated in one object to the parser (JSON.parse keeps the last)', () => {
    const text = '[{"name":"name","op":"eq","val":"a","val":"b"}]';
    expect(person(JSON.parse(text))).toBe(true);
    const result = parse(text);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.errors[0].detail).toMatch(/more than once/);
  });

  it('leaves the depth to the parser when the limit is too deep to unroll', () => {
    const limits = { maxFilterDepth: 40 };
    const validate = compile(exampleSchema, 'person', { limits });
    const text = `[${'{"not":'.repeat(41)}{"name":"name","op":"eq","val":"A"}${'}'.repeat(41)}]`;
    expect(validate(JSON.parse(text))).toBe(true);
    expect(codeOf(text, limits)).toBe('filter_too_deep');
    expect(validate([{ not: { name: 'name', op: 'like', val: 5 } }])).toBe(false);
  });
});
