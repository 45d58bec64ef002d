import type { KeyValue, Page, SortKey } from '../ast/query-ast.js';
import { cursorPageOf, type CursorPageResult } from './cursor-window.js';
import type { PageRead } from './page-window.js';
import type { Mutable } from '../mutable.js';

/** What a page adds to an execution, besides its items. */
export interface PagePart {
  /** The count over the whole filter (`meta.count`), when the page is counted. */
  readonly total?: number;
  /** Under `count: 'estimated'`, whether `total` is exact or the layer's estimate (`meta.countKind`). */
  readonly countKind?: 'exact' | 'estimated';
  /** A cursor page's cursors and neighbouring pages. */
  readonly cursorPage?: CursorPageResult;
  /** An uncounted page by number: whether a later page has rows. */
  readonly hasNext?: boolean;
}

/**
 * The items of a page in the request's order, and its part of the execution, from
 * what the layer answered to `pageRead`.
 */
export function pageResult<T>(
  page: Page | null,
  read: PageRead,
  items: readonly T[],
  keys: readonly (readonly KeyValue[])[] | undefined,
  total: number | undefined,
  type: string,
  sort: readonly SortKey[],
  totalEstimated = false,
): { readonly items: readonly T[]; readonly part: PagePart } {
  if (page === null) return { items, part: {} };
  // Built member by member (spreads cost more in V8): `total`, then `countKind` under
  // `count: 'estimated'` (the read carries `estimateAbove`), then the page's own member.
  const part: Mutable<PagePart> = {};
  if (read.withTotal && total !== undefined) {
    part.total = total;
    if (read.estimateAbove !== undefined) part.countKind = totalEstimated ? 'estimated' : 'exact';
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: pageRead gives a window to every cursor page and to no other; both checks narrow the types
  if (page.kind === 'cursor' && read.window !== undefined) {
    const cursor = cursorPageOf(page, read.window, items, keys, type, sort);
    part.cursorPage = cursor.page;
    return { items: cursor.items, part };
  }
  if (!read.probe) return { items, part };
  part.hasNext = items.length > page.size;
  return { items: items.slice(0, page.size), part };
}
