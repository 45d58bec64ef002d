/**
 * Decodes one `application/x-www-form-urlencoded` component: `+` is a space and
 * percent-escapes are decoded once. Returns `undefined` for a malformed escape, an
 * escape that is not UTF-8, or a NUL character, which the caller reports as a 400.
 */
export function decodeComponent(raw: string): string | undefined {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; decoding a plain text gives it back
  if (raw.length < 64 && isPlain(raw)) return raw;
  let text = raw;
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path; a text without "+" is left as it is
  if (text.includes('+')) text = text.replaceAll('+', ' ');
  // Stryker disable next-line ConditionalExpression,StringLiteral: a fast path; decodeURIComponent gives a text without "%" back
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return undefined;
    }
  }
  return text.includes('\0') ? undefined : text;
}

/** No `+`, `%` or NUL: the text decodes to itself (one pass, for short texts). */
// Stryker disable next-line BlockStatement: isPlain only chooses the fast path; "not plain" decodes to the same text
function isPlain(text: string): boolean {
  // Stryker disable next-line EqualityOperator: isPlain only chooses the fast path; "not plain" decodes to the same text
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: isPlain only chooses the fast path; "not plain" decodes to the same text
    if (code === 43 /* + */ || code === 37 /* % */ || code === 0) return false;
  }
  // Stryker disable next-line BooleanLiteral: isPlain only chooses the fast path; "not plain" decodes to the same text
  return true;
}
