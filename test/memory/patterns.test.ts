import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lowerCasePattern, tokenizePattern } from '../../src/ast/like-pattern.js';
import { matchWords, words } from '../../src/ast/match-words.js';
import { compareCodePoints } from '../../src/layers/memory/index.js';
import { compileLikeMatcher } from '../../src/layers/memory/like-matcher.js';
import { compileMatch } from '../../src/layers/memory/match-words.js';

/** The memory layer's `like` (or, case-insensitive, `ilike`) test of a pattern. */
function compileLikePattern(pattern: string, caseInsensitive: boolean): (value: string) => boolean {
  const tokens = tokenizePattern(pattern);
  if (!caseInsensitive) return compileLikeMatcher(tokens);
  const test = compileLikeMatcher(lowerCasePattern(tokens));
  return (value) => test(value.toLowerCase());
}

describe('compileLikePattern', () => {
  it.each([
    // [pattern, value, like, ilike]
    ['abc', 'abc', true, true],
    ['abc', 'ABC', false, true],
    ['abc', 'abcd', false, false],
    ['a%', 'abc', true, true],
    ['%c', 'abc', true, true],
    ['%b%', 'abc', true, true],
    ['%B%', 'abc', false, true],
    ['a_c', 'abc', true, true],
    ['a_c', 'ac', false, false],
    ['a_c', 'a😀c', true, true],
    ['a__c', 'a😀c', false, false],
    ['%', '', true, true],
    ['', '', true, true],
    ['', 'a', false, false],
    ['_', '', false, false],
    ['%%', 'x', true, true],
    ['a%b%c', 'aXbYc', true, true],
    ['a%b%c', 'aXcYb', false, false],
    ['%a%b', 'ab', true, true],
    ['a%a', 'a', false, false],
    ['a%a', 'aa', true, true],
    ['%_%', '', false, false],
    ['%_%', 'x', true, true],
    ['_%_', 'x', false, false],
    ['_%_', 'xy', true, true],
    ['100\\%', '100%', true, true],
    ['100\\%', '1000', false, false],
    ['SN\\_1', 'SN_1', true, true],
    ['SN\\_1', 'SNx1', false, false],
    ['a\\\\b', 'a\\b', true, true],
    ['a\\b', 'ab', true, true],
    ['ends\\', 'ends\\', true, true],
    ['%\\%%', 'x%y', true, true],
    ['%\\%%', 'xy', false, false],
    ['zoë', 'ZOË', false, true],
    ['%ærø%', 'Ærø-7', false, true],
    ['i̇stanbul', 'İstanbul', false, true],
    ['straße', 'STRASSE', false, false],
    ['%b_', 'abc', true, true],
    ['%b_', 'ab😀', true, true],
    ['%b_', 'ab😀😀', false, false],
  ])('%j against %j: like %s, ilike %s', (pattern, value, like, ilike) => {
    expect(compileLikePattern(pattern, false)(value)).toBe(like);
    expect(compileLikePattern(pattern, true)(value)).toBe(ilike);
  });

  it('finishes pathological patterns on long values quickly', () => {
    const pattern = `${'%a'.repeat(10)}%b`;
    const value = 'a'.repeat(100_000);
    expect(compileLikePattern(pattern, false)(value)).toBe(false);
    expect(compileLikePattern(`${'%_a'.repeat(10)}%b`, true)(value)).toBe(false);
    expect(compileLikePattern(`${'%a'.repeat(10)}%`, false)(value)).toBe(true);
    expect(compileLikePattern(`${'_'.repeat(5)}%${'a_'.repeat(5)}b`, false)(value)).toBe(false);
    // A backtracking matcher would not finish within the test timeout; its speed belongs in bench:memory.
  });

  it('agrees with a reference backtracking matcher on random patterns (property)', () => {
    const alphabet = fc.constantFrom('a', 'b', '%', '_', '\\', '😀', 'A');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 8 }), fc.array(fc.constantFrom('a', 'b', '%', '_', '\\', '😀', 'A'), { maxLength: 10 }), (patternChars, valueChars) => {
        const pattern = patternChars.join('');
        const value = valueChars.join('');
        expect(compileLikePattern(pattern, false)(value)).toBe(reference(pattern, value));
        expect(compileLikePattern(pattern, true)(value)).toBe(reference(pattern.toLowerCase(), value.toLowerCase()));
      }),
      { numRuns: 2000 },
    );
  });
});

/** An exponential but obviously correct matcher over code points. */
function reference(pattern: string, value: string): boolean {
  const tokens: ({ kind: 'lit'; char: string } | { kind: 'one' } | { kind: 'any' })[] = [];
  const chars = Array.from(pattern);
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string;
    if (char === '\\' && index + 1 < chars.length) tokens.push({ kind: 'lit', char: chars[++index] as string });
    else if (char === '%') tokens.push({ kind: 'any' });
    else if (char === '_') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'lit', char });
  }
  const text = Array.from(value);
  const go = (t: number, v: number): boolean => {
    if (t === tokens.length) return v === text.length;
    const token = tokens[t];
    if (token?.kind === 'any') {
      for (let end = v; end <= text.length; end++) if (go(t + 1, end)) return true;
      return false;
    }
    if (v >= text.length) return false;
    if (token?.kind === 'one') return go(t + 1, v + 1);
    return text[v] === token?.char && go(t + 1, v + 1);
  };
  return go(0, 0);
}

describe('match', () => {
  it.each([
    ['dog', 'Loves dogs, and cats!', false],
    ['dogs CATS', 'Loves dogs, and cats!', true],
    ['john', 'John Doe', true],
    ['doe john', 'John Doe', true],
    ['jo', 'John Doe', false],
    ['zoë', 'ZOË-6', true],
    ['6', 'ZOË-6', true],
    ['jean-luc', 'Jean Luc Picard', true],
    ['straße', 'Anna Straße', true],
    ['x', '', false],
  ])('%j in %j: %s', (value, field, expected) => {
    expect(compileMatch(matchWords(value))(field)).toBe(expected);
  });

  it('tokenizes on non-letters and non-digits, lower-casing each word', () => {
    expect(words('Jean-Luc PICARD, 2364; Zoë_Ærø 😀x')).toEqual(['jean', 'luc', 'picard', '2364', 'zoë', 'ærø', 'x']);
  });
});

describe('compareCodePoints', () => {
  const byCodePoints = (a: string, b: string): number => {
    const x = Array.from(a, (c) => c.codePointAt(0) as number);
    const y = Array.from(b, (c) => c.codePointAt(0) as number);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] as number) < (y[i] as number) ? -1 : 1;
    return Math.sign(x.length - y.length);
  };

  it.each([
    ['😀', '\uFFFD', 1],
    ['\uE000', '😀', -1],
    ['a', 'B', 1],
    ['Z', 'a', -1],
    ['ab', 'abc', -1],
    ['', '', 0],
    ['é', 'z', 1],
  ])('%j vs %j → %d', (a, b, expected) => {
    expect(compareCodePoints(a, b)).toBe(expected);
  });

  it('is code-point order for any strings (property)', () => {
    const char = fc.oneof(
      fc.constantFrom('a', 'Z', '\uE000', '\uFFFF', '\uD7FF', '😀', '𝄞', 'é'),
      fc.string({ unit: 'grapheme', maxLength: 1 }),
    );
    const text = fc.array(char, { maxLength: 6 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(compareCodePoints(a, b)).toBe(byCodePoints(a, b));
      }),
      { numRuns: 3000 },
    );
  });
});
