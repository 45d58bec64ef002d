import type { Page, SortKey } from '../ast/query-ast.js';
import { QueryError } from '../errors/query-error.js';
import { resolveCapabilities } from '../layers/capabilities.js';
import type { DataLayer, Keyset } from '../layers/data-layer.js';
import type { QueryLimits } from '../limits.js';
import { cursorErrorType } from './cursor-profile.js';
import { cursorWindow, type CursorWindow } from './cursor-window.js';

/** The paging part of a layer read, and how to read its answer back. */
export interface PageRead {
  readonly sort: readonly SortKey[];
  readonly offset: number;
  readonly limit: number;
  readonly keyset?: Keyset;
  /** `false` when the page carries no `meta.count` (the `count` limit). */
  readonly withTotal: boolean;
  /** A cursor page's window; `undefined` for a page by number. */
  readonly window?: CursorWindow;
  /** A page by number without an exact count reads one row more, to know whether a next page exists. */
  readonly probe: boolean;
  /** `count: 'estimated'`: the layer may estimate a count above this (`maxExactCount`). */
  readonly estimateAbove?: number;
}

/**
 * What a page asks of the layer. By number: offset `(number - 1) × size` and `size`
 * rows (one more when the page is not counted). By cursor: offset 0, the keyset
 * window, `size + 1` rows (docs/query-syntax.md). Without pagination (`page[size]=0`)
 * one row more than `maxUnpaginatedRows`, so that `checkUnpaginated` can tell an
 * over-large result. A layer that does not count (`counts: false` in its
 * capabilities) is asked for no total: its pages read as under `count: 'none'`.
 * Under `count: 'estimated'` the read carries `estimateAbove` and a page by number
 * also reads one row more: its `next` link never rests on an estimate.
 */
export function pageRead(page: Page | null, sort: readonly SortKey[], limits: QueryLimits, counts = true): PageRead {
  // Stryker disable next-line BooleanLiteral: pageResult reads probe only for a page by number
  if (page === null) return { sort, offset: 0, limit: limits.maxUnpaginatedRows + 1, withTotal: counts, probe: false };
  const mode = counts ? countMode(page, limits) : 'none';
  const withTotal = mode !== 'none';
  const estimate = mode === 'estimated' ? { estimateAbove: limits.maxExactCount } : {};
  if (page.kind === 'cursor') {
    const window = cursorWindow(page, sort);
    // Stryker disable next-line BooleanLiteral: pageResult reads probe only for a page by number
    return { sort: window.sort, offset: 0, limit: window.limit, keyset: window.keyset, withTotal, window, probe: false, ...estimate };
  }
  const probe = mode !== 'exact';
  return { sort, offset: (page.number - 1) * page.size, limit: page.size + (probe ? 1 : 0), withTotal, probe, ...estimate };
}

/**
 * Whether the layer reads keyset windows of `type` in the order of `sort`: its
 * `capabilities.paging.keyset`, then `canPageByCursor`.
 */
export function pagesByCursor(layer: DataLayer, type: string, sort: readonly SortKey[]): boolean {
  if (!resolveCapabilities(layer, type).keyset) return false;
  return layer.canPageByCursor === undefined || layer.canPageByCursor(type, sort);
}

/**
 * Throws `unsupported_cursor_sort` when the page is a cursor page and the layer says
 * it cannot read keyset windows in the order of `sort` (`pagesByCursor`).
 */
export function checkCursorSort(layer: DataLayer, type: string, page: Page | null, sort: readonly SortKey[]): void {
  if (page?.kind !== 'cursor' || pagesByCursor(layer, type, sort)) return;
  throw QueryError.of({
    code: 'unsupported_cursor_sort',
    detail: `This server cannot page ${type} by cursor in this sort order; use another sort or page[number]`,
    parameter: 'sort',
    type: cursorErrorType('unsupported-sort'),
  });
}

/**
 * How a page is counted: the `count` limit, by default `'exact'` for pages by
 * number and `'none'` for pages by cursor.
 */
function countMode(page: Page, limits: QueryLimits): 'exact' | 'estimated' | 'none' {
  return limits.count ?? (page.kind === 'cursor' ? 'none' : 'exact');
}

/** Throws `too_many_rows` when an unpaginated read returned more than the limit. */
export function checkUnpaginated(page: Page | null, count: number, limits: QueryLimits): void {
  if (page !== null || count <= limits.maxUnpaginatedRows) return;
  throw QueryError.of({
    code: 'too_many_rows',
    detail: `More than ${limits.maxUnpaginatedRows} rows match; use page[size] to paginate`,
    parameter: 'page[size]',
    limit: limits.maxUnpaginatedRows,
  });
}
