import type { IncludePath, Page, SortKey } from '../ast/query-ast.js';
import { jsonApiError, type JsonApiError } from '../errors/query-error.js';
import { sortKeysWritten, type ResolvedCapabilities } from '../layers/capabilities.js';
import { sortKeyName } from '../rules/sort-key-text.js';
import type { RawQuery } from './input/raw-query.js';

/**
 * Refuses, with a 400 naming the parameter as sent, the sort, page and include the
 * data layer declares it does not read (`capabilities` of `parseQuery`): more sort
 * keys than `sort.maxKeys` or a dotted key without `sort.paths` (`sort_not_supported`),
 * `page[number]` past 1 without `paging.offset` (`page_not_supported`), `include`
 * without `includes` (`include_not_supported`). Cursor pages are checked by the
 * executor, which knows `canPageByCursor`.
 */
export function checkCapabilities(
  raw: RawQuery,
  parsed: { readonly sort: readonly SortKey[]; readonly page: Page | null; readonly include: readonly IncludePath[] },
  capabilities: ResolvedCapabilities,
  errors: JsonApiError[],
): void {
  // Stryker disable next-line StringLiteral: without a sort parameter the sort is id alone, which no declaration refuses
  const sortText = raw.sort?.value ?? '';
  const keys = sortKeysWritten(parsed.sort);
  if (keys.length > capabilities.maxSortKeys) {
    errors.push(
      jsonApiError({
        code: 'sort_not_supported',
        detail:
          capabilities.maxSortKeys === 0
            ? `The data layer sorts this type by id only, not by "${sortText}"`
            : `The data layer sorts this type by at most ${capabilities.maxSortKeys} key${capabilities.maxSortKeys === 1 ? '' : 's'} besides id; "${sortText}" has ${keys.length}`,
        parameter: 'sort',
      }),
    );
  }
  const dotted = keys.find((key) => key.path.length > 0);
  if (!capabilities.sortPaths && dotted !== undefined) {
    errors.push(
      jsonApiError({
        code: 'sort_not_supported',
        detail: `The data layer does not sort by a related field ("${sortKeyName(dotted)}")`,
        parameter: 'sort',
      }),
    );
  }
  if (!capabilities.offset && parsed.page?.kind === 'offset' && parsed.page.number > 1) {
    errors.push(
      jsonApiError({
        code: 'page_not_supported',
        detail: 'The data layer reads only the first page of this type by number; use a filter or a larger page[size]',
        parameter: 'page[number]',
      }),
    );
  }
  if (!capabilities.includes && parsed.include.length > 0) {
    errors.push(
      jsonApiError({
        code: 'include_not_supported',
        detail: 'The data layer does not read related resources to include',
        parameter: 'include',
      }),
    );
  }
}
