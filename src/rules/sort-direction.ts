/**
 * The two sort directions, and how nulls sort in each: after every value ascending,
 * before every value descending (docs/query-syntax.md, "Sorting") — so flipping a
 * direction reverses the order exactly, nulls included. The memory layer, every SQL
 * dialect and the keyset conditions read this one rule.
 */
import type { SortKey } from '../ast/query-ast.js';

/** A sort direction. */
export type Direction = SortKey['direction'];

/** The other direction: a `before`-only cursor page reads its rows backwards. */
export function flipDirection(direction: Direction): Direction {
  return direction === 'asc' ? 'desc' : 'asc';
}

/** Whether nulls come before every value in this direction: only descending. */
export function nullsFirst(direction: Direction): boolean {
  return direction === 'desc';
}
