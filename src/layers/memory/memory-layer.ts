import type { FilterNode } from '../../ast/filter-node.js';
import { OPERATORS, type Operator } from '../../ast/operators.js';
import { ID_ORDER } from '../../rules/id-tie-break.js';
import type { Capabilities } from '../capabilities.js';
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
  WriteRequest,
  WriteResult,
} from '../data-layer.js';
import { applyOperations, type MemoryState } from './apply-operations.js';
import { loadStore, type MemoryData } from './load-store.js';
import { requireStore } from './query-plan.js';
import { snapshotStore } from './snapshot-store.js';
import { createQueryRunner } from './run-query.js';
import { linkOf, type Store, type StoredRow, type TypeStore } from './store.js';

const ROW_FILTERS: Capabilities = { rowFilters: true };

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
  /**
   * The current records, after every write applied so far, in the shape
   * `createMemoryLayer` takes (records by type name, relationships as related ids):
   * a new layer built from it holds the same resources. Ids the layer generated
   * are not remembered beyond the records: after a reload, the id of a deleted
   * resource with the highest id may be generated again.
   *
   * @example
   * await writeFile('data.json', JSON.stringify({ schema, data: layer.snapshot() }));
   */
  snapshot(): MemoryData;
}

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
  const runner = createQueryRunner(options.evaluation ?? 'auto', options.cacheSize ?? 1000);
  // Every read takes the state once, synchronously: a list applied meanwhile replaces it whole.
  let state: MemoryState = { store: loadStore(resolved, data), sequences: new Map() };
  /** The last list queued: the next one starts when it settles. */
  let writes: Promise<unknown> = Promise.resolve();

  /** The rows of `type` matching a row filter (`rowFilters`), in their order; all of them without one. */
  const matching = (type: TypeStore, rows: readonly Row[], filter: FilterNode | null | undefined, signal: AbortSignal): readonly Row[] =>
    filter === null || filter === undefined || rows.length === 0
      ? rows
      : runner.run(state.store, type, rows, { filter, sort: ID_ORDER, offset: 0, limit: null, withTotal: false }, signal).rows;

  const related = (request: RelatedReadRequest, signal: AbortSignal): ReadResult | null => {
    signal.throwIfAborted();
    const owner = requireStore(state.store, request.type);
    const row = findRow(owner, request.id);
    if (row === undefined || matching(owner, [row], request.ownerFilter, signal).length === 0) return null;
    const { slot, target, toMany } = relationshipOf(state.store, owner, request.relationship);
    const linked = linkOf(row, slot);
    if (toMany) return runner.run(state.store, target, linked as readonly StoredRow[], request, signal);
    const rows = matching(target, linked === null ? [] : [linked as StoredRow], request.filter, signal);
    const keys = request.keyset === undefined ? {} : { keys: runner.keysOf(state.store, target, request.sort, rows) };
    return { rows, ...(request.withTotal === false ? {} : { total: rows.length }), ...keys };
  };

  return {
    operators: new Set<Operator>(OPERATORS),
    // Row filters of include, related and linkage reads are evaluated inline.
    capabilities: ROW_FILTERS,
    get evaluation() {
      return runner.evaluation;
    },
    get cachedShapes() {
      return runner.cachedShapes;
    },
    snapshot: () => snapshotStore(state.store),
    read(request: ReadRequest, { signal }: LayerContext): Promise<ReadResult> {
      return settle(() => {
        signal.throwIfAborted();
        const type = requireStore(state.store, request.type);
        checkPage(request);
        return runner.run(state.store, type, type.rows, request, signal);
      });
    },
    readOne(type: string, id: Id, { signal }: LayerContext): Promise<Row | null> {
      return settle(() => {
        signal.throwIfAborted();
        return findRow(requireStore(state.store, type), id) ?? null;
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
        if (result === null) return null;
        const { rows, ...rest } = result;
        return { ids: rows.map((row) => row.id), ...rest };
      });
    },
    apply(request: WriteRequest, { signal }: LayerContext): Promise<WriteResult> {
      // Lists apply one at a time, each on the state the one before it left: a list whose
      // hooks are awaited can never be overwritten by one that started meanwhile.
      const applied = writes.then(async () => {
        signal.throwIfAborted();
        const { state: next, ids } = await applyOperations(resolved, state, request, runner);
        signal.throwIfAborted();
        state = next;
        return { ids };
      });
      writes = applied.then(
        () => undefined,
        () => undefined,
      );
      return applied;
    },
    readIncluded(request: IncludeRequest, { signal }: LayerContext): Promise<IncludeResult> {
      return settle(() => {
        signal.throwIfAborted();
        const owner = requireStore(state.store, request.type);
        const { slot, target } = relationshipOf(state.store, owner, request.relationship);
        const result = new Map<string, readonly Row[]>();
        for (const id of request.ids) {
          const row = findRow(owner, id);
          const linked = row === undefined ? null : linkOf(row, slot);
          result.set(String(id), linked === null || linked === undefined ? [] : Array.isArray(linked) ? linked : [linked as StoredRow]);
        }
        if (request.filter === undefined) return result;
        // The row filter is evaluated once over the distinct related rows, then applied per owner.
        const reached = new Set<Row>();
        for (const rows of result.values()) for (const row of rows) reached.add(row);
        const visible = new Set(matching(target, [...reached], request.filter, signal));
        for (const [id, rows] of result) result.set(id, rows.filter((row) => visible.has(row)));
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
