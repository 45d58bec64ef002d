import type { FilterNode } from '../../ast/filter-node.js';
import type { KeyValue, SortKey } from '../../ast/query-ast.js';
import type { Keyset, Row } from '../data-layer.js';
import { compilePredicate, type BoundPredicate } from './plan-rules.js';
import { generateShape, runGenerated, type GeneratedShape } from './generate-source.js';
import { LruCache } from '../lru-cache.js';
import { lowerFilter, lowerSort, type FilterPlan, type SortPlanKey } from './query-plan.js';
import { shapeKey } from './shape-key.js';
import { scanModeOf, scanRows, seekWindow, windowOf, type ScanMode, type ScanWindow } from './scan.js';
import { compileBoundComparator, compileComparator, compileKeyReader, type BoundComparator, type Comparator } from './sort-order.js';
import type { Store, TypeStore } from './store.js';

/** The part of a read request a scan answers. */
export interface Query {
  readonly filter: FilterNode | null;
  readonly sort: readonly SortKey[];
  readonly offset: number;
  readonly limit: number | null;
  readonly keyset?: Keyset | undefined;
  readonly withTotal?: boolean | undefined;
}

/** A query's page: rows, the total unless `withTotal: false`, and the sort keys with a keyset. */
export interface QueryResult {
  readonly rows: readonly Row[];
  readonly total?: number;
  readonly keys?: readonly (readonly KeyValue[])[];
}

/** How a shape runs: generated code or closures, plus the bound order and key reader of its sort. */
type CompiledShape = {
  readonly mode: ScanMode;
  readonly bound: BoundComparator;
  readonly readKeys: (rows: readonly Row[]) => KeyValue[][];
} & (
  | { readonly kind: 'generated'; readonly shape: GeneratedShape }
  | { readonly kind: 'closures'; readonly predicate: BoundPredicate | null; readonly comparator: Comparator }
);

/**
 * Compiles and caches query shapes, and runs queries on rows of one type of a store
 * (a shape does not depend on the store's rows, so one cache serves every store).
 */
export interface QueryRunner {
  readonly evaluation: 'generate' | 'closures';
  readonly cachedShapes: number;
  run(store: Store, type: TypeStore, rows: readonly Row[], query: Query, signal: AbortSignal | undefined): QueryResult;
  /** The sort key values of rows, as `run` returns them with a keyset. */
  keysOf(store: Store, type: TypeStore, sort: readonly SortKey[], rows: readonly Row[]): KeyValue[][];
}

/**
 * The query runner of a memory layer: lowers each query, compiles its shape once
 * (generated code, or closures as the option and the `auto` fallback say), and
 * scans: the keyset window is a binary search in stored order, or a test before
 * the top-k of a sorted scan, so a deep cursor page costs what a first page does.
 */
export function createQueryRunner(option: 'auto' | 'generate' | 'closures', cacheSize: number): QueryRunner {
  const cache = new LruCache<string, CompiledShape>(cacheSize);
  let evaluation: 'generate' | 'closures' = option === 'closures' ? 'closures' : 'generate';

  const compile = (plan: FilterPlan | null, keys: readonly SortPlanKey[], mode: ScanMode): CompiledShape => {
    const common = { mode, bound: compileBoundComparator(keys), readKeys: compileKeyReader(keys) };
    if (evaluation === 'generate') {
      try {
        return { ...common, kind: 'generated', shape: generateShape(plan, keys, mode) };
      } catch (error) {
        if (option === 'generate') throw error;
        evaluation = 'closures';
      }
    }
    const predicate = plan === null ? null : compilePredicate(plan);
    return { ...common, kind: 'closures', predicate, comparator: compileComparator(keys) };
  };

  const shapeOf = (type: TypeStore, keys: readonly SortPlanKey[], mode: ScanMode, plan: FilterPlan | null): CompiledShape => {
    const cacheKey = shapeKey(type.type.name, mode, keys, plan);
    let shape = cache.get(cacheKey);
    if (shape === undefined) {
      shape = compile(plan, keys, mode);
      cache.set(cacheKey, shape);
    }
    return shape;
  };

  const run = (store: Store, type: TypeStore, rows: readonly Row[], query: Query, signal: AbortSignal | undefined): QueryResult => {
    const keys = lowerSort(store, type.type.name, query.sort);
    const mode = scanModeOf(keys, query.limit);
    const lowered = query.filter === null ? null : lowerFilter(store, type.type.name, query.filter);
    const { keyset } = query;
    if (keyset !== undefined) {
      checkKeysetBound(keyset.after, keys.length);
      checkKeysetBound(keyset.before, keys.length);
    }
    const inOrder = mode === 'asc' || mode === 'desc';
    // An unfiltered walk in stored order needs no compiled shape: only the page is copied.
    const shape = lowered === null && inOrder ? null : shapeOf(type, keys, mode, lowered?.plan ?? null);
    const bound = keyset === undefined ? null : (shape?.bound ?? compileBoundComparator(keys));
    const steps = bound === null || !inOrder ? { from: 0, to: rows.length } : seekWindow(rows, mode === 'desc', keyset ?? {}, bound);
    // One object literal (no spread): spreads cost more in V8, and every window has one shape.
    const window: ScanWindow = {
      offset: query.offset,
      limit: query.limit,
      after: keyset?.after,
      before: keyset?.before,
      from: steps.from,
      to: steps.to,
      withTotal: query.withTotal !== false,
    };
    const constants = lowered?.constants ?? [];
    signal?.throwIfAborted();
    const result =
      shape === null
        ? { rows: windowOf(rows, mode === 'desc', window), ...(window.withTotal ? { total: rows.length } : {}) }
        : shape.kind === 'generated'
          ? runGenerated(shape.shape, constants, rows, window, signal)
          : runClosures(shape, constants, rows, window, signal);
    if (keyset === undefined) return result;
    return { ...result, keys: (shape?.readKeys ?? compileKeyReader(keys))(result.rows) };
  };

  return {
    get evaluation() {
      return evaluation;
    },
    get cachedShapes() {
      return cache.size;
    },
    run,
    keysOf: (store, type, sort, rows) => compileKeyReader(lowerSort(store, type.type.name, sort))(rows),
  };
}

function checkKeysetBound(bound: readonly KeyValue[] | undefined, keys: number): void {
  if (bound !== undefined && bound.length !== keys) throw new RangeError('A keyset bound needs one value per sort key');
}

function runClosures(
  shape: CompiledShape & { readonly kind: 'closures' },
  constants: readonly unknown[],
  rows: readonly Row[],
  window: ScanWindow,
  signal: AbortSignal | undefined,
) {
  const { predicate } = shape;
  const test = predicate === null ? null : (row: Row) => predicate(row, constants);
  return scanRows(rows, shape.mode, test, shape.comparator, shape.bound, window, signal);
}
