/** A character of a word: a Unicode letter or digit (a regular expression class, Unicode mode). */
export const WORD_CHARACTER = String.raw`[\p{L}\p{N}]`;

/** A word: a run of Unicode letters and digits. A fixed expression, never built from client text. */
const WORD = new RegExp(`${WORD_CHARACTER}+`, 'gu');

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
