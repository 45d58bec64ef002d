/**
 * The rules every string value of a query obeys, wherever it comes from (a filter
 * value, a cursor, a string id in a path): no NUL, no lone UTF-16 surrogate, and a
 * length counted in code points (docs/query-syntax.md, "Values").
 */

/** NUL or any surrogate code unit: a cheap first test, true for few strings. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

/** NUL, and lone surrogates (text no engine stores alike), make a string unusable as a value. */
export function isUnstorable(value: string): boolean {
  if (!SUSPECT.test(value)) return false;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0) return true;
    if (code >= 0xdc00 && code <= 0xdfff) return true; // a low surrogate not after a high one
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1); // NaN past the end
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index++;
    }
  }
  return false;
}

/** The length of a string in code points (a surrogate pair counts once). */
export function codePointLength(value: string): number {
  let length = 0;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < value.length) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    length++;
  }
  return length;
}

/**
 * Storable text as one rule: its check, the end of its error message and its JSON
 * Schema form (a pattern that needs Unicode mode, as JSON Schema 2020-12 asks of
 * validators). The parser, the cursor codec, path ids and OpenAPI read it.
 */
export const storableText = Object.freeze({
  check: (value: string): boolean => !isUnstorable(value),
  message: 'cannot hold a NUL character or a lone UTF-16 surrogate',
  schema: Object.freeze({ pattern: String.raw`^[^\u0000\uD800-\uDFFF]*$` }),
});
