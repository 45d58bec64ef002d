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

