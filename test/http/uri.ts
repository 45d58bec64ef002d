/**
 * The link a server writes for a raw path and query: every character a URI may
 * not hold unencoded (brackets, quotes, braces, spaces, non-ASCII) percent-encoded
 * as UTF-8, everything else (existing escapes included) as it is. An oracle written
 * apart from the serializer's encoder, for expected links in tests.
 */
export function uri(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/gu, (char) => encodeURIComponent(char));
}
