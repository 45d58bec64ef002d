/**
 * What a request header's value reads as, remembered by the value's text: a client
 * sends the same few `Accept` and `Content-Type` values again and again. Only short
 * values are kept, and at most 64 of them (the memory is cleared when full), so a
 * client cannot fill memory with headers.
 */

/** Distinct texts remembered before the memory is cleared. */
const MAX_REMEMBERED = 64;
/** Longer texts are read every time. */
const MAX_REMEMBERED_LENGTH = 256;

/**
 * `read`, remembering its answer for each distinct short text.
 *
 * @example
 * const parse = shortTextMemo((text) => text.split(';'));
 * parse('a; b') === parse('a; b'); // true: the same array
 */
export function shortTextMemo<T>(read: (text: string) => T): (text: string) => T {
  const remembered = new Map<string, T>();
  return (text) => {
    const known = remembered.get(text);
    if (known !== undefined) return known;
    const value = read(text);
    if (text.length <= MAX_REMEMBERED_LENGTH) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(text, value);
    }
    return value;
  };
}
