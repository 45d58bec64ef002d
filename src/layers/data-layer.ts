/**
 * The DataLayer interface: what the handler asks of a store to serve every route
 * of the specification. Nothing in it is shaped by one storage engine; every layer
 * gives the same records in the same order for the same request (docs/data-layer.md),
 * which the conformance kit of `jsonapi-query/testing` proves.
 */
import type { FilterNode } from '../ast/filter-node.js';
import type { Operator } from '../ast/operators.js';
import type { KeyValue, SortKey } from '../ast/query-ast.js';
import type { Operation } from '../operations/operation-node.js';
import type { Capabilities } from './capabilities.js';

/**
 * A primary key, always in its normalised form (docs/data-layer.md): a safe
 * non-negative integer `number` for a type with `integer` ids (`/pets/7` → `7`; `07`,
 * ` 7`, `7.0` and integers past 2^53 − 1 name no record and never reach a layer), the
 * string exactly as sent for `string` ids (`07` and `7` are two ids). The executor
 * produces it from the URL; a layer compares it as it is and never converts it.
 */
export type Id = string | number;

/**
 * A record as a layer returns it: flat, the primary key under `id` and each
 * attribute under its name. Other members (relationship ids a layer keeps) are
 * ignored by the pipeline; only attributes declared in the schema are ever read.
 *
 * @example
 * { id: '1', name: 'John', display_name: 'John Doe', birth_date: '1990-04-02', gender: 'm' }
 */
export interface Row {
  readonly id: Id;
  readonly [attribute: string]: unknown;
}

/** Passed with every call: cancel the work when the signal aborts. */
export interface LayerContext {
  readonly signal: AbortSignal;
}

/**
 * The keyset window of a cursor page: only rows strictly after `after` and strictly
 * before `before` in the request's `sort` order (nulls last ascending, first
 * descending, as every sort). Each bound holds one value per sort key, in the order
 * of `sort`; since the sort is total (it ends with `id`), no two rows tie with a bound.
 * A window with neither bound is the first page of a cursor walk.
 *
 * @example
 * // sort=-birth_date (then id), rows after the row with birth_date 1990-04-02 and id 7
 * { after: ['1990-04-02', 7] }
 */
export interface Keyset {
  readonly after?: readonly KeyValue[];
  readonly before?: readonly KeyValue[];
}

/**
 * A filtered, sorted, paged read of records of one type.
 * `offset`/`limit` are computed from the AST's page; `limit: null` means all rows.
 * A cursor page sends `keyset` (and `offset: 0`): the layer reads the first `limit`
 * rows inside the window and returns each row's sort key values in `keys`.
 */
export interface ReadRequest {
  readonly type: string;
  readonly filter: FilterNode | null;
  /** Always total (ends with `id` unless `id` is a key), as in the QueryAST. */
  readonly sort: readonly SortKey[];
  readonly offset: number;
  readonly limit: number | null;
  /** The attributes the response needs; a layer may return more. `undefined`: all. */
  readonly attributes?: readonly string[];
  /** A cursor page's window; `undefined` for a page by offset. */
  readonly keyset?: Keyset;
  /** `false` when nobody reads `total` (`count: 'none'`): the layer may skip counting. Default `true`. */
  readonly withTotal?: boolean;
  /**
   * `count: 'estimated'` (the `maxExactCount` limit): when more rows than this match,
   * the layer may answer an estimate as `total` and say so with `totalEstimated`; at
   * or below it, the exact count. A layer that cannot estimate ignores it and counts.
   * Never sent for a read restricted by a scope: an estimate would weigh rows the
   * requester cannot see.
   *
   * @example
   * // 1,000 rows or fewer match: total is exact; more: the planner's estimate
   * { type: 'person', filter, sort, offset: 0, limit: 31, estimateAbove: 1000 }
   */
  readonly estimateAbove?: number;
}

/**
 * One page of rows, and the number of rows matching the filter before paging
 * (`meta.count`; the window of a cursor page does not narrow it).
 */
