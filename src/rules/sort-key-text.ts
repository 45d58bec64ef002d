/**
 * A sort key as text, the way `sort` writes it: the dotted path to the field
 * (`owner.name`), a leading `-` when descending. The parser, the query string, the
 * cursor's fingerprint and the cursor's field names all write keys this one way.
 */
import type { SortKey } from '../ast/query-ast.js';

/** The dotted path of a key's field, without direction: `owner.name`. */
export function sortKeyName(key: Pick<SortKey, 'path' | 'field'>): string {
  return key.path.length === 0 ? key.field : `${key.path.join('.')}.${key.field}`;
}

/** One key as `sort` writes it: `-owner.name`. */
export function sortKeyText(key: SortKey): string {
  return key.direction === 'desc' ? `-${sortKeyName(key)}` : sortKeyName(key);
}

/** Keys as `sort` writes them, comma-separated: `-birth_date,id`. */
export function sortText(keys: readonly SortKey[]): string {
  return keys.map(sortKeyText).join(',');
}
