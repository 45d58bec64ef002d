import type { FilterNode } from '../ast/filter-node.js';
import type { QueryAST, SortKey } from '../ast/query-ast.js';
import { resolveLimits, type LimitOptions, type QueryLimits } from '../limits.js';
import { encodeCursor } from '../paging/cursor-codec.js';
import { withoutIdTieBreak } from '../rules/id-tie-break.js';
import { sortText } from '../rules/sort-key-text.js';
import type { ResourceSchema } from '../schema/schema.js';
import { filterJson } from './filter-json.js';

/** Options of `stringifyQuery`. */
export interface StringifyOptions {
  /** The limits the query will be parsed with; their `defaultPageSize` and `pagination` decide how `page` is written. */
  readonly limits?: LimitOptions;
}

/**
 * The canonical query string of a QueryAST: the inverse of `parseQuery`.
 * Parameters come in a fixed order (`filter`, `sort`, `page[size]`, `page[number]`,
 * `page[after]`, `page[before]`, `include`, `fields[<type>]` by type name); the filter is always the compact JSON
 * form; the sort omits the trailing `id` tie-breaker; the page is omitted when it
 * is the default (`page[size]=0` when pagination is disabled); values are
 * percent-encoded so `+`, `&`, `%`, `#`, `=` and non-ASCII text survive.
 * `parseQuery(stringifyQuery(ast), …)` deep-equals `ast` for every AST the parser
 * can return under the same limits (a string past `maxQueryLength` or a filter past
 * `maxFilterLength` parses only with those limits raised).
 *
 * @example
 * stringifyQuery(parseQuery('sort=-birth_date&filter[name]=John', { schema, type: 'person' }));
 * // 'filter=%5B%7B%22name%22:%22name%22,%22op%22:%22eq%22,%22val%22:%22John%22%7D%5D&sort=-birth_date'
 */
export function stringifyQuery<S extends ResourceSchema, T extends string>(
  ast: QueryAST<S, T>,
  options: StringifyOptions = {},
): string {
  const parameters: string[] = [];
  if (ast.filter !== null) parameters.push(`filter=${encodeValue(filterJson(ast.filter as FilterNode))}`);
  const sort = sortValue(ast.sort);
  if (sort !== '') parameters.push(`sort=${encodeValue(sort)}`);
  parameters.push(...pageParameters(ast as Pick<QueryAST, 'type' | 'sort' | 'page'>, resolveLimits(options.limits, ast.type)));
  if (ast.include.length > 0) {
    parameters.push(`include=${encodeValue(ast.include.map((path) => path.join('.')).join(','))}`);
  }
  const fieldsets = Object.entries(ast.fields as Readonly<Record<string, readonly string[] | undefined>>)
    .filter((entry): entry is [string, readonly string[]] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [type, names] of fieldsets) {
    parameters.push(`fields[${encodeValue(type)}]=${encodeValue(names.join(','))}`);
  }
  return parameters.join('&');
}

/** `-birth_date,owner.name`, without the trailing `id` ascending tie-breaker the parser adds back. */
function sortValue(keys: readonly SortKey[]): string {
  return sortText(withoutIdTieBreak(keys));
}

/**
 * Nothing for the default page, `page[size]=0` for `null`, otherwise the members
 * that differ; a cursor page's bounds as cursors (`page[after]`, `page[before]`).
 * The first page of a cursor walk has no parameter of its own: it is written only
 * under `pagination: 'cursor'`, where it is the default.
 */
function pageParameters(ast: Pick<QueryAST, 'type' | 'sort' | 'page'>, limits: QueryLimits): string[] {
  const page = ast.page;
  if (page === null) return ['page[size]=0'];
  const size = page.size === limits.defaultPageSize ? [] : [`page[size]=${String(page.size)}`];
  if (page.kind === 'offset') return [...size, ...(page.number === 1 ? [] : [`page[number]=${String(page.number)}`])];
  if (page.after === undefined && page.before === undefined && limits.pagination !== 'cursor') {
    throw new Error("stringifyQuery: the first page of a cursor walk is only written under pagination: 'cursor' (see docs/query-syntax.md)");
  }
  return [
    ...size,
    ...(page.after === undefined ? [] : [`page[after]=${encodeCursor(ast.type, ast.sort, page.after)}`]),
    ...(page.before === undefined ? [] : [`page[before]=${encodeCursor(ast.type, ast.sort, page.before)}`]),
  ];
}

/**
 * `encodeURIComponent`, keeping the characters that are safe and meaningful in
 * these values readable: `,` (the list separator), `:` and `@`.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%(?:2C|3A|40)/g, (escape) => decodeURIComponent(escape));
}
