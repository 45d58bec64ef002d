import type { FilterNode } from '../ast/filter-node.js';
import type { IncludePath, Page, QueryAST, SortKey } from '../ast/query-ast.js';
import { resolveLimits, type LimitOptions } from '../limits.js';
import { parseQuery } from '../parse/parse-query.js';
import type { TypeName } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import { stringifyQuery } from '../stringify/stringify-query.js';
import { filterHelper, type FilterHelper } from './filter-helper.js';
import type { FieldsetsInput, IncludeName, Names, SortName } from './typed-names.js';

/** Options of `query`: the limits the built query must respect (as the parser takes them). */
export interface QueryBuilderOptions {
  readonly limits?: LimitOptions;
}

/** A filter as `QueryBuilder.filter` takes it: a node, or a function of the typed factories. */
export type FilterInput<S extends ResourceSchema, T extends string> =
  | FilterNode<S, T>
  | ((f: FilterHelper<S, T>) => FilterNode<S, T>);

/**
 * An immutable, typed query under construction: every method returns a new builder.
 * `build()` returns the QueryAST the parser would produce for the same query, and
 * throws the parser's `QueryError` for anything the parser would reject (a value
 * failing the attribute's JSON Schema, a limit exceeded), so a built AST is always valid.
 */
export interface QueryBuilder<S extends ResourceSchema, T extends string> {
  /** Adds a filter; several calls are ANDed, like several top-level filter entries. */
  filter(input: FilterInput<S, T>): QueryBuilder<S, T>;
  /** Replaces the sort keys: `'-birth_date'`, `'owner.name'`; the `id` tie-breaker is added. */
  sort(...keys: readonly Names<SortName<S, T>>[]): QueryBuilder<S, T>;
  /** Sets the page (`number` defaults to 1, `size` to the default page size); `null` disables pagination. */
  page(page: { readonly size?: number; readonly number?: number } | null): QueryBuilder<S, T>;
  /** Adds include paths (`'computers.owner'`); exact duplicates are dropped. */
  include(...paths: readonly Names<IncludeName<S, T>>[]): QueryBuilder<S, T>;
  /** Sets sparse fieldsets, per type; a type given again replaces its list. */
  fields(fieldsets: FieldsetsInput<S>): QueryBuilder<S, T>;
  /** The validated QueryAST. */
  build(): QueryAST<S, T>;
  /** The canonical query string of the built query (`stringifyQuery(build())`). */
  toString(): string;
}

interface Draft {
  readonly filters: readonly FilterNode[];
  readonly sort: readonly SortKey[] | undefined;
  readonly page: Page | null | undefined;
  readonly include: readonly IncludePath[];
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

/**
 * Starts a typed query on one resource type of a schema declared `as const`.
 *
 * @example
 * const ast = query(exampleSchema, 'person')
 *   .filter((f) => f.and(f.eq('name', 'John'), f.any('computers', (c) => c.startswith('serial', 'SN'))))
 *   .sort('-birth_date', 'name')
 *   .page({ size: 10, number: 2 })
 *   .include('computers.owner')
 *   .fields({ person: ['name', 'computers'] })
 *   .build();
 */
export function query<S extends ResourceSchema, T extends Names<TypeName<S>>>(
  schema: S,
  type: T,
  options?: QueryBuilderOptions,
): QueryBuilder<S, T>;
export function query<S extends ResourceSchema, T extends TypeName<S>>(
  schema: S,
  type: T,
  options: QueryBuilderOptions = {},
): QueryBuilder<S, T> {
  const helper = filterHelper(schema, type);
  const limits = resolveLimits(options.limits, type);

  const toAst = (draft: Draft): QueryAST<S, T> => {
    const [first, ...rest] = draft.filters;
    const filter =
      first === undefined ? null : rest.length === 0 ? first : { kind: 'and' as const, nodes: draft.filters };
    const ast = {
      type,
      filter,
      // The parser appends the `id` tie-breaker (stringify writes the keys given).
      sort: draft.sort ?? [],
      page: draft.page === undefined ? { kind: 'offset', size: limits.defaultPageSize, number: 1 } : draft.page,
      include: draft.include,
      fields: draft.fields,
    } as QueryAST<S, T>;
    // The parser is the one judge of validity: what it rejects, the builder rejects.
    return parseQuery(stringifyQuery(ast, options), { ...options, schema, type });
  };

  const make = (draft: Draft): QueryBuilder<S, T> => ({
    filter: (input) =>
      make({
        ...draft,
        filters: [...draft.filters, typeof input === 'function' ? input(helper) : input] as FilterNode[],
      }),
    sort: (...keys) => make({ ...draft, sort: keys.map(sortKey) }),
    page: (page) =>
      make({
        ...draft,
        page: page === null ? null : { kind: 'offset', size: page.size ?? limits.defaultPageSize, number: page.number ?? 1 },
      }),
    include: (...paths) => {
      const include = [...draft.include];
      for (const path of paths) {
        const segments = path.split('.');
        if (!include.some((known) => known.join('.') === path)) include.push(segments);
      }
      return make({ ...draft, include });
    },
    fields: (fieldsets) => make({ ...draft, fields: { ...draft.fields, ...(fieldsets as Draft['fields']) } }),
    build: () => toAst(draft),
    toString: () => stringifyQuery(toAst(draft), options),
  });

  return make({ filters: [], sort: undefined, page: undefined, include: [], fields: {} });
}

/** `'-owner.name'` → `{ path: ['owner'], field: 'name', direction: 'desc' }`. */
function sortKey(name: string): SortKey {
  const descending = name.startsWith('-');
  const segments = (descending ? name.slice(1) : name).split('.');
  const field = segments.pop() ?? '';
  return { path: segments, field, direction: descending ? 'desc' : 'asc' };
}
