/**
 * JSON Schemas of filter values: one value of an attribute (its schema fragment,
 * non-null, within the string and integer limits the parser enforces), and the
 * values of each operator family (lists, pairs, patterns, words).
 */
import type { QueryLimits } from '../limits.js';
import { exactInteger } from '../rules/number-rules.js';
import { matchWordLimit, wildcardLimit } from '../rules/pattern-rules.js';
import { storableText } from '../rules/string-rules.js';
import type { ResolvedAttribute } from '../schema/resolved-schema.js';
import type { JsonSchema } from './json-schema.js';

/** No NUL and no lone UTF-16 surrogate (the storable text rule). Like every pattern here it needs Unicode mode. */
const STORABLE_TEXT = storableText.schema.pattern;

/** The JSON type of an attribute's values (without `null`). */
export function jsonTypeOf(attribute: ResolvedAttribute): 'string' | 'number' | 'integer' | 'boolean' {
  if (attribute.kind === 'number') return attribute.integer ? 'integer' : 'number';
  return attribute.kind === 'boolean' ? 'boolean' : 'string';
}

/**
 * One non-null value of an attribute as the parser accepts it: the attribute's own
 * JSON Schema keywords, a string at most `maxStringLength` characters and storable,
 * an integer within ±(2^53 − 1).
 */
export function scalarSchema(attribute: ResolvedAttribute, limits: QueryLimits): JsonSchema {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- flags and prose are not value constraints
  const { type: _type, filterable: _f, sortable: _s, description: _d, ...keywords } = attribute.definition;
  const type = jsonTypeOf(attribute);
  const schema: Record<string, unknown> = { type, ...keywords };
  if (type === 'string') {
    schema['maxLength'] = Math.min(keywords.maxLength ?? Infinity, limits.maxStringLength);
    if (keywords.pattern === undefined) schema['pattern'] = STORABLE_TEXT;
    else schema['allOf'] = [{ pattern: STORABLE_TEXT }];
  }
  if (type === 'integer') {
    const { minimum, maximum } = exactInteger.schema;
    schema['minimum'] = Math.max(keywords.minimum ?? minimum, minimum);
    schema['maximum'] = Math.min(keywords.maximum ?? maximum, maximum);
  }
  return schema;
}

/** The value of `startswith`/`endswith`: a non-empty, storable string within the length limit. */
export function textSchema(limits: QueryLimits): Record<string, unknown> {
  return { type: 'string', minLength: 1, maxLength: limits.maxStringLength, pattern: STORABLE_TEXT };
}

/**
 * The value of a `like`-family operator: a text with at most `maxWildcards`
 * unescaped `%` or `_` (a backslash escapes the next character).
 */
export function patternSchema(limits: QueryLimits): JsonSchema {
  return { ...textSchema(limits), allOf: [wildcardLimit.schema(limits.maxWildcards)] };
}

/**
 * The value of `match`: a text of one to `maxMatchWords` words (runs of Unicode
 * letters and digits); `undefined` when the limit allows no word at all.
 */
export function wordsSchema(limits: QueryLimits): JsonSchema | undefined {
  const words = matchWordLimit.schema(limits.maxMatchWords);
  return words === undefined ? undefined : { ...textSchema(limits), allOf: [words] };
}
