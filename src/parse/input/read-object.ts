import qs from 'qs';
import { QueryError } from '../../errors/query-error.js';
import type { QueryLimits } from '../../limits.js';
import { readQueryString } from './read-query-string.js';
import type { ParameterGrouper } from './group-parameters.js';

/** The object a framework parsed the query string into: flat bracket keys, nested objects, or both. */
export interface ParsedQueryObject {
  readonly [name: string]: unknown;
}

/** Objects deeper than `family[member][x]` are never a valid query; stop there. */
const MAX_BRACKETS = 2;

/**
 * Reads the object a framework already parsed (`{ 'filter[name]': 'x' }` or
 * `{ filter: { name: 'x' }, page: { size: '10' } }`; an array means a repeated
 * parameter). qs earns its place here: `qs.stringify` turns whatever nesting the
 * framework produced back into canonical bracket names, which then go through the
 * same reader as a raw query string, so both inputs give the same answers and the
 * same `source.parameter`. Its configuration is explicit: repeated keys for arrays,
 * no dots, every own key kept (`__proto__` included, so it is rejected, never
 * followed), and a `filter` hook that stops nesting past `family[member][x]` and
 * arrays inside arrays, so a hostile object cannot make it recurse deeply. Its
 * encoder keeps lone surrogates as they are, so the value rules reject them as they
 * do in a query string (qs alone would quietly turn them into U+FFFD).
 */
export function readObject(input: ParsedQueryObject, limits: QueryLimits): ParameterGrouper {
  const text = qs.stringify(input, {
    arrayFormat: 'repeat',
    allowDots: false,
    encode: true,
    encodeValuesOnly: false,
    format: 'RFC3986',
    skipNulls: false,
    // Stryker disable next-line BooleanLiteral: a null written as a bare name reads as an empty value, as "name=" does
    strictNullHandling: false,
    allowEmptyArrays: false,
    filter: guardNesting,
    encoder: keepLoneSurrogates,
  });
  return readQueryString(text, limits);
}

/** A lone surrogate (with the `u` flag, a pair never matches). */
const LONE_SURROGATE = /([\uD800-\uDFFF])/u;

/** qs's own encoding of every part of the text but its lone surrogates, which stay raw. */
function keepLoneSurrogates(text: unknown, encode: qs.defaultEncoder, charset: string): string {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the text of a number or boolean has no lone surrogate; split, a string without one is one part, encoded whole
  if (typeof text !== 'string' || !LONE_SURROGATE.test(text)) return encode(text, encode, charset);
  return text
    .split(LONE_SURROGATE)
    .map((part, index) => (index % 2 === 1 ? part : encode(part, encode, charset)))
    .join('');
}

function guardNesting(prefix: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if (value.some((item) => typeof item === 'object' && item !== null && !(item instanceof Date))) {
      throw nested(prefix);
    }
    return value;
  }
  if (countBrackets(prefix) >= MAX_BRACKETS) throw nested(prefix);
  return value;
}

function countBrackets(prefix: string): number {
  let count = 0;
  for (let index = prefix.indexOf('['); index !== -1; index = prefix.indexOf('[', index + 1)) count++;
  return count;
}

function nested(prefix: string): QueryError {
  return QueryError.of({
    code: 'invalid_parameter',
    detail: `The query parameter "${prefix}" holds a nested object or array where a plain value belongs`,
    parameter: prefix,
  });
}
