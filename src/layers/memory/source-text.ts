import { linkKey } from './store.js';

/**
 * Pieces of generated source text. Field names come from the schema and are
 * written as JSON string literals; indexes are checked integers: no client text
 * ever reaches generated code.
 */

/** A field access on row variable `row`. */
export function access(row: string, field: string): string {
  return `${row}[${JSON.stringify(field)}]`;
}

/** A non-negative integer written into the source, checked. */
export function integer(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error('Invalid index in a query plan');
  return String(value);
}


/**
 * A read of relationship slot `slot` of row variable `row`: the generated side of
 * `linkOf` (`L` is `LINK_KEYS` in the generated code; the slot's key is made now if new).
 */
export function linkAccess(row: string, slot: number): string {
  linkKey(slot);
  return `${row}[L[${integer(slot)}]]`;
}