export interface ReadResult {
  readonly rows: readonly Row[];
  /** Required unless the request said `withTotal: false`. */
  readonly total?: number;
  /** `true` when `total` is an estimate (only ever above the request's `estimateAbove`). */
  readonly totalEstimated?: boolean;
  /**
   * Each row's sort key values, one array per row in the order of `rows`, one value
   * per key of the request's `sort` (dotted keys included). Required when the
   * request has a `keyset`: the cursors of the page are made from it.
   *
   * @example
   * // sort=owner.name (then id) on computers
   * [['Jane', 3], ['John', 1]]
   */
  readonly keys?: readonly (readonly KeyValue[])[];
}

/**
 * The related records of one record along a to-many relationship, filtered,
 * sorted and paged like a collection (`/persons/1/computers?sort=serial`).
 */
export interface RelatedReadRequest extends Omit<ReadRequest, 'type'> {
  /** The type owning the relationship, and the owner's id. */
  readonly type: string;
  readonly id: Id;
  readonly relationship: string;
  /**
   * The row filter of the owner's type (a policy's), sent only to a layer whose
   * capabilities declare `rowFilters` for that type: an owner outside it does not
   * exist, and the read answers `null`.
   *
   * @example
   * // GET /persons/1/computers under a policy keeping women only
   * { type: 'person', id: '1', relationship: 'computers', ownerFilter: compareNode('gender', 'eq', 'f'), … }
   */
  readonly ownerFilter?: FilterNode;
}

/** The ids of a relationship read, with `total` and `keys` as in `ReadResult`. */
export interface LinkageResult {
  readonly ids: readonly Id[];
  readonly total?: number;
  readonly keys?: readonly (readonly KeyValue[])[];
}

/**
 * The related records of a whole set of records along one relationship, for
 * `include`: one call per include path step, never one per record.
 */
export interface IncludeRequest {
  /** The type owning the relationship. */
  readonly type: string;
  readonly relationship: string;
  /** The owners' ids, distinct. */
  readonly ids: readonly Id[];
  readonly attributes?: readonly string[];
  /**
   * The row filter of the related type (a policy's), sent only to a layer whose
   * capabilities declare `rowFilters` for that type: related rows outside it are left out.
   *
   * @example
   * // include=owner under a policy keeping women only
   * { type: 'computer', relationship: 'owner', ids: ['1', '2'], filter: compareNode('gender', 'eq', 'f') }
   */
  readonly filter?: FilterNode;
}

/**
 * The related rows of each owner, keyed by the owner's id as a string. Every owner
 * of the request has an entry: to-one relationships hold zero or one row, to-many
 * ones their rows in primary key order.
 */
export type IncludeResult = ReadonlyMap<string, readonly Row[]>;

/** What a write does to a resource: a relationship change is an `update` of the resource it is addressed to. */
export type WriteChange = 'create' | 'update' | 'delete';

/**
 * A list of operations to apply all or nothing (docs/writes.md, "Writing a layer"):
 * either every operation takes effect, or none does and the layer throws.
 */
export interface WriteRequest {
  readonly operations: readonly Operation[];
  /**
   * The request's scope: a filter per type, `undefined` for a type it does not
   * restrict. Every resource the list names that exists before it (the target of an
   * update, a delete or a relationship change, every related resource) must match its
   * type's filter before the list, else the layer throws `OperationError` `not_found`
   * (`related_not_found`); every resource the list creates, updates or changes a
   * relationship of must match it after the whole list, else `out_of_scope`.
   */
  readonly scope?: (type: string) => FilterNode | undefined;
  /**
   * The request's write permissions (a write policy, docs/policies.md "Write
   * policies"): per type and change, a filter the resources must match, `undefined`
   * where the change is not restricted (an empty `or` matches nothing). On top of the
   * scope: every existing resource the list updates (or changes a relationship of) or
   * deletes must match `update` or `delete` before the list, else `OperationError`
   * `forbidden_write` at the first operation addressing it; after the whole list, every
   * resource it created must match `create`, every other it changed `update`, else
   * `forbidden_write` at the first operation that created or changed it.
   */
  readonly permits?: (type: string, change: WriteChange) => FilterNode | undefined;
  /**
   * Hooks to run around every operation, inside the list's transaction (docs/writes.md,
   * "Hooks"): what they throw refuses the whole list, which the layer rolls back.
   */
  readonly hooks?: OperationHooks;
}

