/**
 * `like`-family patterns of the QueryAST (`%` any run, `_` one character, `\`
 * escaping the next character) as tokens, re-emitted in the one escaping every
 * engine reads the same way: `LIKE … ESCAPE '!'`, or a SQLite `GLOB` pattern.
 */

/** One piece of a pattern. */
export type PatternToken =
  | { readonly kind: 'any' }
  | { readonly kind: 'one' }
  | { readonly kind: 'text'; readonly text: string };

/**
 * Splits a pattern into tokens. A trailing lone backslash is a literal backslash.
 *
 * @example
 * parsePattern('50\\%_%'); // [text '50%', one, any]
 */
export function parsePattern(pattern: string): PatternToken[] {
  const tokens: PatternToken[] = [];
  let text = '';
  const flush = (): void => {
    if (text !== '') tokens.push({ kind: 'text', text });
    text = '';
  };
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] ?? '';
    if (char === '\\' && index + 1 < pattern.length) {
      index++;
      // Keep surrogate pairs whole.
      const code = pattern.charCodeAt(index);
      text += code >= 0xd800 && code <= 0xdbff ? pattern.slice(index, ++index + 1) : (pattern[index] ?? '');
    } else if (char === '%') {
      flush();
      tokens.push({ kind: 'any' });
    } else if (char === '_') {
      flush();
      tokens.push({ kind: 'one' });
    } else {
      text += char;
    }
  }
  flush();
  return tokens;
}

/**
 * A literal string as the one text token of a pattern (for `startswith`/`endswith`).
 *
 * @example
 * literalTokens('50%'); // [text '50%']
 */
export function literalTokens(value: string): PatternToken[] {
  return value === '' ? [] : [{ kind: 'text', text: value }];
}

/**
 * Lower-cases the literal parts, as JavaScript's `toLowerCase()` does.
 *
 * @example
 * lowerTokens(parsePattern('İS%')); // [text 'i̇s', any]
 */
export function lowerTokens(tokens: readonly PatternToken[]): PatternToken[] {
  return tokens.map((token) => (token.kind === 'text' ? { kind: 'text', text: token.text.toLowerCase() } : token));
}

/**
 * The pattern for `LIKE … ESCAPE '!'`.
 *
 * @example
 * toLikePattern(parsePattern('a\\%b%')); // 'a!%b%'
 */
export function toLikePattern(tokens: readonly PatternToken[]): string {
  return tokens
    .map((token) =>
      token.kind === 'any' ? '%' : token.kind === 'one' ? '_' : token.text.replace(/[%_!]/g, (char) => `!${char}`),
    )
    .join('');
}

/**
 * The pattern for SQLite's case-sensitive `GLOB` (`*`, `?`, and `[x]` for a literal
 * `*`, `?` or `[`).
 *
 * @example
 * toGlobPattern(parsePattern('a*%')); // 'a[*]*'
 */
export function toGlobPattern(tokens: readonly PatternToken[]): string {
  return tokens
    .map((token) =>
      token.kind === 'any' ? '*' : token.kind === 'one' ? '?' : token.text.replace(/[*?[]/g, (char) => `[${char}]`),
    )
    .join('');
}
