/**
 * Decodes one `application/x-www-form-urlencoded` component: `+` is a space and
 * percent-escapes are decoded once. Returns `undefined` for a malformed escape, an
 * escape that is not UTF-8, or a NUL character, which the caller reports as a 400.
 */
export function decodeComponent(raw: string): string | undefined {
  if (raw.length < 64 && isPlain(raw)) return raw;
  let text = raw;
  if (text.includes('+')) text = text.replaceAll('+', ' ');
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
function isPlain(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 43 /* + */ || code === 37 /* % */ || code === 0) return false;
  }
  return true;
}