/**
 * What a layer calls around each operation of a list, in order, awaiting each call,
 * inside the list's transaction (docs/writes.md, "Writing a layer", rule 10). A
 * throw refuses the list: the layer rolls it back and rethrows it, as it is or as
 * the `cause` of an error of its own. `describeDataLayer`'s hook suite proves it.
 *
 * @example
 * const hooks: OperationHooks = {
 *   before: async (index, operation) => operation,
 *   after: async (index, operation, list) => void (await list.read('person', list.ids[index] ?? '')),
 * };
 */
export interface OperationHooks {
  /**
   * Before operation `index` is applied, once the resource it addresses is known to
   * exist (before its `ifMatch` is checked): resolves with the operation to apply, the
   * same one or a copy whose `attributes` a hook changed (server-owned values, checked
   * against the schema already). `list.ids` holds the ids of the operations before it.
   */
  before(index: number, operation: Operation, list: OperationList): Promise<Operation>;
  /** After operation `index` is applied: `list.ids[index]` is set and `list.read` sees its effect. */
  after(index: number, operation: Operation, list: OperationList): Promise<void>;
}

/** The list being applied, as a hook sees it between two operations. */
export interface OperationList {
  /** Per operation applied so far, as in `WriteResult`: the id it created or updated, `null` for the others. */
  readonly ids: readonly (Id | null)[];
  /**
   * A resource as the list sees it now (its `id` and attributes), `null` when there is
   * none. The SQL layer reads it in the list's transaction and locks its row
   * (`select … for update` on PostgreSQL and MySQL/MariaDB) until the list ends.
   */
  read(type: string, id: Id): Promise<Row | null>;
}

/** What a list wrote: per operation, the id of the resource it created or updated, `null` for the others. */
export interface WriteResult {
  readonly ids: readonly (Id | null)[];
  /**
   * Optional, per operation: the resource it created or updated as stored after the
   * whole list (`id` and every attribute, as `readOne` gives it), when the layer has
   * it at hand (the SQL layer's `insert … returning`); `null` or absent otherwise.
   * The handler then answers without reading the resource back.
   */
  readonly rows?: readonly (Row | null)[];
}

/**
 * A store that evaluates QueryASTs. Implement it for your own store and prove it
 * with `describeDataLayer` from `jsonapi-query/testing`.
 *
 * What it evaluates is declared in `operators` and `capabilities`; a query beyond
 * them is a 400 before the layer is called, or is evaluated in memory by
 * `withFallback` of `jsonapi-query/memory`. Failures: throw anything; the handler
 * answers 500 without leaking it. Throw a `DataLayerError` with `reason:
 * 'unavailable'` or `'timeout'` for a 503.
 */
