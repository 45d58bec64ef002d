import type { SortKey } from '../ast/query-ast.js';
import { sortText } from '../rules/sort-key-text.js';

/**
 * A short fingerprint of the type and sort a cursor was made for (FNV-1a, 32 bits,
 * base 36): a cursor made under another sort or for another type does not decode.
 * It tells sorts apart; it is not a signature (a cursor is not a secret).
 */
export function sortFingerprint(type: string, sort: readonly SortKey[]): string {
  const text = `${type}\u0000${sortText(sort)}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
