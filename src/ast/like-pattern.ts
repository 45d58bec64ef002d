/**
 * The `like`-family pattern grammar, tokenized once: `%` matches any run of
 * characters, `_` exactly one character (code point), and a backslash makes the
 * next character literal (a trailing lone backslash is itself literal). Compare
 * nodes of `like`, `ilike`, `notlike` and `notilike` carry these tokens next to
 * the pattern as sent, so data layers never parse the pattern again.
 */

/** One piece of a pattern: any run (`%`), one character (`_`), or a literal run. */
export type PatternToken =
  | { readonly kind: 'any' }
  | { readonly kind: 'one' }
  | { readonly kind: 'text'; readonly text: string };

const ANY: PatternToken = Object.freeze({ kind: 'any' });
const ONE: PatternToken = Object.freeze({ kind: 'one' });

/**
 * Splits a pattern into frozen tokens; consecutive literal characters form one
 * `text` token, and an escaped surrogate pair stays whole.
 *
 * @example
 * tokenizePattern('50\\%_%');
 * // [{ kind: 'text', text: '50%' }, { kind: 'one' }, { kind: 'any' }]
 */
export function tokenizePattern(pattern: string): readonly PatternToken[] {
  const tokens: PatternToken[] = [];
  // The literal run is `text` (what came before the last escape) plus `pattern[start, index)`.
  let text = '';
  let start = 0;
  for (let index = 0; index < pattern.length; index++) {
    const code = pattern.charCodeAt(index);
    if (code === 92 /* \ */ && index + 1 < pattern.length) {
      const next = pattern.codePointAt(index + 1) as number;
      text += pattern.slice(start, index) + String.fromCodePoint(next);
      index += next > 0xffff ? 2 : 1;
      start = index + 1;
    } else if (code === 37 /* % */ || code === 95 /* _ */) {
      text += pattern.slice(start, index);
      if (text !== '') tokens.push(Object.freeze({ kind: 'text', text }));
      tokens.push(code === 37 ? ANY : ONE);
      text = '';
      start = index + 1;
    }
  }
  text += pattern.slice(start);
  if (text !== '') tokens.push(Object.freeze({ kind: 'text', text }));
  return Object.freeze(tokens);
}

/**
 * The tokens with their literal runs lower-cased by `toLowerCase()` (how `ilike`
 * compares).
 *
 * @example
 * lowerCasePattern(tokenizePattern('İS%')); // [{ kind: 'text', text: 'i̇s' }, { kind: 'any' }]
 */
export function lowerCasePattern(tokens: readonly PatternToken[]): readonly PatternToken[] {
  return Object.freeze(
    tokens.map((token) => (token.kind === 'text' ? Object.freeze({ kind: 'text', text: token.text.toLowerCase() }) : token)),
  );
}

/**
 * How many wildcards (unescaped `%` and `_`) a pattern holds: the `any` and `one`
 * tokens `tokenizePattern` would give, counted without building them.
 *
 * @example
 * wildcardCount('50\\%_%'); // 2
 */
export function wildcardCount(pattern: string): number {
  let count = 0;
  for (let index = 0; index < pattern.length; index++) {
    const code = pattern.charCodeAt(index);
    // An escape skips the next code unit: neither half of a surrogate pair is a wildcard.
    if (code === 92 /* \ */) index++;
    else if (code === 37 /* % */ || code === 95 /* _ */) count++;
  }
  return count;
}
