import { words } from '../../ast/match-words.js';

export { words };

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