export interface DataLayer {
  /** The operators this layer evaluates (`any`/`has` included); the parser answers any other with a 400 before calling it. */
  readonly operators: ReadonlySet<Operator>;
  /**
   * What else it evaluates, for every type or per type: filter node kinds and
   * operators per field kind, sort shapes, paging, includes, counts. Leave it out
   * for a full layer; see `Capabilities` and docs/data-layer.md.
   *
   * @example
   * capabilities: { filter: { nodes: ['and'] }, sort: { maxKeys: 1, paths: false }, paging: { keyset: false } },
   */
  readonly capabilities?: Capabilities | ((type: string) => Capabilities);
  /** A collection read: `GET /persons?filter=…&sort=…&page[…]=…`. */
  read(request: ReadRequest, context: LayerContext): Promise<ReadResult>;
  /** One record by id (`GET /persons/1`); `null` when there is none. */
  readOne(type: string, id: Id, context: LayerContext): Promise<Row | null>;
  /**
   * The related records of one record (`GET /persons/1/computers`, `GET /computers/1/owner`).
   * `null` when the owner does not exist. For a to-one relationship sort and page have
   * no effect and `rows` holds zero or one row; its `filter` is `null`, or, for a layer
   * declaring `rowFilters` for the related type, that type's row filter, which the row
   * must match to be returned.
   */
  readRelated(request: RelatedReadRequest, context: LayerContext): Promise<ReadResult | null>;
  /**
   * The relationship linkage of one record (`GET /persons/1/relationships/computers`):
   * the related ids, filtered, sorted and paged like `readRelated`. `null` when the
   * owner does not exist.
   */
  readLinkage(
    request: RelatedReadRequest,
    context: LayerContext,
  ): Promise<LinkageResult | null>;
  /** The related records of many records at once, for `include`. */
  readIncluded(request: IncludeRequest, context: LayerContext): Promise<IncludeResult>;
  /**
   * Whether this layer reads keyset windows (cursor pages) of `type` in the order of
   * `sort`, within `capabilities.paging.keyset`. Leave it out when it can on every
   * sort, as the memory and SQL layers do.
   * `false` answers a cursor page on that sort with a 400 `unsupported_cursor_sort`
   * (the Cursor Pagination profile's `unsupported-sort`) before the layer is called.
   *
   * @example
   * canPageByCursor: (type, sort) => sort.every((key) => key.path.length === 0),
   */
  canPageByCursor?(type: string, sort: readonly SortKey[]): boolean;
  /**
   * Applies a list of write operations all or nothing (docs/writes.md): one
   * transaction per list. Leave it out for a read-only layer: the handler then answers
   * every write with a 405. Refuse an operation by throwing `OperationError`
   * (a missing resource, a taken id, a write outside the scope); anything else
   * thrown is a 500, as for reads.
   *
   * @example
   * await layer.apply({ operations: [createOperation('person', { attributes: { name: 'Ada', display_name: 'Ada' }, relationships: {} })] }, context);
   * // { ids: ['27'] }
   */
  apply?(request: WriteRequest, context: LayerContext): Promise<WriteResult>;
}

/**
 * What a layer that wraps another (to scope, observe or count its calls) passes on
 * unchanged: the operators, the capabilities, `canPageByCursor` and `apply` (a
 * write carries its scope in its request).
 *
 * @example
 * const counted: DataLayer = { ...layerCapabilities(layer), read: (request, context) => layer.read(request, context), … };
 */
export function layerCapabilities(layer: DataLayer): Pick<DataLayer, 'operators' | 'capabilities' | 'canPageByCursor' | 'apply'> {
  const { canPageByCursor, capabilities, apply } = layer;
  return {
    operators: layer.operators,
    ...(capabilities === undefined ? {} : { capabilities: typeof capabilities === 'function' ? (type: string) => capabilities.call(layer, type) : capabilities }),
    ...(canPageByCursor === undefined ? {} : { canPageByCursor: (type, sort) => canPageByCursor.call(layer, type, sort) }),
    // A write carries its scope in the request, so a wrapper passes it on unchanged.
    ...(apply === undefined ? {} : { apply: (request, context) => apply.call(layer, request, context) }),
  };
}

/**
 * A failure a data layer reports on purpose. `unavailable` (pool exhausted,
 * database down) and `timeout` become 503; `internal` a 500. The message is for
 * logs only; clients never see it.
 *
 * @example
 * throw new DataLayerError('unavailable', 'connection pool exhausted', { cause: error });
 */
export class DataLayerError extends Error {
  override readonly name = 'DataLayerError';
  readonly reason: 'unavailable' | 'timeout' | 'internal';

  constructor(reason: 'unavailable' | 'timeout' | 'internal', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}
