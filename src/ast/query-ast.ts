/**
 * The QueryAST: what `parseQuery` returns for one request, resolved against the
 * schema, with defaults filled in. Plain, frozen and JSON-serializable, so it can be
 * compared with `toEqual`, stored in fixtures and logged.
 */
import type { SortableFieldName, TypeName } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { FilterNode } from './filter-node.js';

/**
 * One sort key. `sort=-birth_date` → `{ path: [], field: 'birth_date', direction: 'desc' }`;
 * `sort=owner.name` (on computers) → `{ path: ['owner'], field: 'name', direction: 'asc' }`.
 * `path` lists to-one relationships followed from the primary type.
 */
export interface SortKey<S extends ResourceSchema = ResourceSchema, T extends string = string> {
  readonly path: readonly string[];
  readonly field: SortableFieldName<S, T> | (string & {});
  readonly direction: 'asc' | 'desc';
}

/**
 * One value of a cursor's sort key, as the layer returned it in the row (dates
 * as their ISO text): `page[after]` of `sort=-birth_date` holds `['1990-04-02', 1]`.
 */
export type KeyValue = string | number | boolean | null;

/**
 * A page by number: `page[size]=10&page[number]=2` → `{ kind: 'offset', size: 10, number: 2 }`;
 * no `page` parameter (offset pagination, the default) → `{ kind: 'offset', size: 30, number: 1 }`.
 */
export interface OffsetPage {
  readonly kind: 'offset';
  readonly size: number;
  readonly number: number;
}

/**
 * A page by cursor (the JSON:API Cursor Pagination profile, docs/query-syntax.md):
 * `page[after]=…&page[size]=10` → `{ kind: 'cursor', size: 10, after: ['1990-04-02', 1] }`.
 * `after` and `before` hold the decoded sort key values of one row, one per key of
 * the AST's `sort` (the last is the `id`); a page without either is the first page.
 */
export interface CursorPage {
  readonly kind: 'cursor';
  readonly size: number;
  readonly after?: readonly KeyValue[];
  readonly before?: readonly KeyValue[];
}

/** The requested page: by number or by cursor. */
export type Page = OffsetPage | CursorPage;

/**
 * One include path: relationship names followed from the primary type.
 * `include=computers.owner` → `['computers', 'owner']`.
 */
export type IncludePath = readonly string[];

/**
 * Sparse fieldsets by type. `fields[person]=name,computers` → `{ person: ['name', 'computers'] }`.
 * A type that is not listed returns all its fields.
 */
export type Fieldsets<S extends ResourceSchema = ResourceSchema> = {
  readonly [K in TypeName<S>]?: readonly string[];
};

/**
 * The resolved query of one request.
 *
 * @example
 * // GET /persons?filter[name]=John&sort=-birth_date
 * {
 *   type: 'person',
 *   filter: { kind: 'compare', field: 'name', op: 'eq', value: 'John' },
 *   sort: [
 *     { path: [], field: 'birth_date', direction: 'desc' },
 *     { path: [], field: 'id', direction: 'asc' },
 *   ],
 *   page: { kind: 'offset', size: 30, number: 1 },
 *   include: [],
 *   fields: {},
 * }
 */
export type QueryAST<S extends ResourceSchema = ResourceSchema, T extends string = string> =
  // A distributive conditional keeps the type structural, so a typed QueryAST (from a
  // schema declared `as const`) is assignable to the plain `QueryAST` every layer takes.
  S extends unknown
    ? {
        /** The resource type `filter`, `sort` and `page` apply to. */
        readonly type: T;
        /** `null` when there is no filter; several top-level entries are combined in one `and` node. */
        readonly filter: FilterNode<S, T> | null;
        /** Always total: ends with `id` ascending unless `id` is already a key. */
        readonly sort: readonly SortKey<S, T>[];
        /** `null` when `page[size]=0` disabled pagination. */
        readonly page: Page | null;
        /** Include paths, in the order given, exact duplicates removed. */
        readonly include: readonly IncludePath[];
        readonly fields: Fieldsets<S>;
      }
    : never;
