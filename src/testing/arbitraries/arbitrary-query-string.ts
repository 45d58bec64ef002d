import fc from 'fast-check';
import type { FilterNode } from '../../ast/filter-node.js';
import type { QueryAST } from '../../ast/query-ast.js';
import { resolveLimits, type QueryLimits } from '../../limits.js';
import type { Scalar } from '../../schema/infer.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { filterEntry, filterJson } from '../../stringify/filter-json.js';
import { stringifyQuery } from '../../stringify/stringify-query.js';
import { arbitraryFilter, countNodes } from './arbitrary-filter.js';
import { arbitraryQueryAst, type ArbitraryQueryAstOptions } from './arbitrary-query-ast.js';

/** A query string and the QueryAST `parseQuery` must return for it. */
export interface QueryCase {
  readonly ast: QueryAST;
  readonly query: string;
}

/**
 * Random valid query strings with the AST each parses to: the canonical
 * `stringifyQuery` form, and equivalent variants a client may send — trailing `eq`
 * comparisons (and `rel__field` shortcuts) moved to the simple form
 * `filter[<field>]=<value>`, parameters in another order, `+` for spaces, encoded
 * brackets and lower-case percent-escapes.
 *
 * @example
 * fc.assert(fc.property(arbitraryQueryCase(exampleSchema, 'person'), ({ ast, query }) => {
 *   expect(parseQuery(query, { schema: exampleSchema, type: 'person' })).toEqual(ast);
 * }));
 */
export function arbitraryQueryCase(
  schema: ResourceSchema,
  type: string,
  options: ArbitraryQueryAstOptions = {},
): fc.Arbitrary<QueryCase> {
  const limits = resolveLimits(options.limits, type);
  const asts = fc.oneof(
    { arbitrary: arbitraryQueryAst(schema, type, options), weight: 2 },
    { arbitrary: withSimpleEntries(schema, type, options, limits), weight: 1 },
  );
  return asts.chain((ast) => {
    const canonical = stringifyQuery(ast, options);
    return fc
      .oneof(
        { arbitrary: fc.constant(canonical), weight: 2 },
        { arbitrary: variantArbitrary(ast, options), weight: 3 },
      )
      .filter((query) => query.length <= limits.maxQueryLength)
      .map((query) => ({ ast, query }));
  });
}

/**
 * Random valid query strings for a type (see `arbitraryQueryCase`, which also gives
 * the AST each one parses to).
 *
 * @example
 * fc.assert(fc.property(arbitraryQueryString(exampleSchema, 'person'), (query) => {
 *   expect(() => parseQuery(query, { schema: exampleSchema, type: 'person' })).not.toThrow();
 * }));
 */
export function arbitraryQueryString(
  schema: ResourceSchema,
  type: string,
  options: ArbitraryQueryAstOptions = {},
): fc.Arbitrary<string> {
  return arbitraryQueryCase(schema, type, options).map(({ query }) => query);
}

/**
 * ASTs whose filter ends in comparisons the simple form can carry (`eq`, through
 * `any`/`has` for `rel__field`), so `filter[<field>]=` is common, not an accident.
 * Without `eq` among the operators, plain ASTs.
 */
function withSimpleEntries(
  schema: ResourceSchema,
  type: string,
  options: ArbitraryQueryAstOptions,
  limits: QueryLimits,
): fc.Arbitrary<QueryAST> {
  const allowed = options.operators === undefined ? undefined : new Set(options.operators);
  const operators = (['eq', 'any', 'has'] as const).filter((op) => allowed === undefined || allowed.has(op));
  if (!operators.includes('eq')) return arbitraryQueryAst(schema, type, options);
  const simple = arbitraryFilter(schema, type, { ...options, operators, maxDepth: 2 }).filter(
    (node) => simpleFilter(node) !== undefined,
  );
  return fc
    .tuple(arbitraryQueryAst(schema, type, options), fc.array(simple, { minLength: 1, maxLength: 2 }))
    .map(([ast, extra]): QueryAST => ({ ...ast, filter: appendEntries(ast.filter, extra) }))
    .filter(
      ({ filter }) =>
        filter === null || (countNodes(filter) <= limits.maxFilterNodes && filterJson(filter).length <= limits.maxFilterLength),
    );
}

