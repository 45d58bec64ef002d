import type { QueryAST } from '../ast/query-ast.js';
import { QueryError, type JsonApiError } from '../errors/query-error.js';
import { resolveLimits, type LimitOptions } from '../limits.js';
import { checkLimits } from '../rules/limit-rules.js';
import type { TypeName } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import { checkCapabilities } from './check-capabilities.js';
import { parseFields } from './fields.js';
import { FilterContext } from './filter/filter-context.js';
import { parseFilter } from './filter/parse-filter.js';
import { parseInclude } from './include.js';
import { readInput, type QueryInput } from './input/read-input.js';
import { parsePage } from './page.js';
import type { ParseOptions } from './parse-options.js';
import { schemaTables, type TypeTable } from './schema-tables.js';
import { parseSort } from './sort.js';

/**
 * Parses and validates the query of one request into a resolved, frozen QueryAST:
 * `filter` (JSON and simple forms, ANDed), `sort`, `page`, `include` and `fields`,
 * checked against the schema and the query budget. Throws one `QueryError` listing
 * every independent fault (400, or 414 for a query string past its length limit).
 * Throws a `RangeError` naming the option when the `limits` are unusable (an
 * unknown limit or type, a value out of range, a default page size of 0 while
 * unpaginated requests are not allowed).
 *
 * @example
 * const ast = parseQuery('filter[name]=John&sort=-birth_date&page[size]=10', {
 *   schema: exampleSchema,
 *   type: 'person',
 * });
 * ast.filter; // { kind: 'compare', field: 'name', op: 'eq', value: 'John' }
 * ast.page; // { kind: 'offset', size: 10, number: 1 }
 */
export function parseQuery<const S extends ResourceSchema, const T extends TypeName<S>>(
  input: QueryInput,
  options: ParseOptions<S, T>,
): QueryAST<S, T> {
  const tables = schemaTables(options.schema);
  const table = typeTable(tables.types, options.type);
  const from = options.includeFrom === undefined ? table : typeTable(tables.types, options.includeFrom);
  checkLimitsOnce(options.limits, options.schema, tables.types);
  const limits = resolveLimits(options.limits, options.type);
  const grouper = readInput(input, limits);
  const raw = grouper.query;
  const errors = grouper.errors;
  const filter =
    // Stryker disable next-line ConditionalExpression: a fast path; parseFilter of no filter gives null
    raw.filter === undefined && raw.simpleFilters.length === 0
      ? null
      : parseFilter(raw, table, new FilterContext(limits, options.operators, options.capabilities), errors);
  const sortErrors = errors.length;
  const sort = parseSort(raw.sort, table, limits, errors);
  const sortTable = errors.length === sortErrors ? table : undefined;
  const page = parsePage(raw.page, limits, errors, { type: options.type, sort, table: sortTable, preferCursor: options.preferCursor });
  const include = parseInclude(raw.include, from, limits, errors);
  const fieldsets = parseFields(raw.fields, tables, errors);
  if (options.capabilities !== undefined) checkCapabilities(raw, { sort, page, include }, options.capabilities, errors);
  if (errors.length > 0) throw new QueryError(errors as [JsonApiError, ...JsonApiError[]]);
  return Object.freeze({ type: options.type, filter, sort, page, include, fields: fieldsets }) as QueryAST<S, T>;
}

const checkedLimits = new WeakMap<LimitOptions, WeakSet<ResourceSchema>>();

/** The limits' rules, checked the first time an options object meets a schema. */
function checkLimitsOnce(options: LimitOptions | undefined, schema: ResourceSchema, types: ReadonlyMap<string, TypeTable>): void {
  if (options === undefined) return;
  let schemas = checkedLimits.get(options);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a cache; checking the limits again gives the same answer
  if (schemas?.has(schema) === true) return;
  checkLimits(options, [...types.keys()], 'parseQuery');
  schemas ??= new WeakSet();
  schemas.add(schema);
  checkedLimits.set(options, schemas);
}

function typeTable(types: ReadonlyMap<string, TypeTable>, type: string): TypeTable {
  const table = types.get(type);
  if (table === undefined) throw new Error(`Unknown resource type "${type}" (not in the schema)`);
  return table;
}
