/**
 * How the executor reads a cursor page (docs/query-syntax.md, "Cursor pagination"):
 * one row more than the page to know whether the walk goes on, a `before`-only page
 * read backwards (every direction flipped, which reverses the order exactly, nulls
 * included) from its cursor, and the cursors and links of the page made from the
 * rows' sort key values.
 */
import type { CursorPage, KeyValue, SortKey } from '../ast/query-ast.js';
import type { Keyset } from '../layers/data-layer.js';
import { flipDirection } from '../rules/sort-direction.js';
import { cursorEncoder } from './cursor-codec.js';

/** The layer-facing part of a cursor page's read. */
export interface CursorWindow {
  /** The request's sort, or every direction flipped for a `before`-only page. */
  readonly sort: readonly SortKey[];
  readonly keyset: Keyset;
  /** One more than the page size. */
  readonly limit: number;
  /** Whether rows come back in reverse order (a `before`-only page). */
  readonly reversed: boolean;
}

/** The cursors a link carries: `page[after]`, `page[before]`, or both (inside a range). */
export interface CursorLink {
  readonly after?: string;
  readonly before?: string;
}

/** What a cursor page adds to an execution: each item's cursor and the neighbouring pages. */
export interface CursorPageResult {
  /** The cursor of each resource (or identifier) of `data`, in order. */
  readonly cursors: readonly string[];
  /** `null` when there is no later page (or no row to continue from). */
  readonly next: CursorLink | null;
  /** `null` when there is no earlier page known (or no row to continue from). */
  readonly prev: CursorLink | null;
  /** A range (`page[after]` and `page[before]`) held more rows than the page size. */
  readonly rangeTruncated: boolean;
}

/** The window a cursor page reads. */
export function cursorWindow(page: CursorPage, sort: readonly SortKey[]): CursorWindow {
  const limit = page.size + 1;
  if (page.before !== undefined && page.after === undefined) {
    const flipped = sort.map((key): SortKey => ({ ...key, direction: flipDirection(key.direction) }));
    return { sort: flipped, keyset: { after: page.before }, limit, reversed: true };
  }
  return {
    sort,
    keyset: { ...(page.after === undefined ? {} : { after: page.after }), ...(page.before === undefined ? {} : { before: page.before }) },
    limit,
    reversed: false,
  };
}

/**
 * The page's items in the request's order and its cursor facts, from what the layer
 * read through `cursorWindow` (items and their keys, possibly one too many).
 */
export function cursorPageOf<T>(
  page: CursorPage,
  window: CursorWindow,
  items: readonly T[],
  keys: readonly (readonly KeyValue[])[] | undefined,
  type: string,
  sort: readonly SortKey[],
): { readonly items: readonly T[]; readonly page: CursorPageResult } {
  if (keys === undefined || keys.length !== items.length) {
    throw new Error(`The data layer answered a keyset read of ${type} without one key per row (ReadResult.keys)`);
  }
  const more = items.length > page.size;
  let kept = items.slice(0, page.size);
  let keptKeys = keys.slice(0, page.size);
  if (window.reversed) {
    kept = kept.reverse();
    keptKeys = keptKeys.reverse();
  }
  const encode = cursorEncoder(type, sort);
  const cursors = keptKeys.map((values) => encode(values));
  const first = cursors[0];
  const last = cursors.at(-1);
  const range = page.after !== undefined && page.before !== undefined;
  const hasNext = window.reversed || more;
  const hasPrev = window.reversed ? more : page.after !== undefined && !range;
  const next: CursorLink | null =
    last === undefined || !hasNext
      ? null
      : range
        ? { after: last, before: encode(page.before as readonly KeyValue[]) }
        : { after: last };
  return {
    items: kept,
    page: {
      cursors,
      next,
      prev: first === undefined || !hasPrev ? null : { before: first },
      rangeTruncated: range && more,
    },
  };
}
