/**
 * The links of a cursor page (the Cursor Pagination profile, docs/handler.md): the
 * request's own URL with its `page[after]`/`page[before]` replaced, every other
 * parameter kept as sent (order and escapes included), written as a URI-reference.
 */
import type { CursorLink, CursorPageResult } from '../paging/cursor-window.js';
import { decodeComponent } from '../parse/input/decode-component.js';
import { toUriReference } from './uri-reference.js';

/** `first` (no cursor), and `prev`/`next`, `null` at the ends of the walk. */
export interface CursorLinks {
  readonly first: string;
  readonly prev: string | null;
  readonly next: string | null;
}

/**
 * Computes the links of one cursor page. `url` is the link without its query, already
 * a URI-reference; `query` is the raw query string as sent.
 */
export function cursorLinks(url: string, query: string, page: CursorPageResult): CursorLinks {
  const kept = toUriReference(query)
    .split('&')
    .filter((parameter) => parameter !== '' && !isCursorParameter(parameter));
  const link = (cursors: CursorLink | null): string | null => {
    if (cursors === null) return null;
    const parameters = [
      ...kept,
      ...(cursors.after === undefined ? [] : [`page%5Bafter%5D=${cursors.after}`]),
      ...(cursors.before === undefined ? [] : [`page%5Bbefore%5D=${cursors.before}`]),
    ];
    return parameters.length === 0 ? url : `${url}?${parameters.join('&')}`;
  };
  return { first: link({}) as string, prev: link(page.prev), next: link(page.next) };
}

function isCursorParameter(parameter: string): boolean {
  const equals = parameter.indexOf('=');
  const name = decodeComponent(equals === -1 ? parameter : parameter.slice(0, equals));
  return name === 'page[after]' || name === 'page[before]';
}
