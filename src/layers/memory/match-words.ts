import { words } from '../../ast/match-words.js';

/**
 * Compiles the words of a `match` node into a predicate on a (non-null) field
 * value: every word occurs as a whole word of the field (split by `words`).
 *
 * @example
 * compileMatch(['doe', 'john'])('John Doe'); // true
 * compileMatch(['jo'])('John Doe'); // false: whole words only
 */
export function compileMatch(wanted: readonly string[]): (field: string) => boolean {
  const [only] = wanted;
  if (wanted.length === 1 && only !== undefined) return (field) => words(field).includes(only);
  return (field) => {
    const present = new Set(words(field));
    return wanted.every((word) => present.has(word));
  };
}
