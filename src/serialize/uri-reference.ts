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
      const whole = code > 0xffff ? String.fromCodePoint(code) : char;
      if (code > 0xffff) index++;
      out += encodeURIComponent(code >= 0xd800 && code <= 0xdfff ? '\uFFFD' : whole);
    }
  }
  return out;
}

/** The common case, checked without building a new string. */
function isUriReference(raw: string): boolean {
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index] as string;
    if (char === '%' ? !HEX.test(raw.slice(index + 1, index + 3)) : !ALLOWED.has(char)) return false;
  }
  return true;
}
