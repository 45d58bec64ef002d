import fc from 'fast-check';
import type { FilterNode } from '../../ast/filter-node.js';
import type { IncludePath, Page, QueryAST, SortKey } from '../../ast/query-ast.js';
import { resolveLimits, type QueryLimits } from '../../limits.js';
import { withIdTieBreak } from '../../rules/id-tie-break.js';
import { sortKeyName } from '../../rules/sort-key-text.js';
import { resolveSchema, type ResolvedSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { stringifyQuery } from '../../stringify/stringify-query.js';
import { encodeCursor } from '../../paging/cursor-codec.js';
import { arbitraryCursorValues } from './arbitrary-cursor.js';
import { arbitraryFilter, type ArbitraryFilterOptions } from './arbitrary-filter.js';

/** Options of `arbitraryQueryAst`: those of `arbitraryFilter`, and what to generate besides. */
export interface ArbitraryQueryAstOptions extends ArbitraryFilterOptions {
  /** Generate a filter (default `true`; it is still `null` in some ASTs). */
  readonly filter?: boolean;
  /** Most sort keys the client gives (default 3, at most `maxSortKeys`). */
  readonly maxSortKeys?: number;
  /** Most include paths (default 3, at most `maxIncludePaths`). */
  readonly maxIncludePaths?: number;
  /**
   * Generate cursor pages too (default `false`; never when `capabilities.keyset` is false): bounds with valid key values for the
   * AST's sort, within `maxCursorLength`; under `pagination: 'cursor'` also first pages,
   * and no pages by number (the parser refuses them there).
   */
  readonly cursorPages?: boolean;
}

/**
 * Random valid QueryASTs for a type, exactly as `parseQuery` returns them: a filter
 * from `arbitraryFilter` or `null`; a total sort (sortable fields, dotted paths through
 * to-one relationships, ending with `id` ascending unless `id` is a key); the default
 * page, another one within the page size and offset limits, or `null` when
 * pagination may be disabled; distinct include paths within the depth limit; and
 * sparse fieldsets. The canonical query string of each fits the query budget.
 *
 * @example
 * fc.assert(fc.property(arbitraryQueryAst(exampleSchema, 'person'), (ast) => {
 *   expect(parseQuery(stringifyQuery(ast), { schema: exampleSchema, type: 'person' })).toEqual(ast);
 * }));
 */
export function arbitraryQueryAst(
  schema: ResourceSchema,
  type: string,
  options: ArbitraryQueryAstOptions = {},
): fc.Arbitrary<QueryAST> {
  const resolved = resolveSchema(schema);
  const limits = resolveLimits(options.limits, type);
  const maxHops = Math.min(options.maxHops ?? 2, limits.maxPathHops);
  const filter: fc.Arbitrary<FilterNode | null> =
    options.filter === false
      ? fc.constant(null)
      : fc.option(arbitraryFilter(schema, type, options), { nil: null, freq: 4 });
  const { capabilities } = options;
  const sorts = sortArbitrary(
    resolved,
    type,
    Math.min(options.maxSortKeys ?? 3, limits.maxSortKeys, capabilities?.maxSortKeys ?? Infinity),
    capabilities?.sortPaths === false ? 0 : maxHops,
  );
  const pages = pageArbitrary(limits, capabilities?.offset ?? true);
  const sortAndPage: fc.Arbitrary<{ sort: readonly SortKey[]; page: Page | null }> =
    options.cursorPages === true && capabilities?.keyset !== false
      ? sorts.chain((sort) => {
          const cursorPage = cursorPageArbitrary(schema, type, sort, limits, options);
          // Under cursor pagination pages by number are refused; only unpaginated reads remain beside cursor pages.
          const other = limits.pagination === 'cursor' ? (limits.allowUnpaginated ? [fc.constant(null)] : []) : [pages];
          return fc.oneof<fc.Arbitrary<Page | null>[]>(...other, cursorPage).map((page) => ({ sort, page }));
        })
      : fc.record({ sort: sorts, page: pages });
  return fc
    .record({
      filter,
      sortAndPage,
      include: includeArbitrary(
        resolved,
        type,
        capabilities?.includes === false ? 0 : Math.min(options.maxIncludePaths ?? 3, limits.maxIncludePaths),
        limits.maxIncludeDepth,
      ),
      fields: fieldsArbitrary(resolved),
    })
    .map(({ sortAndPage: { sort, page }, ...parts }): QueryAST => ({ type, ...parts, sort, page }))
    // The canonical string is ASCII (percent-encoded), so its length is its byte count.
    .filter((ast) => stringifyQuery(ast, options).length <= limits.maxQueryLength);
}

/** Distinct sort keys (paths through to-one relationships), then the `id` tie-breaker. */
function sortArbitrary(
  resolved: ResolvedSchema,
  type: string,
  maxKeys: number,
  maxHops: number,
): fc.Arbitrary<readonly SortKey[]> {
  const candidates: { path: readonly string[]; field: string }[] = [];
  const visit = (typeName: string, path: readonly string[]) => {
    const current = resolved.types.get(typeName);
    if (current === undefined) return;
    for (const attribute of [current.id, ...current.attributes.values()]) {
      if (attribute.sortable) candidates.push({ path, field: attribute.name });
    }
    if (path.length >= maxHops) return;
    for (const relationship of current.relationships.values()) {
      if (!relationship.toMany) visit(relationship.target, [...path, relationship.name]);
    }
  };
  visit(type, []);
  return fc
    .uniqueArray(
      fc.record({ key: fc.constantFrom(...candidates), descending: fc.boolean() }),
      { maxLength: maxKeys, selector: ({ key }) => sortKeyName(key) },
    )
    .map((chosen) => {
      const keys: SortKey[] = chosen.map(({ key, descending }) => ({
        path: key.path,
        field: key.field,
        direction: descending ? 'desc' : 'asc',
      }));
      return withIdTieBreak(keys);
    });
}

/**
 * The default page (often), `null` when allowed, or a size and number within the
 * limits; a counterexample shrinks to the default page when the page does not matter.
 */
function pageArbitrary(limits: QueryLimits, offset: boolean): fc.Arbitrary<Page | null> {
  const lastNumber = (size: number) => (offset ? Math.floor(limits.maxOffset / size) + 1 : 1);
  const sized = fc
    .integer({ min: 1, max: limits.maxPageSize })
    .chain((size) => fc.integer({ min: 1, max: lastNumber(size) }).map((number): Page => ({ kind: 'offset', size, number })));
  const branches: fc.WeightedArbitrary<Page | null>[] = [
    { arbitrary: fc.constant({ kind: 'offset' as const, size: limits.defaultPageSize, number: 1 }), weight: 3 },
    {
      arbitrary: fc
        .integer({ min: 1, max: Math.min(5, lastNumber(limits.defaultPageSize)) })
        .map((number) => ({ kind: 'offset' as const, size: limits.defaultPageSize, number })),
      weight: 1,
    },
    { arbitrary: sized, weight: 2 },
  ];
  if (limits.allowUnpaginated) branches.push({ arbitrary: fc.constant(null), weight: 1 });
  if (limits.defaultPageSize > limits.maxPageSize) branches.splice(0, 2);
  // Shrinks towards the first branch: the default page, which the query string omits.
  return fc.oneof({ withCrossShrink: true }, ...branches);
}

/**
 * Cursor pages for one sort: a size within the limits and an `after` and/or `before`
 * bound of valid key values whose cursor fits `maxCursorLength` (a first page without
 * bounds only under `pagination: 'cursor'`, where the parser gives one).
 */
function cursorPageArbitrary(
  schema: ResourceSchema,
  type: string,
  sort: readonly SortKey[],
  limits: QueryLimits,
  options: ArbitraryQueryAstOptions,
): fc.Arbitrary<Page> {
  const bound = arbitraryCursorValues(schema, type, sort, options).filter(
    (values) => encodeCursor(type, sort, values).length <= limits.maxCursorLength,
  );
  const size = fc.oneof(fc.constant(limits.defaultPageSize), fc.integer({ min: 1, max: limits.maxPageSize }));
  const min = limits.pagination === 'cursor' ? 0 : 1;
  return fc
    .record({ size, after: fc.option(bound, { nil: undefined }), before: fc.option(bound, { nil: undefined }) })
    .filter(({ after, before }) => (after === undefined ? 0 : 1) + (before === undefined ? 0 : 1) >= min)
    .filter(({ size: chosen }) => chosen > 0 && chosen <= limits.maxPageSize)
    .map(({ size: chosen, after, before }): Page => ({
      kind: 'cursor',
      size: chosen,
      ...(after === undefined ? {} : { after }),
      ...(before === undefined ? {} : { before }),
    }));
}

/** Distinct relationship paths from the type, at most `maxDepth` long. */
function includeArbitrary(
  resolved: ResolvedSchema,
  type: string,
  maxPaths: number,
  maxDepth: number,
): fc.Arbitrary<readonly IncludePath[]> {
  const paths: string[][] = [];
  const visit = (typeName: string, path: readonly string[]) => {
    if (path.length >= maxDepth) return;
    for (const relationship of resolved.types.get(typeName)?.relationships.values() ?? []) {
      const next = [...path, relationship.name];
      paths.push(next);
      visit(relationship.target, next);
    }
  };
  visit(type, []);
  if (paths.length === 0) return fc.constant([]);
  return fc.uniqueArray(fc.constantFrom(...paths), { maxLength: maxPaths, selector: (path) => path.join('.') });
}

/** Sparse fieldsets for some types: distinct attribute and relationship names, possibly none. */
function fieldsArbitrary(resolved: ResolvedSchema): fc.Arbitrary<QueryAST['fields']> {
  const types = [...resolved.types.values()];
  return fc
    .tuple(
      ...types.map((type) =>
        fc.option(fc.shuffledSubarray([...type.attributes.keys(), ...type.relationships.keys()]), {
          nil: undefined,
          freq: 2,
        }),
      ),
    )
    .map((lists) => {
      const fields: Record<string, readonly string[]> = {};
      types.forEach((type, index) => {
        const list = lists[index];
        if (list !== undefined) fields[type.name] = list;
      });
      return fields;
    });
}
