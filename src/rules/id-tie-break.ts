/**
 * The tie-break that makes every sort total: `id` ascending, appended unless the
 * sort already names `id`. The parser adds it, the query string leaves it out, and
 * reads that need a fixed order (a to-one relationship, included records, a scope
 * check) sort by it alone.
 */
import type { SortKey } from '../ast/query-ast.js';

const NO_PATH: readonly string[] = Object.freeze([]);

/** `id` ascending, the last key of every sort the parser returns. */
export const ID_ASCENDING: SortKey = Object.freeze({ path: NO_PATH, field: 'id', direction: 'asc' });

/** The sort by the tie-break alone: the primary key order. */
export const ID_ORDER: readonly SortKey[] = Object.freeze([ID_ASCENDING]);

/** Whether a key sorts by the record's own `id`, either way: the sort is then already total. */
export function sortsById(key: SortKey): boolean {
  return key.path.length === 0 && key.field === 'id';
}

/** Whether a key is the tie-break itself (`id` ascending), which the query string leaves out. */
export function isIdTieBreak(key: SortKey): boolean {
  return sortsById(key) && key.direction === 'asc';
}

/** The keys, with the tie-break appended unless one of them already sorts by `id`. */
export function withIdTieBreak(keys: readonly SortKey[]): readonly SortKey[] {
  return Object.freeze(keys.some(sortsById) ? [...keys] : [...keys, ID_ASCENDING]);
}

/** The keys as the query string writes them: a trailing tie-break left out (the parser adds it back). */
export function withoutIdTieBreak(keys: readonly SortKey[]): readonly SortKey[] {
  const last = keys.at(-1);
  return last !== undefined && isIdTieBreak(last) ? keys.slice(0, -1) : keys;
}
