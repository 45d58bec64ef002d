import type { FilterNode } from '../../ast/filter-node.js';
import { OPERATORS, type Operator } from '../../ast/operators.js';
import { QueryError } from '../../errors/query-error.js';
import { ID_ORDER } from '../../rules/id-tie-break.js';
import { resolveSchema, type ResolvedSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import {
  COMBINING_NODE_KINDS,
  evaluatesFilter,
  readsSort,
  resolveCapabilities,
  type Capabilities,
  type ResolvedCapabilities,
} from '../capabilities.js';
import type {
  DataLayer,
  LayerContext,
  LinkageResult,
  ReadRequest,
  ReadResult,
  RelatedReadRequest,
  Row,
} from '../data-layer.js';
import { pathsOf, type PathTree } from './follow-paths.js';
import { requireStore } from './query-plan.js';
import { createQueryRunner, type Query } from './run-query.js';
import { RowClasses, ScanStore } from './scan-store.js';
import { splitFilter } from './split-filter.js';
import { POSITION, type StoredRow } from './store.js';

/** Options of `withFallback`. */
export interface FallbackOptions {
  /**
   * Most rows one request may read from the layer to evaluate the rest in memory
   * (the candidates of the pushed-down filter, and their related rows); past it, a
   * 400 `query_too_expensive`. Default 10,000.
   */
  readonly maxScanRows?: number;
  /** How compiled shapes run, as the memory layer's option. Default `'auto'`. */
  readonly evaluation?: 'auto' | 'generate' | 'closures';
}

/** The default `maxScanRows`. */
export const DEFAULT_MAX_SCAN_ROWS = 10_000;

/** The part of a read a fallback plans: filter, sort and paging. */
type Planned = Pick<ReadRequest, 'filter' | 'sort' | 'offset' | 'limit' | 'keyset' | 'withTotal'>;

/**
 * Wraps a layer that declares less than everything (`capabilities`, `operators`,
 * `canPageByCursor`) into one that answers every read query: what the layer
 * evaluates is pushed down (the whole filter, or the conjuncts of an `and` it
 * evaluates), the candidates are read in primary key order up to `maxScanRows`, the
 * relationships the rest follows are read with `readIncluded`, and the rest —
 * filter, sort, keyset window, offset and limit, count — is evaluated by the memory
 * layer's compiled evaluators, so the answer is the memory layer's. A query the
 * layer answers whole goes to it unchanged. Past `maxScanRows`, a 400
 * `query_too_expensive`. Includes are the layer's own: a layer without `includes`
 * gets no `any`/`has` and no dotted sorts.
 *
 * @example
 * const dataLayer = withFallback(schema, myEqOnlyLayer, { maxScanRows: 50_000 });
 * createHandler({ schema, dataLayer });
 */
export function withFallback(schema: ResourceSchema, layer: DataLayer, options: FallbackOptions = {}): DataLayer {
  const resolved = resolveSchema(schema);
  const maxScanRows = options.maxScanRows ?? DEFAULT_MAX_SCAN_ROWS;
  if (!Number.isSafeInteger(maxScanRows) || maxScanRows < 1) throw new RangeError('withFallback: maxScanRows must be a positive integer');
  const runner = createQueryRunner(options.evaluation ?? 'auto', 1000);
  const rowClasses = new RowClasses();
  const inner = (type: string): ResolvedCapabilities => resolveCapabilities(layer, type);
  /** The read of the candidates: what the layer evaluates, in primary key order, one row past the budget. */
  const candidates = (pushed: FilterNode | null): Planned => ({ filter: pushed, sort: ID_ORDER, offset: 0, limit: maxScanRows + 1, withTotal: false });

  /** What a read of `type` pushes down, and whether the rest must be evaluated here. */
  const plan = (type: string, request: Planned) => {
    const capabilities = inner(type);
    const split = splitFilter(request.filter, (node) => evaluatesFilter(capabilities, resolved, type, node), capabilities.nodes.has('and'));
    const keysetRead = capabilities.keyset && (layer.canPageByCursor === undefined || layer.canPageByCursor(type, request.sort));
    const whole =
      split.residual === null &&
      readsSort(capabilities, request.sort) &&
      (request.keyset === undefined || keysetRead) &&
      (request.offset === 0 || capabilities.offset) &&
      (request.withTotal === false || capabilities.counts);
    return { ...split, whole };
  };

  /** Follows what the rest of the request needs from the candidates the layer read, and evaluates it here. */
  const evaluate = async (
    type: string,
    request: Planned,
    residual: FilterNode | null,
    fetched: ReadResult,
    context: LayerContext,
  ): Promise<ReadResult> => {
    const budget = (count: number): void => {
      if (count > maxScanRows) throw tooExpensive(resolved, type, maxScanRows, residual !== null);
    };
    budget(fetched.rows.length);
    const gathered = new ScanStore(resolved, rowClasses);
    const rows = gathered.addAll(type, fetched.rows);
    await follow(layer, resolved, gathered, type, rows, pathsOf(residual, request.sort), budget, context);
    const store = gathered.build();
    // The type's store may also hold rows reached through a relationship to the same type: only the candidates are read.
    const candidates = rows.sort((a, b) => a[POSITION] - b[POSITION]);
    const query: Query = { ...request, filter: residual };
    const result = runner.run(store, requireStore(store, type), candidates, query, context.signal);
    return { ...result, rows: result.rows.map((row) => gathered.source(row)) };
  };

  /** A related read: a to-one one in an order the layer reads (it has one row at most), a to-many one planned. */
  const relatedPlan = (request: RelatedReadRequest) => {
    const relationship = resolved.types.get(request.type)?.relationships.get(request.relationship);
    if (relationship === undefined) throw new Error(`Unknown relationship "${request.relationship}" of type "${request.type}"`);
    const target = relationship.target;
    if (!relationship.toMany) {
      const sort = readsSort(inner(target), request.sort) ? request.sort : ID_ORDER;
      return { target, toOne: { ...request, sort }, pushed: null, residual: null, whole: true };
    }
    return { target, toOne: undefined, ...plan(target, request) };
  };

  const related = async (request: RelatedReadRequest, context: LayerContext): Promise<ReadResult | null> => {
    const { target, toOne, pushed, residual, whole } = relatedPlan(request);
    if (whole) return layer.readRelated(toOne ?? request, context);
    const owner = { type: request.type, id: request.id, relationship: request.relationship };
    const fetched = await layer.readRelated({ ...owner, ...candidates(pushed) }, context);
    return fetched === null ? null : evaluate(target, request, residual, fetched, context);
  };

  return {
    operators: new Set<Operator>(OPERATORS),
    capabilities: (type: string): Capabilities => {
      const { includes } = inner(type);
      return {
        filter: { nodes: COMBINING_NODE_KINDS.filter((kind) => includes || (kind !== 'any' && kind !== 'has')) },
        sort: { paths: includes },
        includes,
      };
    },
    async read(request, context) {
      const { pushed, residual, whole } = plan(request.type, request);
      if (whole) return layer.read(request, context);
      const fetched = await layer.read({ type: request.type, ...candidates(pushed) }, context);
      return evaluate(request.type, request, residual, fetched, context);
    },
    readOne: (type, id, context) => layer.readOne(type, id, context),
    readRelated: related,
    async readLinkage(request, context): Promise<LinkageResult | null> {
      const { toOne, whole } = relatedPlan(request);
      if (whole) return layer.readLinkage(toOne ?? request, context);
      const result = await related(request, context);
      if (result === null) return null;
      const { rows, ...rest } = result;
      return { ids: rows.map((row) => row.id), ...rest };
    },
    readIncluded: (request, context) => layer.readIncluded(request, context),
  };
}

/**
 * Reads, one `readIncluded` call per relationship and level, the related rows a
 * residual filter or a dotted sort follows, and links them into the gathered store.
 */
async function follow(
  layer: DataLayer,
  resolved: ResolvedSchema,
  gathered: ScanStore,
  type: string,
  owners: readonly StoredRow[],
  paths: PathTree,
  budget: (count: number) => void,
  context: LayerContext,
): Promise<void> {
  for (const [relationship, next] of paths) {
    const target = resolved.types.get(type)?.relationships.get(relationship)?.target;
    if (target === undefined || owners.length === 0) continue;
    const result = await layer.readIncluded({ type, relationship, ids: owners.map((row) => row.id) }, context);
    const reached = new Set<StoredRow>();
    for (const owner of owners) {
      const linked = (result.get(String(owner.id)) ?? []).map((row: Row) => gathered.add(target, row));
      for (const row of linked) reached.add(row);
      gathered.link(type, owner, relationship, linked);
    }
    budget(gathered.size);
    await follow(layer, resolved, gathered, target, [...reached], next, budget, context);
  }
}

function tooExpensive(resolved: ResolvedSchema, type: string, maxScanRows: number, filtered: boolean): QueryError {
  const root = resolved.types.get(type)?.root ?? type;
  return QueryError.of({
    code: 'query_too_expensive',
    detail: `This query would read more than ${maxScanRows} rows of ${root} to be answered; narrow it with a filter the server evaluates directly`,
    ...(filtered ? { parameter: 'filter' } : {}),
    limit: maxScanRows,
  });
}
