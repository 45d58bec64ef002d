/**
 * The limits on `like`-family patterns and `match` values, each with its count (what
 * the parser compares with the limit) and its JSON Schema form (what OpenAPI
 * publishes): at most `maxWildcards` unescaped `%`/`_`, one to `maxMatchWords` words.
 */
import { wildcardCount } from '../ast/like-pattern.js';
import { WORD_CHARACTER, words } from '../ast/match-words.js';

/** A run of pattern text without wildcards: any character but `%`, `_` and `\`, or a backslash escape. */
const PLAIN = String.raw`(?:[^%_\\]|\\[\s\S]|\\$)*`;

/** Wildcards in a `like`-family pattern (a backslash escapes the next character). */
export const wildcardLimit = Object.freeze({
  count: wildcardCount,
  schema: (maxWildcards: number) => ({ pattern: `^${PLAIN}(?:[%_]${PLAIN}){0,${String(maxWildcards)}}$` }),
});

/** Words (runs of Unicode letters and digits) in a `match` value: at least one, at most the limit. */
export const matchWordLimit = Object.freeze({
  count: (value: string): number => words(value).length,
  /** `undefined` when the limit allows no word at all. */
  schema: (maxMatchWords: number): { readonly pattern: string } | undefined => {
    if (maxMatchWords < 1) return undefined;
    const gap = `[^${WORD_CHARACTER.slice(1, -1)}]`;
    return { pattern: `^${gap}*(?:${WORD_CHARACTER}+(?:${gap}+|$)){1,${String(maxMatchWords)}}$` };
  },
});
