/** A word: a run of Unicode letters and digits. A fixed expression, never built from client text. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Splits a text into its words (runs of letters and digits), each lower-cased with
 * `toLowerCase()`: the tokenization of the portable `match` operator, shared by the
 * parser (word limits) and every data layer.
 *
 * @example
 * words('Jean-Luc PICARD, 2364'); // ['jean', 'luc', 'picard', '2364']
 */
export function words(text: string): string[] {
  const found = text.match(WORD);
  return found === null ? [] : found.map((word) => word.toLowerCase());
}
