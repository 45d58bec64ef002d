/**
 * Shared pieces of the SQL tests: the example schema and data, the request a
 * QueryAST turns into, and rows reduced to the schema's fields for comparison.
 */
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { QueryAST, SortKey } from '../../src/ast/query-ast.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import type { ReadRequest, Row } from '../../src/layers/data-layer.js';

/** The data-layer request for a parsed query. */
export function readRequest<S extends ResourceSchema, T extends string>(ast: QueryAST<S, T>): ReadRequest {
  return {
    type: ast.type,
    filter: ast.filter as FilterNode | null,
    sort: ast.sort as readonly SortKey[],
    offset: ast.page?.kind === 'offset' ? (ast.page.number - 1) * ast.page.size : 0,
    limit: ast.page === null ? null : ast.page.size,
  };
}

/** A row with only `id` and the named attributes, for comparing layers. */
export function pick(row: Row, attributes: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = { id: row.id };
  for (const name of attributes) picked[name] = row[name] ?? null;
  return picked;
}

/** A context whose signal never aborts. */
export const context = { signal: new AbortController().signal };
