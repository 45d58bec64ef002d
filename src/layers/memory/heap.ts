import type { Row } from '../data-layer.js';
import type { Comparator } from './sort-order.js';

/**
 * Restores a max-heap (the worst row of the kept ones at the root) after appending
 * at `index`: the bounded top-k of a sorted page.
 */
export function siftUp(heap: Row[], index: number, comparator: Comparator): void {
  const row = heap[index] as Row;
  let position = index;
  while (position > 0) {
    const parent = (position - 1) >> 1;
    const above = heap[parent] as Row;
    // Stryker disable next-line EqualityOperator: sort comparators end with the id, so two rows never compare equal
    if (comparator(above, row) >= 0) break;
    heap[position] = above;
    position = parent;
  }
  heap[position] = row;
}

/** Restores a max-heap after replacing the row at `index` (the root). */
export function siftDown(heap: Row[], index: number, comparator: Comparator): void {
  const row = heap[index] as Row;
  const length = heap.length;
  let position = index;
  for (;;) {
    let child = 2 * position + 1;
    if (child >= length) break;
    // Stryker disable next-line EqualityOperator: sort comparators end with the id, so two rows never compare equal
    if (child + 1 < length && comparator(heap[child + 1] as Row, heap[child] as Row) > 0) child++;
    const below = heap[child] as Row;
    // Stryker disable next-line EqualityOperator: sort comparators end with the id, so two rows never compare equal
    if (comparator(below, row) <= 0) break;
    heap[position] = below;
    position = child;
  }
  heap[position] = row;
}
