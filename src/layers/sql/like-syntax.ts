/**
 * The pattern tokens of the QueryAST (docs/ast.md) written in the one escaping every
 * engine reads the same way: `LIKE … ESCAPE '!'`, or a SQLite `GLOB` pattern.
 */
import type { PatternToken } from '../../ast/like-pattern.js';

const ANY: PatternToken = Object.freeze({ kind: 'any' });

/**
 * The tokens of `startswith` (`prefix` then any run) or `endswith` (any run then
 * `suffix`).
 */
export function affixPattern(op: 'startswith' | 'endswith', literal: string): readonly PatternToken[] {
  const text: PatternToken = { kind: 'text', text: literal };
  return op === 'startswith' ? [text, ANY] : [ANY, text];
}

/** The pattern for `LIKE … ESCAPE '!'`. */
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
 */
export function toGlobPattern(tokens: readonly PatternToken[]): string {
  return tokens
    .map((token) =>
      token.kind === 'any' ? '*' : token.kind === 'one' ? '?' : token.text.replace(/[*?[]/g, (char) => `[${char}]`),
    )
    .join('');
}
