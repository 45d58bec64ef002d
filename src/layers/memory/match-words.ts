/** A word: a run of Unicode letters and digits. A fixed expression, never built from client text. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Splits a text into its words (runs of letters and digits), each lower-cased with
 * `toLowerCase()`: the tokenization of the portable `match` operator.
 *
 * @example
 * words('Jean-Luc PICARD, 2364'); // ['jean', 'luc', 'picard', '2364']
 */
export function words(text: string): string[] {
  const found = text.match(WORD);
  return found === null ? [] : found.map((word) => word.toLowerCase());
}

/**
 * Compiles a `match` value into a predicate on a (non-null) field value: every word
 * of the value occurs as a whole word of the field (both tokenized by `words`).
 *
 * @example
 * compileMatch('doe john')('John Doe'); // true
 * compileMatch('jo')('John Doe'); // false: whole words only
 */
export function compileMatch(value: string): (field: string) => boolean {
  const wanted = [...new Set(words(value))];
  if (wanted.length === 0) return () => true;
  if (wanted.length === 1) {
    const [word] = wanted as [string];
    return (field) => words(field).includes(word);
  }
  return (field) => {
    const present = new Set(words(field));
    return wanted.every((word) => present.has(word));
  };
}
