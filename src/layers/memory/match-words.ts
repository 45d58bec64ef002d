import { words } from '../../ast/match-words.js';

/**
 * Compiles the words of a `match` node into a predicate on a (non-null) field
 * value: every word occurs as a whole word of the field (split by `words`).
 */
export function compileMatch(wanted: readonly string[]): (field: string) => boolean {
  const [only] = wanted;
  if (wanted.length === 1 && only !== undefined) return (field) => words(field).includes(only);
  return (field) => {
    const present = new Set(words(field));
    return wanted.every((word) => present.has(word));
  };
}

/**
 * Compiles the word lists of several `match` terms on one field into one
 * predicate: does the field hold every word of any list. The field is split into
 * words once per record, however many terms share it.
 */
export function compileMatchAny(lists: readonly (readonly string[])[]): (field: string) => boolean {
  const [only] = lists;
  if (lists.length === 1 && only !== undefined) return compileMatch(only);
  if (lists.some((list) => list.length === 0)) return () => true;
  const single = new Set(lists.filter((list) => list.length === 1).map((list) => list[0] as string));
  const several = lists.filter((list) => list.length > 1);
  return (field) => {
    const present = words(field);
    if (present.some((word) => single.has(word))) return true;
    if (several.length === 0) return false;
    const set = new Set(present);
    return several.some((list) => list.every((word) => set.has(word)));
  };
}
