import { OPERATORS, type Operator } from '../../ast/operators.js';
import type { FilterNode } from '../../ast/filter-node.js';
import type { SortKey } from '../../ast/query-ast.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type {
  DataLayer,
  Id,
  IncludeRequest,
  IncludeResult,
  LayerContext,
  ReadRequest,
  ReadResult,
  RelatedReadRequest,
  Row,
} from '../data-layer.js';
import { compileComparator, compilePredicate, type BoundPredicate } from './compile-closures.js';
import { generateShape, runGenerated, type GeneratedShape } from './generate-source.js';
import { loadStore, type MemoryData } from './load-store.js';
import { LruCache } from './lru-cache.js';
import { lowerFilter, lowerSort, requireStore, type FilterPlan, type SortPlanKey } from './query-plan.js';
import { scanModeOf, scanRows, windowOf, type Comparator, type ScanMode, type ScanResult } from './scan.js';
import { LINKS, type Store, type StoredRow, type TypeStore } from './store.js';

/** Options of `createMemoryLayer`. */
export interface MemoryLayerOptions {
  /**
   * How compiled query shapes run: `'generate'` generates JavaScript with
   * `new Function` (fastest), `'closures'` uses nested closures only (for a
   * Content-Security-Policy without `unsafe-eval`). Default `'auto'`: generate,
   * falling back to closures when code generation throws.
   */
  readonly evaluation?: 'auto' | 'generate' | 'closures';
  /** Query shapes kept compiled (least recently used dropped first). Default 1,000. */
  readonly cacheSize?: number;
}

/** The memory layer, with a few introspection members beyond `DataLayer`. */
export interface MemoryLayer extends DataLayer {
  /** How shapes are evaluated after the `auto` fallback was resolved. */
  readonly evaluation: 'generate' | 'closures';
  /** Compiled query shapes currently cached. */
  readonly cachedShapes: number;
}

type CompiledShape =
  | { readonly kind: 'generated'; readonly shape: GeneratedShape }
  | {
      readonly kind: 'closures';
      readonly mode: ScanMode;
      readonly predicate: BoundPredicate | null;
      readonly comparator: Comparator;
    };

/**
 * Creates the in-memory reference data layer from a schema and records by type.
 * The data is validated on load (`MemoryDataError` names type, id and field) and
 * relationships are linked once; every filter and sort shape is compiled once and
 * cached, paged sorts keep only the best `offset + limit` rows.
 *
 * @example
 * const layer = createMemoryLayer(exampleSchema, exampleData);
 * const { rows, total } = await layer.read(
 *   { type: 'person', filter: null, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: 30 },
 *   { signal: AbortSignal.timeout(1000) },
 * );
 */
