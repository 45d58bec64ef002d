/** A word: a run of Unicode letters and digits. A fixed expression, never built from client text. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Splits a text into its words (runs of letters and digits), each lower-cased with
 * `toLowerCase()`: the tokenization of the portable `match` operator, for the
 * `match` value and for the field it is compared with.
 *
 * @example
 * words('Jean-Luc PICARD, 2364'); // ['jean', 'luc', 'picard', '2364']
 */
export function words(text: string): string[] {
  const found = text.match(WORD);
  return found === null ? [] : found.map((word) => word.toLowerCase());
}

/**
 * The words a `match` value asks for: its words, each once, in first-seen order.
 * A `match` compare node carries them next to the value as sent.
 *
 * @example
 * matchWords('Doe john DOE'); // ['doe', 'john']
 */
export function matchWords(value: string): readonly string[] {
  return Object.freeze([...new Set(words(value))]);
}
