import type { FilterNode } from '../../ast/filter-node.js';
import type { QueryAST, SortKey } from '../../ast/query-ast.js';
import { resolveCapabilities, sortKeysWritten, unevaluatedFilter } from '../../layers/capabilities.js';
import type { DataLayer } from '../../layers/data-layer.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';

/** What one layer call reads, as far as a declaration decides whether the layer answers it. */
export interface ReadShape {
  /** The type whose rows are read (the related type on a related route). */
  readonly type: string;
  readonly filter: FilterNode | null;
  readonly sort: readonly SortKey[];
  /** Whether the read starts past the first row. */
  readonly offset: boolean;
  /** Whether it reads a keyset window. */
  readonly keyset: boolean;
  /** Whether it follows includes (`readIncluded`). */
  readonly include: boolean;
}

/**
 * Why a layer's declaration (`operators`, `capabilities`, `canPageByCursor`) says it
 * does not answer a read, as the kit reports a skipped case; `undefined` when it
 * answers it.
 */
export function refusalOf(layer: DataLayer, schema: ResourceSchema, read: ReadShape): string | undefined {
  const capabilities = resolveCapabilities(layer, read.type);
  const unevaluated = read.filter === null ? undefined : unevaluatedFilter(capabilities, resolveSchema(schema), read.type, read.filter);
  if (unevaluated !== undefined) return `the layer does not evaluate ${unevaluated} (capabilities.filter)`;
  const keys = sortKeysWritten(read.sort);
  if (keys.length > capabilities.maxSortKeys) {
    return `the layer sorts by at most ${capabilities.maxSortKeys} keys besides id (capabilities.sort.maxKeys)`;
  }
  if (!capabilities.sortPaths && keys.some((key) => key.path.length > 0)) return 'the layer does not sort by a related field (capabilities.sort.paths)';
  if (read.offset && !capabilities.offset) return 'the layer reads no page past the first (capabilities.paging.offset)';
  if (read.keyset && !(capabilities.keyset && (layer.canPageByCursor?.(read.type, read.sort) ?? true))) {
    return 'the layer reads no keyset window in this order (capabilities.paging.keyset, canPageByCursor)';
  }
  if (read.include && !capabilities.includes) return 'the layer reads no includes (capabilities.includes)';
  return undefined;
}

/**
 * Why a layer does not answer a collection query, as `executeCollection` would send it.
 */
export function queryRefusal(layer: DataLayer, schema: ResourceSchema, ast: QueryAST): string | undefined {
  const { page } = ast;
  return refusalOf(layer, schema, {
    type: ast.type,
    filter: ast.filter,
    sort: ast.sort,
    offset: page?.kind === 'offset' && page.number > 1,
    keyset: page?.kind === 'cursor',
    include: ast.include.length > 0,
  });
}

/**
 * Whether the layer returns totals (`capabilities.counts`); the kit compares them only then.
 */
export function counts(layer: DataLayer, type: string): boolean {
  return resolveCapabilities(layer, type).counts;
}