export function createMemoryLayer(schema: ResourceSchema, data: MemoryData, options: MemoryLayerOptions = {}): MemoryLayer {
  const resolved = resolveSchema(schema);
  const store = loadStore(resolved, data);
  const cache = new LruCache<string, CompiledShape>(options.cacheSize ?? 1000);
  let evaluation: 'generate' | 'closures' = options.evaluation === 'closures' ? 'closures' : 'generate';

  const compile = (plan: FilterPlan | null, keys: readonly SortPlanKey[], mode: ScanMode): CompiledShape => {
    if (evaluation === 'generate') {
      try {
        return { kind: 'generated', shape: generateShape(plan, keys, mode) };
      } catch (error) {
        if (options.evaluation === 'generate') throw error;
        evaluation = 'closures';
      }
    }
    return {
      kind: 'closures',
      mode,
      predicate: plan === null ? null : compilePredicate(plan),
      comparator: compileComparator(keys),
    };
  };

  const run = (
    type: TypeStore,
    rows: readonly Row[],
    filter: FilterNode | null,
    sort: readonly SortKey[],
    offset: number,
    limit: number | null,
    signal: AbortSignal | undefined,
  ): ScanResult => {
    const keys = lowerSort(store, type.type.name, sort);
    const mode = scanModeOf(keys, limit);
    const lowered = filter === null ? null : lowerFilter(store, type.type.name, filter);
    if (lowered === null && (mode === 'asc' || mode === 'desc')) {
      signal?.throwIfAborted();
      return { rows: windowOf(rows, mode === 'desc', offset, limit), total: rows.length };
    }
    const key = `${type.type.name}\n${mode}\n${JSON.stringify(keys)}\n${lowered === null ? '' : JSON.stringify(lowered.plan)}`;
    let shape = cache.get(key);
    if (shape === undefined) {
      shape = compile(lowered?.plan ?? null, keys, mode);
      cache.set(key, shape);
    }
    const constants = lowered?.constants ?? [];
    if (shape.kind === 'generated') return runGenerated(shape.shape, constants, rows, offset, limit, signal);
    const { predicate } = shape;
    const bound = predicate === null ? null : (row: Row) => predicate(row, constants);
    return scanRows(rows, shape.mode, bound, shape.comparator, offset, limit, signal);
  };

  const related = (request: RelatedReadRequest, signal: AbortSignal): ScanResult | null => {
    signal.throwIfAborted();
    const owner = requireStore(store, request.type);
    const row = findRow(owner, request.id);
    if (row === undefined) return null;
    const { slot, target, toMany } = relationshipOf(store, owner, request.relationship);
    const linked = row[LINKS][slot];
    if (!toMany) {
      const rows = linked === null ? [] : [linked as StoredRow];
      return { rows, total: rows.length };
    }
    return run(target, linked as readonly StoredRow[], request.filter, request.sort, request.offset, request.limit, signal);
  };

  return {
    operators: new Set<Operator>(OPERATORS),
    get evaluation() {
      return evaluation;
    },
    get cachedShapes() {
      return cache.size;
    },
    read(request: ReadRequest, { signal }: LayerContext): Promise<ReadResult> {
      return settle(() => {
        signal.throwIfAborted();
        const type = requireStore(store, request.type);
        checkPage(request);
        return run(type, type.rows, request.filter, request.sort, request.offset, request.limit, signal);
      });
    },
    readOne(type: string, id: Id, { signal }: LayerContext): Promise<Row | null> {
      return settle(() => {
        signal.throwIfAborted();
        return findRow(requireStore(store, type), id) ?? null;
      });
    },
    readRelated(request: RelatedReadRequest, { signal }: LayerContext): Promise<ReadResult | null> {
      return settle(() => {
        checkPage(request);
        return related(request, signal);
      });
    },
    readLinkage(request: RelatedReadRequest, { signal }: LayerContext) {
      return settle(() => {
        checkPage(request);
        const result = related(request, signal);
        return result === null ? null : { ids: result.rows.map((row) => row.id), total: result.total };
      });
    },
    readIncluded(request: IncludeRequest, { signal }: LayerContext): Promise<IncludeResult> {
      return settle(() => {
        signal.throwIfAborted();
        const owner = requireStore(store, request.type);
        const { slot } = relationshipOf(store, owner, request.relationship);
        const result = new Map<string, readonly Row[]>();
        for (const id of request.ids) {
          const row = findRow(owner, id);
          const linked = row === undefined ? null : row[LINKS][slot];
          result.set(String(id), linked === null || linked === undefined ? [] : Array.isArray(linked) ? linked : [linked as StoredRow]);
        }
        return result;
      });
    },
  };
}

/** Runs synchronous work as a promise, turning a throw into a rejection. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

function checkPage(request: { readonly offset: number; readonly limit: number | null }): void {
  if (!Number.isSafeInteger(request.offset) || request.offset < 0) throw new RangeError('offset must be a non-negative integer');
  if (request.limit !== null && (!Number.isSafeInteger(request.limit) || request.limit < 0)) {
    throw new RangeError('limit must be a non-negative integer or null');
  }
}

function relationshipOf(
  store: Store,
  owner: TypeStore,
  name: string,
): { readonly slot: number; readonly target: TypeStore; readonly toMany: boolean } {
  const relationship = owner.type.relationships.get(name);
  const slot = owner.slots.get(name);
  if (relationship === undefined || slot === undefined) {
    throw new Error(`Unknown relationship "${name}" of type "${owner.type.name}"`);
  }
  return { slot, target: requireStore(store, relationship.target), toMany: relationship.toMany };
}

/** A row by id; the id comes normalised (docs/data-layer.md), so it is looked up as it is. */
function findRow(type: TypeStore, id: Id): StoredRow | undefined {
  return type.byId.get(id);
}
