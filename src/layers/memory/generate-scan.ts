import type { SortPlanKey } from './query-plan.js';
import { keyOrderSource } from './sort-order.js';
import { HEAP_FRACTION, type ScanMode } from './scan.js';

/**
 * The source of a shape's order and scan loop (the generated counterpart of
 * `sort-order.ts` and `scan.ts`): `cmp(a, b)` orders two rows, `cmpk(a, k)` a row
 * against a keyset bound, both from one template per sort key; `scan(rows, w,
 * signal)` walks the rows testing `test` (an expression on row `r`).
 */
export function scanSource(keys: readonly SortPlanKey[], mode: ScanMode, test: string): string {
  if (mode === 'asc' || mode === 'desc') return scanInOrderSource(test, mode === 'desc');
  return [comparatorSource(keys), ...(mode === 'top' ? [HEAP_SOURCE] : []), scanSortedSource(test, mode === 'top')].join('\n');
}

function comparatorSource(keys: readonly SortPlanKey[]): string {
  const rows = keys.map((key, index) => keyOrderSource(key, index, 'b')).join('\n');
  const bound = keys.map((key, index) => keyOrderSource(key, index, 'k')).join('\n');
  return `function cmp(a, b) {\nlet t;\n${rows}\nreturn 0;\n}\nfunction cmpk(a, k) {\nlet t;\n${bound}\nreturn 0;\n}`;
}

function scanInOrderSource(test: string, descending: boolean): string {
  const row = descending ? 'rows[n - 1 - i]' : 'rows[i]';
  return `function scan(rows, w, signal) {
  const n = rows.length, offset = w.offset, end = w.limit === null ? Infinity : offset + w.limit, from = w.from, to = w.to, all = w.withTotal, out = [];
  let total = 0, seen = 0;
  for (let i = all ? 0 : from, last = all ? n : to; i < last; i++) {
    if ((i & 4095) === 0 && signal !== undefined && signal.aborted) throw signal.reason;
    const r = ${row};
    if (!(${test})) continue;
    total++;
    if (i < from || i >= to) continue;
    if (seen >= offset && seen < end) out.push(r);
    seen++;
    if (!all && seen >= end) break;
  }
  return all ? { rows: out, total } : { rows: out };
}`;
}

const HEAP_SOURCE = `function up(heap, index) {
  const row = heap[index];
  let position = index;
  while (position > 0) {
    const parent = (position - 1) >> 1, above = heap[parent];
    if (cmp(above, row) >= 0) break;
    heap[position] = above; position = parent;
  }
  heap[position] = row;
}
function down(heap) {
  const row = heap[0], length = heap.length;
  let position = 0;
  for (;;) {
    let child = 2 * position + 1;
    if (child >= length) break;
    if (child + 1 < length && cmp(heap[child + 1], heap[child]) > 0) child++;
    const below = heap[child];
    if (cmp(below, row) <= 0) break;
    heap[position] = below; position = child;
  }
  heap[position] = row;
}`;

function scanSortedSource(test: string, top: boolean): string {
  const keep = top
    ? `if (!heap) kept.push(r);
    else if (kept.length < size) { kept.push(r); up(kept, kept.length - 1); }
    else if (size > 0 && cmp(r, kept[0]) < 0) { kept[0] = r; down(kept); }`
    : 'kept.push(r);';
  return `function scan(rows, w, signal) {
  const n = rows.length, offset = w.offset, size = w.limit === null ? Infinity : offset + w.limit, after = w.after, before = w.before, kept = [];${top ? `
  const heap = size * ${String(HEAP_FRACTION)} < n;` : ''}
  let total = 0;
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 0 && signal !== undefined && signal.aborted) throw signal.reason;
    const r = rows[i];
    if (!(${test})) continue;
    total++;
    if ((after !== undefined && cmpk(r, after) <= 0) || (before !== undefined && cmpk(r, before) >= 0)) continue;
    ${keep}
  }
  kept.sort(cmp);
  const page = offset === 0 && kept.length <= size ? kept : kept.slice(offset, size);
  return w.withTotal ? { rows: page, total } : { rows: page };
}`;
}
