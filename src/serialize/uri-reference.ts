/**
 * Links are URI-references (RFC 3986), as JSON:API 1.1 requires: the parts a link
 * copies from the request (its raw path and query string) are percent-encoded where
 * they hold characters a URI path or query cannot, so `page[size]=2` is written
 * `page%5Bsize%5D=2`. What is already a valid escape stays as sent, and a link
 * decodes to exactly the parameters of the request it continues.
 */

/**
 * Characters a path or query may hold as they are: unreserved, sub-delims, `:`, `@`,
 * `/`, `?` (RFC 3986 `pchar` and `query`). `%` is handled apart.
 */
const ALLOWED = new Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?");

const HEX = /^[0-9A-Fa-f]{2}$/u;

/**
 * A raw path or query string as URI-reference text: every character outside the
 * allowed set is percent-encoded as UTF-8 (a lone surrogate as U+FFFD), a `%` that
 * does not start a valid escape becomes `%25`, everything else is kept. Idempotent.
 */
export function toUriReference(raw: string): string {
  // Stryker disable next-line ConditionalExpression: a fast path; the encoding below keeps a valid URI-reference as it is
  if (isUriReference(raw)) return raw;
  let out = '';
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index] as string;
    if (char === '%') {
      out += HEX.test(raw.slice(index + 1, index + 3)) ? '%' : '%25';
    } else if (ALLOWED.has(char)) {
      out += char;
    } else {
      const code = raw.codePointAt(index) as number;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: String.fromCodePoint of a BMP code (a lone surrogate included) is char itself
      const whole = code > 0xffff ? String.fromCodePoint(code) : char;
      if (code > 0xffff) index++;
      out += encodeURIComponent(code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : whole);
    }
  }
  return out;
}

/**
 * The common case, checked without building a new string. Answering `false` only
 * costs the encoding, which keeps valid text as it is: the mutants that make it
 * answer `false` more often change nothing observable (those that make it answer
 * `true` for invalid text are killed).
 */
function isUriReference(raw: string): boolean {
  // Stryker disable next-line EqualityOperator,UpdateOperator: reading past either end answers false, the fast path's safe answer
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index] as string;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,MethodExpression,ArithmeticOperator: each makes the fast path answer false more often, never true for invalid text
    if (char === '%' ? !HEX.test(raw.slice(index + 1, index + 3)) : !ALLOWED.has(char)) return false;
  }
  // Stryker disable next-line BooleanLiteral: false is the fast path's safe answer
  return true;
}
