/**
 * The value rules' homes (src/rules/): each rule's check, error and JSON Schema form
 * agree, and the parser, the cursor codec, path ids and OpenAPI read the same rule.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleSchema } from '../../src/example/example-schema.js';
import { pathId } from '../../src/execute/path-id.js';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import { patternSchema, textSchema, wordsSchema } from '../../src/openapi/value-schemas.js';
import { canonicalIntegerText, exactInteger, withoutNegativeZero } from '../../src/rules/number-rules.js';
import { matchWordLimit, wildcardLimit } from '../../src/rules/pattern-rules.js';
import { isUnstorable, storableText } from '../../src/rules/string-rules.js';
import { requireType, resolveSchema } from '../../src/schema/resolved-schema.js';

/** How a JSON Schema 2020-12 validator reads a `pattern`: Unicode mode. */
const matches = (schema: { readonly pattern: string }, text: string): boolean => new RegExp(schema.pattern, 'u').test(text);

/** Strings rich in the characters the rules are about: NUL, surrogates (lone and paired), wildcards, escapes. */
const edgyString = fc
  .array(fc.constantFrom('a', 'Z', '0', ' ', '-', '\0', '\uD83D', '\uDE00', '\uD83D\uDE00', '%', '_', '\\', 'é', '😀', 'ß'), { maxLength: 12 })
  .map((parts) => parts.join(''));
const anyString = fc.oneof(edgyString, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

describe('storable text', () => {
  it('its check and its JSON Schema pattern accept exactly the same strings', () => {
    for (const text of ['', 'plain', '\0', 'a\0b', '\uD800', '\uDC00', '\uDC00\uD800', '\uD83D\uDE00', 'x\uD83D']) {
      expect(matches(storableText.schema, text), JSON.stringify(text)).toBe(storableText.check(text));
    }
    fc.assert(fc.property(anyString, (text) => matches(storableText.schema, text) === storableText.check(text)));
  });

  it('is what OpenAPI publishes for text values, and what a string path id obeys', () => {
    expect(textSchema(DEFAULT_LIMITS)['pattern']).toBe(storableText.schema.pattern);
    const person = requireType(resolveSchema(exampleSchema), 'person');
    fc.assert(fc.property(anyString, (text) => (pathId(person, text) === null) === isUnstorable(text)));
  });
});

describe('exact integers', () => {
  const ajv = new Ajv2020({ strict: true });
  const validate = ajv.compile(exactInteger.schema);

  it('its check and its JSON Schema form accept exactly the same numbers', () => {
    const edges = [0, -0, 1, -1, 1.5, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, -(2 ** 53), 1e300, Number.EPSILON];
    for (const value of edges) expect(validate(value), String(value)).toBe(exactInteger.check(value));
    fc.assert(fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ noNaN: true, noDefaultInfinity: true })), (value) =>
      validate(value) === exactInteger.check(value),
    ));
  });

  it('-0 is 0, and nothing else changes', () => {
    expect(Object.is(withoutNegativeZero(-0), 0)).toBe(true);
    fc.assert(fc.property(fc.oneof(fc.double(), fc.string(), fc.constant(null)), (value) =>
      Object.is(value, -0) ? Object.is(withoutNegativeZero(value), 0) : Object.is(withoutNegativeZero(value), value),
    ));
  });
});

describe('canonical integer ids', () => {
  it('the check accepts what the pattern accepts within the exact integers, and nothing else', () => {
    const edges = ['0', '7', '07', '+7', '-7', '7.0', '1e3', '', ' 7', '9007199254740991', '9007199254740992'];
    const text = fc.oneof(fc.constantFrom(...edges), fc.stringMatching(/^[-+0-9.e]{0,20}$/));
    fc.assert(fc.property(text, (id) =>
      canonicalIntegerText.check(id) === (matches(canonicalIntegerText.schema, id) && Number.isSafeInteger(Number(id))),
    ));
    expect(canonicalIntegerText.check('9007199254740992')).toBe(false);
  });
});

describe('wildcards and words', () => {
  const patterns = fc.array(fc.constantFrom('a', '%', '_', '\\', '😀', '\uD83D'), { maxLength: 10 }).map((parts) => parts.join(''));

  it('the wildcard pattern accepts a text exactly when its wildcards are within the limit', () => {
    fc.assert(fc.property(patterns, fc.nat(4), (pattern, max) => matches(wildcardLimit.schema(max), pattern) === wildcardLimit.count(pattern) <= max));
    expect(patternSchema(DEFAULT_LIMITS)).toHaveProperty('allOf');
    expect((patternSchema(DEFAULT_LIMITS) as { allOf: unknown }).allOf).toEqual([wildcardLimit.schema(DEFAULT_LIMITS.maxWildcards)]);
  });

  it('the words pattern accepts a text exactly when it has one to the limit of words', () => {
    const texts = fc.array(fc.constantFrom('a', 'B', '1', ' ', '-', 'ß', '😀', 'é'), { maxLength: 10 }).map((parts) => parts.join(''));
    fc.assert(fc.property(texts, fc.integer({ min: 1, max: 4 }), (text, max) => {
      const count = matchWordLimit.count(text);
      return matches(matchWordLimit.schema(max) as { pattern: string }, text) === (count >= 1 && count <= max);
    }));
    expect(matchWordLimit.schema(0)).toBeUndefined();
    expect((wordsSchema(DEFAULT_LIMITS) as { allOf: unknown }).allOf).toEqual([matchWordLimit.schema(DEFAULT_LIMITS.maxMatchWords)]);
  });
});
