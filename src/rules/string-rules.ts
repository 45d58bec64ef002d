/**
 * The rules every string value of a query obeys, wherever it comes from (a filter
 * value, a cursor): no NUL, no lone UTF-16 surrogate, and a length counted in
 * code points (docs/query-syntax.md, "Values").
 */

/** NUL or any surrogate code unit: a cheap first test, true for few strings. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

/**
 * NUL, and lone surrogates (text no engine stores alike), make a string unusable as a value.
 *
 * @example
 * isUnstorable('a\u0000b'); // true
 */
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

/**
 * The length of a string in code points (a surrogate pair counts once).
 *
 * @example
 * codePointLength('😀a'); // 2
 */
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