/** The filter of `filter=[...entries]` followed by more entries: one node, or an `and` of all of them. */
function appendEntries(filter: FilterNode | null, extra: readonly FilterNode[]): FilterNode {
  const entries = [...entriesOf(filter), ...extra];
  return entries.length === 1 ? (entries[0] as FilterNode) : { kind: 'and', nodes: entries };
}

/** The top-level entries a filter is written as: the nodes of an `and` of two or more, else the node itself. */
function entriesOf(filter: FilterNode | null): readonly FilterNode[] {
  if (filter === null) return [];
  return filter.kind === 'and' && filter.nodes.length >= 2 ? filter.nodes : [filter];
}

/** A simple filter: a path of relationships and a field compared with `eq` to a non-null value. */
interface SimpleFilter {
  readonly name: string;
  readonly value: Exclude<Scalar, null>;
}

/** `filter[computers__serial]=X` for `any computers (serial eq "X")`; `undefined` when not expressible. */
function simpleFilter(node: FilterNode, path: readonly string[] = []): SimpleFilter | undefined {
  if (node.kind === 'any' || node.kind === 'has') return simpleFilter(node.node as FilterNode, [...path, node.relationship]);
  if (node.kind !== 'compare' || node.op !== 'eq' || node.value === null || typeof node.value === 'object') {
    return undefined;
  }
  return { name: [...path, node.field].join('__'), value: node.value };
}

function variantArbitrary(ast: QueryAST, options: ArbitraryQueryAstOptions): fc.Arbitrary<string> {
  const rest = stringifyQuery({ ...ast, filter: null }, options);
  const entries = entriesOf(ast.filter);
  // Only a trailing run of entries can move (the parser puts the JSON entries first),
  // each name once (a repeated simple parameter is an error).
  const names = new Set<string>();
  let split = entries.length;
  for (; split > 0; split--) {
    const simple = simpleFilter(entries[split - 1] as FilterNode);
    if (simple === undefined || names.has(simple.name)) break;
    names.add(simple.name);
  }
  return fc
    .record({
      // Most variants move every entry that can move.
      from: fc.oneof({ arbitrary: fc.constant(split), weight: 2 }, fc.integer({ min: split, max: entries.length })),
      order: fc.array(fc.nat(), { maxLength: 12 }),
      plus: fc.boolean(),
      brackets: fc.boolean(),
      lower: fc.boolean(),
    })
    .map(({ from, order, plus, brackets, lower }) => {
      const json = entries.slice(0, from);
      const simple = entries.slice(from).map((entry) => simpleFilter(entry) as SimpleFilter);
      const jsonText = json.length === 0 ? undefined : JSON.stringify(json.map(filterEntry));
      const filterParameters = [
        ...(jsonText === undefined ? [] : [`filter=${encodeURIComponent(jsonText)}`]),
        ...simple.map(({ name, value }) => `filter[${name}]=${encodeURIComponent(String(value))}`),
      ];
      const others = rest === '' ? [] : rest.split('&');
      const parameters = shuffleKeepingFilters([...filterParameters, ...others], order);
      let query = parameters.join('&');
      if (plus) query = query.replaceAll('%20', '+');
      if (brackets) query = query.replace(/\[|\]/g, (bracket) => (bracket === '[' ? '%5B' : '%5D'));
      if (lower) query = query.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
      return query;
    });
}

/**
 * Moves parameters around by the given random swaps, then puts the simple filters
 * back in their relative order (the parser ANDs them in the order they come).
 */
function shuffleKeepingFilters(parameters: readonly string[], swaps: readonly number[]): string[] {
  const result = [...parameters];
  swaps.forEach((swap, index) => {
    const a = index % result.length;
    const b = swap % result.length;
    [result[a], result[b]] = [result[b] as string, result[a] as string];
  });
  const simple = parameters.filter((parameter) => parameter.startsWith('filter['));
  let next = 0;
  return result.map((parameter) => (parameter.startsWith('filter[') ? (simple[next++] as string) : parameter));
}
