import type { KeyValue } from '../../ast/query-ast.js';
import type { Row } from '../data-layer.js';
import { siftDown, siftUp } from './heap.js';
import type { BoundComparator, Comparator } from './sort-order.js';

/** A compiled predicate on one row. */
export type Predicate = (row: Row) => boolean;

/** How a query walks the rows: in stored (primary key) order either way, or sorted. */
export type ScanMode = 'asc' | 'desc' | 'top' | 'all';

/**
 * What one scan reads: the page (`offset`, `limit`), the keyset bounds, and
 * whether the total is wanted. In stored order (`asc`/`desc`) the keyset window
 * is the steps `[from, to)` of the walk, found by binary search (`seekWindow`);
 * sorted scans (`top`/`all`) test `after`/`before` on each match before the heap.
 */
export interface ScanWindow {
  readonly offset: number;
  readonly limit: number | null;
  readonly after: readonly KeyValue[] | undefined;
  readonly before: readonly KeyValue[] | undefined;
  readonly from: number;
  readonly to: number;
  readonly withTotal: boolean;
}

/** What a scan returns: the page of rows and, when wanted, the total after filtering. */
export interface ScanResult {
  readonly rows: Row[];
  readonly total?: number;
}

/**
 * A sorted page keeps its `offset + limit` best rows in a heap while that is less
 * than 1/HEAP_FRACTION of the rows; past it (a deep offset page) the heap costs more
 * than it saves, so every match is kept and sorted once: a page at depth 999,000 of
 * 1,000,000 costs one sort of the matches, not a heap of 999,030 rows and then a sort.
 */
export const HEAP_FRACTION = 2;

/** Records between two `signal.aborted` checks in long loops. */
const ABORT_INTERVAL = 4096;

/**
 * A filtered, sorted, paged walk over rows, for the closure-based evaluation (the
 * generated code of `generate-scan.ts` has the same loops, specialised per query
 * shape). `top` keeps the best `offset + limit` rows of the keyset window in a
 * binary heap fused with the filter (or, for a deep page, every match: see
 * `HEAP_FRACTION`); `all` (only for `limit: null`) sorts every match.
 */
export function scanRows(
  rows: readonly Row[],
  mode: ScanMode,
  predicate: Predicate | null,
  comparator: Comparator,
  bound: BoundComparator,
  window: ScanWindow,
  signal: AbortSignal | undefined,
): ScanResult {
  if (mode === 'asc' || mode === 'desc') return scanInOrder(rows, mode === 'desc', predicate, window, signal);
  const { offset, limit, after, before } = window;
  const size = limit === null ? Infinity : offset + limit;
  const kept: Row[] = [];
  const heap = mode === 'top' && size * HEAP_FRACTION < rows.length;
  let total = 0;
  for (let index = 0; index < rows.length; index++) {
    if (index % ABORT_INTERVAL === 0) signal?.throwIfAborted();
    const row = rows[index] as Row;
    if (predicate !== null && !predicate(row)) continue;
    total++;
    if ((after !== undefined && bound(row, after) <= 0) || (before !== undefined && bound(row, before) >= 0)) continue;
    if (!heap) kept.push(row);
    else if (kept.length < size) {
      kept.push(row);
      siftUp(kept, kept.length - 1, comparator);
    } else if (size > 0 && comparator(row, kept[0] as Row) < 0) {
      kept[0] = row;
      siftDown(kept, 0, comparator);
    }
  }
  kept.sort(comparator);
  const whole = offset === 0 && kept.length <= size;
  const page = whole ? kept : kept.slice(offset, size);
  return window.withTotal ? { rows: page, total } : { rows: page };
}

function scanInOrder(
  rows: readonly Row[],
  descending: boolean,
  predicate: Predicate | null,
  window: ScanWindow,
  signal: AbortSignal | undefined,
): ScanResult {
  const { offset, limit, from, to, withTotal } = window;
  if (predicate === null) {
    const page = windowOf(rows, descending, window);
    return withTotal ? { rows: page, total: rows.length } : { rows: page };
  }
  const end = limit === null ? Infinity : offset + limit;
  const page: Row[] = [];
  let total = 0;
  let seen = 0;
  const last = withTotal ? rows.length : to;
  for (let step = withTotal ? 0 : from; step < last; step++) {
    if (step % ABORT_INTERVAL === 0) signal?.throwIfAborted();
    const row = rows[descending ? rows.length - 1 - step : step] as Row;
    if (!predicate(row)) continue;
    total++;
    if (step < from || step >= to) continue;
    if (seen >= offset && seen < end) page.push(row);
    seen++;
    if (!withTotal && seen >= end) break;
  }
  return withTotal ? { rows: page, total } : { rows: page };
}

/**
 * The page of unfiltered rows in stored order or its reverse, inside the window's
 * steps `[from, to)`, copying only the page.
 */
export function windowOf(rows: readonly Row[], descending: boolean, window: ScanWindow): Row[] {
  const start = window.from + window.offset;
  const end = Math.min(window.to, window.limit === null ? window.to : start + window.limit);
  const page: Row[] = [];
  for (let step = start; step < end; step++) page.push(rows[descending ? rows.length - 1 - step : step] as Row);
  return page;
}

/**
 * The steps `[from, to)` of a walk in stored order (or its reverse) that lie in
 * the keyset window, by binary search: the first key is the primary key, so the
 * walk is in sort order and the bounds split it.
 */
export function seekWindow(
  rows: readonly Row[],
  descending: boolean,
  keyset: { readonly after?: readonly KeyValue[] | undefined; readonly before?: readonly KeyValue[] | undefined },
  bound: BoundComparator,
): { readonly from: number; readonly to: number } {
  const at = (step: number) => rows[descending ? rows.length - 1 - step : step] as Row;
  // The first step at which `holds` becomes true (it is false, then true, along the walk).
  const first = (holds: (row: Row) => boolean): number => {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (holds(at(middle))) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const { after, before } = keyset;
  const from = after === undefined ? 0 : first((row) => bound(row, after) > 0);
  const to = before === undefined ? rows.length : first((row) => bound(row, before) >= 0);
  return { from, to: Math.max(from, to) };
}

/**
 * The scan mode of a sort: stored order when the primary key is the first key
 * (it is unique, so nothing after it matters), else a heap or a full sort.
 */
export function scanModeOf(keys: readonly { slots: readonly number[]; field: string; desc: boolean }[], limit: number | null): ScanMode {
  const first = keys[0];
  if (first !== undefined && first.slots.length === 0 && first.field === 'id') return first.desc ? 'desc' : 'asc';
  return limit === null ? 'all' : 'top';
}
