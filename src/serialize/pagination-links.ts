/**
 * Pagination links: the request's own URL with only `page[number]` changed, every
 * other parameter kept as sent (order and escapes included), the whole written as a
 * URI-reference (`page%5Bnumber%5D=2`, see docs/serializer.md).
 */
import type { OffsetPage } from '../ast/query-ast.js';
import { decodeComponent } from '../parse/input/decode-component.js';
import { toUriReference } from './uri-reference.js';
import type { Mutable } from '../mutable.js';

/** The `first`, `last`, `prev` and `next` links of a paged to-many document (`last` only when counted). */
export interface PaginationLinks {
  readonly first: string;
  readonly last?: string;
  readonly prev?: string;
  readonly next?: string;
}

/**
 * Computes the pagination links of one page. `url` is the link without its query,
 * already a URI-reference (base URL and encoded path); `query` is the raw query string
 * as sent, percent-encoded here where it needs to be. `last` is the last page that
 * holds data (page 1 when nothing matches); `prev` is given from page 2 on and points
 * at most to `last` (so a page past the end links back to the last real page);
 * `next` is given while there is a later page with data. An uncounted page
 * (`count: 'none'`) passes `{ hasNext }` instead of the total: no `last`, and `next`
 * when the read found a row past the page.
 *
 * @example
 * paginationLinks('/persons', 'sort=name&page[number]=2&page[size]=10', { kind: 'offset', size: 10, number: 2 }, 35);
 * // { first: '/persons?sort=name&page%5Bnumber%5D=1&page%5Bsize%5D=10', last: '…page%5Bnumber%5D=4…',
 * //   prev: '…page%5Bnumber%5D=1…', next: '…page%5Bnumber%5D=3…' }
 */
export function paginationLinks(
  url: string,
  query: string,
  page: OffsetPage,
  total: number | { readonly hasNext: boolean },
): PaginationLinks {
  return paginationLinksOf(url, toUriReference(query), page, total);
}

/** `paginationLinks` of a query already written as a URI-reference (`toUriReference`), which it is not scanned again for. */
export function paginationLinksOf(
  url: string,
  reference: string,
  page: OffsetPage,
  total: number | { readonly hasNext: boolean },
): PaginationLinks {
  const [before, after] = splitAroundPageNumber(reference);
  const link = (number: number): string => `${url}?${before}${String(number)}${after}`;
  // Members set one by one (spreads cost more in V8), in the order first, last, prev, next.
  const links: Mutable<PaginationLinks> = { first: link(1) };
  if (typeof total !== 'number') {
    if (page.number > 1) links.prev = link(page.number - 1);
    if (total.hasNext) links.next = link(page.number + 1);
    return links;
  }
  const last = Math.max(1, Math.ceil(total / page.size));
  links.last = link(last);
  if (page.number > 1) links.prev = link(Math.min(page.number - 1, last));
  if (page.number < last) links.next = link(page.number + 1);
  return links;
}

/**
 * The query text before and after the value of `page[number]`: the existing
 * parameter keeps its place and escapes (`page%5bnumber%5D` too); without one,
 * `page%5Bnumber%5D=` is appended.
 */
function splitAroundPageNumber(query: string): readonly [string, string] {
  let start = 0;
  // Stryker disable next-line EqualityOperator: the last, empty segment after a trailing "&" is never page[number]
  while (start <= query.length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const equals = query.indexOf('=', start);
    // Stryker disable next-line EqualityOperator: equals is never end (end is an "&" or the end of the text)
    const nameEnd = equals === -1 || equals > end ? end : equals;
    if (isPageNumber(query.slice(start, nameEnd))) {
      return [`${query.slice(0, nameEnd)}=`, query.slice(end)];
    }
    start = end + 1;
  }
  return [query === '' ? 'page%5Bnumber%5D=' : `${query}&page%5Bnumber%5D=`, ''];
}

function isPageNumber(rawName: string): boolean {
  // Fast paths, before decoding: brackets are always escaped here, so a name without
  // "%" is never page[number], nor one that starts with neither "p" nor an escape.
  // Stryker disable next-line StringLiteral,ConditionalExpression,LogicalOperator: each fast path only spares the decoding, which answers the same
  if (!rawName.includes('%') || (rawName[0] !== 'p' && rawName[0] !== '%')) return false;
  return decodeComponent(rawName) === 'page[number]';
}
