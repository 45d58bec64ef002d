/**
 * The exact shapes of the pattern helpers every data layer reads (`tokenizePattern`,
 * `lowerCasePattern`, `wildcardCount`): literal runs merged, never an empty text
 * token, escapes (an escaped character outside the BMP included) taken whole, and
 * frozen tokens.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerCasePattern, tokenizePattern, type PatternToken } from '../../src/index.js';
import { wildcardCount } from '../../src/ast/like-pattern.js';
import { jsonFilter, parse } from '../parse/test-schema.js';

const ANY = { kind: 'any' };
const ONE = { kind: 'one' };
const text = (value: string) => ({ kind: 'text', text: value });

/** The tokenizer as first written, one character at a time: what `tokenizePattern` must still answer. */
function tokenizeByCharacter(pattern: string): readonly PatternToken[] {
  const tokens: PatternToken[] = [];
  let run = '';
  const flush = (): void => {
    if (run !== '') tokens.push({ kind: 'text', text: run });
    run = '';
  };
  for (let index = 0; index < pattern.length; index++) {
    const code = pattern.charCodeAt(index);
    if (code === 92 && index + 1 < pattern.length) {
      const next = pattern.codePointAt(index + 1) as number;
      run += String.fromCodePoint(next);
      index += next > 0xffff ? 2 : 1;
    } else if (code === 37) {
      flush();
      tokens.push({ kind: 'any' });
    } else if (code === 95) {
      flush();
      tokens.push({ kind: 'one' });
    } else {
      run += pattern[index];
    }
  }
  flush();
  return tokens;
}

/** Patterns rich in wildcards, escapes, astral characters and lone surrogates. */
const patterns = fc
  .array(
    fc.oneof(
      fc.constantFrom('%', '_', '\\', 'a', 'É', '😀', '\ud800', '\udc00', '\uffff'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    { maxLength: 16 },
  )
  .map((parts) => parts.join(''));

describe('tokenizePattern', () => {
  it.each<[string, readonly object[]]>([
    ['', []],
    ['abc', [text('abc')]],
    ['%', [ANY]],
    ['%%', [ANY, ANY]],
    ['_%_', [ONE, ANY, ONE]],
    ['a%b_c', [text('a'), ANY, text('b'), ONE, text('c')]],
    ['%a%', [ANY, text('a'), ANY]],
    ['50\\%_%', [text('50%'), ONE, ANY]],
    ['\\_\\%\\\\', [text('_%\\')]],
    ['\\a\\b', [text('ab')]],
    ['a\\', [text('a\\')]],
    ['\\', [text('\\')]],
    ['%\\', [ANY, text('\\')]],
    ['\\😀', [text('😀')]],
    ['\\😀a', [text('😀a')]],
    ['\\😀%', [text('😀'), ANY]],
    ['😀_😀', [text('😀'), ONE, text('😀')]],
    ['\\\\%', [text('\\'), ANY]],
    ['\\\uFFFFa', [text('\uFFFFa')]],
    ['\\\u{10000}a', [text('\u{10000}a')]],
  ])('%j', (pattern, expected) => {
    expect(tokenizePattern(pattern)).toEqual(expected);
  });

  it('never emits an empty text token, and freezes the list and every token', () => {
    for (const pattern of ['%%__%', '_', '\\%%\\_', '']) {
      const tokens = tokenizePattern(pattern);
      expect(tokens.every((token) => token.kind !== 'text' || token.text !== '')).toBe(true);
      expect(Object.isFrozen(tokens)).toBe(true);
      expect(tokens.every((token) => Object.isFrozen(token))).toBe(true);
    }
  });

  it('answers as the character-by-character tokenizer on generated patterns', () => {
    fc.assert(
      fc.property(patterns, (pattern) => {
        expect(tokenizePattern(pattern)).toEqual(tokenizeByCharacter(pattern));
      }),
      { numRuns: 2000 },
    );
  });

  it('a parsed like node carries the pattern as sent; an escaped astral character counts as no wildcard', () => {
    const pattern = '\\😀%_';
    expect(parse(jsonFilter([{ name: 'name', op: 'like', val: pattern }])).filter).toMatchObject({ op: 'like', value: pattern });
    expect(wildcardCount(pattern)).toBe(2);
  });
});

describe('lowerCasePattern', () => {
  it('lower-cases the literal runs only, keeping kinds and wildcards', () => {
    const tokens = tokenizePattern('AB%C_\\%D');
    expect(lowerCasePattern(tokens)).toEqual([text('ab'), ANY, text('c'), ONE, text('%d')]);
    expect(lowerCasePattern(tokenizePattern('İS%'))).toEqual([text('i̇s'), ANY]);
  });

  it('returns the wildcard tokens themselves and freezes new text tokens', () => {
    const tokens = tokenizePattern('%A_');
    const lowered = lowerCasePattern(tokens);
    expect(lowered[0]).toBe(tokens[0]);
    expect(lowered[2]).toBe(tokens[2]);
    expect(Object.isFrozen(lowered)).toBe(true);
    expect(Object.isFrozen(lowered[1])).toBe(true);
    expect((lowered[1] as Extract<PatternToken, { kind: 'text' }>).kind).toBe('text');
  });
});

describe('wildcardCount', () => {
  it.each([
    ['', 0],
    ['abc', 0],
    ['%', 1],
    ['a%b_c%', 3],
    ['\\%\\_', 0],
    ['%_%_%_%_%_', 10],
  ])('%j has %i', (pattern, count) => {
    expect(wildcardCount(pattern)).toBe(count);
  });

  it('counts the wildcard tokens tokenizePattern gives, on generated patterns', () => {
    fc.assert(
      fc.property(patterns, (pattern) => {
        expect(wildcardCount(pattern)).toBe(tokenizePattern(pattern).filter((token) => token.kind !== 'text').length);
      }),
      { numRuns: 2000 },
    );
  });
});
