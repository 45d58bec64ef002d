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
  /**
   * Sets the page: by number (`number` defaults to 1, `size` to the default page size),
   * by cursor (`after`/`before`: cursors from `meta.page.cursor` or a pagination link,
   * checked against the sort on `build()`), or `null` to disable pagination.
   */
  page(page: PageInput | null): QueryBuilder<S, T>;
  /** Adds include paths (`'computers.owner'`); exact duplicates are dropped. */
  include(...paths: readonly Names<IncludeName<S, T>>[]): QueryBuilder<S, T>;
  /** Sets sparse fieldsets, per type; a type given again replaces its list. */
  fields(fieldsets: FieldsetsInput<S>): QueryBuilder<S, T>;
  /** The validated QueryAST. */
  build(): QueryAST<S, T>;
  /** The canonical query string of the built query (`stringifyQuery(build())`). */
  toString(): string;
}

/**
 * A page as the builder takes it: `{ size: 10, number: 2 }`, or by cursor
 * `{ size: 10, after: 'WyIxazNm…' }` (docs/query-syntax.md, "Cursor pagination").
 */
export type PageInput =
  | { readonly size?: number; readonly number?: number }
  | { readonly size?: number; readonly after?: string; readonly before?: string };

interface Draft {
  readonly filters: readonly FilterNode[];
  readonly sort: readonly SortKey[] | undefined;
  readonly page: Page | null | undefined;
  /** The cursors given to `page`, as sent; decoded by the parser on `build()`. */
  readonly cursors: readonly string[];
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
    const text = [stringifyQuery(ast, options), ...draft.cursors].filter((part) => part !== '').join('&');
    return parseQuery(text, { ...options, schema, type });
  };

  const make = (draft: Draft): QueryBuilder<S, T> => ({
    filter: (input) =>
      make({
        ...draft,
        filters: [...draft.filters, typeof input === 'function' ? input(helper) : input] as FilterNode[],
      }),
    sort: (...keys) => make({ ...draft, sort: keys.map(sortKey) }),
    page: (page) => {
      if (page === null) return make({ ...draft, page: null, cursors: [] });
      const size = page.size ?? limits.defaultPageSize;
      const number = 'number' in page ? (page.number ?? 1) : 1;
      const cursors = (['after', 'before'] as const).flatMap((bound) => {
        const cursor = bound in page ? (page as { readonly [key: string]: string | undefined })[bound] : undefined;
        return cursor === undefined ? [] : [`page[${bound}]=${encodeURIComponent(cursor)}`];
      });
      return make({ ...draft, page: { kind: 'offset', size, number }, cursors });
    },
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

  return make({ filters: [], sort: undefined, page: undefined, cursors: [], include: [], fields: {} });
}

/** `'-owner.name'` → `{ path: ['owner'], field: 'name', direction: 'desc' }`. */
function sortKey(name: string): SortKey {
  const descending = name.startsWith('-');
  const segments = (descending ? name.slice(1) : name).split('.');
  const field = segments.pop() ?? '';
  return { path: segments, field, direction: descending ? 'desc' : 'asc' };
}
