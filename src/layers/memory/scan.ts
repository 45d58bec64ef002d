import type { Row } from '../data-layer.js';

/** A compiled predicate on one row. */
export type Predicate = (row: Row) => boolean;
/** A compiled total order on rows. */
export type Comparator = (a: Row, b: Row) => number;

/** How a query walks the rows: in stored (primary key) order either way, or sorted. */
export type ScanMode = 'asc' | 'desc' | 'top' | 'all';

/** What a scan returns: the page of rows and the total after filtering. */
export interface ScanResult {
  readonly rows: Row[];
  readonly total: number;
}

/** Records between two `signal.aborted` checks in long loops. */
const ABORT_INTERVAL = 4096;

/**
 * A filtered, sorted, paged walk over rows, for the closure-based evaluation (the
 * generated code of `generate-source.ts` has the same loops, specialised per
 * query shape). `top` keeps the best `offset + limit` rows in a binary heap fused
 * with the filter; `all` (only for `limit: null`) sorts every match.
 *
 * @example
 * scanRows(rows, 'top', (row) => row.name === 'John', byName, 0, 30, signal);
 */
export function scanRows(
  rows: readonly Row[],
  mode: ScanMode,
  predicate: Predicate | null,
  comparator: Comparator,
  offset: number,
  limit: number | null,
  signal: AbortSignal | undefined,
): ScanResult {
  if (mode === 'asc' || mode === 'desc') return scanInOrder(rows, mode === 'desc', predicate, offset, limit, signal);
  if (mode === 'top' && limit !== null) return scanTop(rows, predicate, comparator, offset + limit, offset, signal);
  const matches: Row[] = [];
  for (let index = 0; index < rows.length; index++) {
    if (index % ABORT_INTERVAL === 0) signal?.throwIfAborted();
    const row = rows[index] as Row;
    if (predicate === null || predicate(row)) matches.push(row);
  }
  matches.sort(comparator);
  const whole = offset === 0 && (limit === null || limit >= matches.length);
  return { rows: whole ? matches : matches.slice(offset, limit === null ? undefined : offset + limit), total: matches.length };
}

function scanInOrder(
  rows: readonly Row[],
  descending: boolean,
  predicate: Predicate | null,
  offset: number,
  limit: number | null,
  signal: AbortSignal | undefined,
): ScanResult {
  if (predicate === null) return { rows: windowOf(rows, descending, offset, limit), total: rows.length };
  const end = limit === null ? Infinity : offset + limit;
  const page: Row[] = [];
  let total = 0;
  for (let step = 0; step < rows.length; step++) {
    if (step % ABORT_INTERVAL === 0) signal?.throwIfAborted();
    const row = rows[descending ? rows.length - 1 - step : step] as Row;
    if (predicate(row)) {
      if (total >= offset && total < end) page.push(row);
      total++;
    }
  }
  return { rows: page, total };
}

/**
 * The page of unfiltered rows in stored order or its reverse, copying only the page.
 *
 * @example
 * windowOf(rows, true, 0, 2); // the last two rows, last first
 */
export function windowOf(rows: readonly Row[], descending: boolean, offset: number, limit: number | null): Row[] {
  const end = Math.min(rows.length, limit === null ? rows.length : offset + limit);
  const page: Row[] = [];
  for (let index = offset; index < end; index++) page.push(rows[descending ? rows.length - 1 - index : index] as Row);
  return page;
}

function scanTop(
  rows: readonly Row[],
  predicate: Predicate | null,
  comparator: Comparator,
  size: number,
  offset: number,
  signal: AbortSignal | undefined,
): ScanResult {
  const heap: Row[] = [];
  let total = 0;
  for (let index = 0; index < rows.length; index++) {
    if (index % ABORT_INTERVAL === 0) signal?.throwIfAborted();
    const row = rows[index] as Row;
    if (predicate !== null && !predicate(row)) continue;
    total++;
    if (heap.length < size) {
      heap.push(row);
      siftUp(heap, heap.length - 1, comparator);
    } else if (size > 0 && comparator(row, heap[0] as Row) < 0) {
      heap[0] = row;
      siftDown(heap, 0, comparator);
    }
  }
  heap.sort(comparator);
  return { rows: heap.slice(offset), total };
}

/**
 * Restores a max-heap (the worst row of the kept ones at the root) after appending at `index`.
 *
 * @example
 * heap.push(row); siftUp(heap, heap.length - 1, comparator);
 */
function siftUp(heap: Row[], index: number, comparator: Comparator): void {
  const row = heap[index] as Row;
  let position = index;
  while (position > 0) {
    const parent = (position - 1) >> 1;
    const above = heap[parent] as Row;
    if (comparator(above, row) >= 0) break;
    heap[position] = above;
    position = parent;
  }
  heap[position] = row;
}

/**
 * Restores a max-heap after replacing the root.
 *
 * @example
 * heap[0] = row; siftDown(heap, 0, comparator);
 */
function siftDown(heap: Row[], index: number, comparator: Comparator): void {
  const row = heap[index] as Row;
  const length = heap.length;
  let position = index;
  for (;;) {
    let child = 2 * position + 1;
    if (child >= length) break;
    if (child + 1 < length && comparator(heap[child + 1] as Row, heap[child] as Row) > 0) child++;
    const below = heap[child] as Row;
    if (comparator(below, row) <= 0) break;
    heap[position] = below;
    position = child;
  }
  heap[position] = row;
}

/**
 * The scan mode of a sort: stored order when the primary key is the first key
 * (it is unique, so nothing after it matters), else a heap or a full sort.
 *
 * @example
 * scanModeOf([{ slots: [], field: 'id', desc: true, codePoint: true }], 30); // 'desc'
 */
export function scanModeOf(keys: readonly { slots: readonly number[]; field: string; desc: boolean }[], limit: number | null): ScanMode {
  const first = keys[0];
  if (first !== undefined && first.slots.length === 0 && first.field === 'id') return first.desc ? 'desc' : 'asc';
  return limit === null ? 'all' : 'top';
}
