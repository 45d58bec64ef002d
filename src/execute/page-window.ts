import type { Page } from '../ast/query-ast.js';
import { QueryError } from '../errors/query-error.js';
import type { QueryLimits } from '../limits.js';

/**
 * The offset and limit a page asks for: `(number - 1) × size` and `size`. Without
 * pagination (`page[size]=0`) one row more than `maxUnpaginatedRows`, so that
 * `checkUnpaginated` can tell an over-large result.
 *
 * @example
 * pageWindow({ kind: 'offset', size: 10, number: 3 }, DEFAULT_LIMITS); // { offset: 20, limit: 10 }
 */
export function pageWindow(page: Page | null, limits: QueryLimits): { offset: number; limit: number } {
  if (page === null) return { offset: 0, limit: limits.maxUnpaginatedRows + 1 };
  return { offset: page.kind === 'offset' ? (page.number - 1) * page.size : 0, limit: page.size };
}

/**
 * Throws `too_many_rows` when an unpaginated read returned more than the limit.
 *
 * @example
 * checkUnpaginated(null, result.rows.length, DEFAULT_LIMITS);
 */
export function checkUnpaginated(page: Page | null, count: number, limits: QueryLimits): void {
  if (page !== null || count <= limits.maxUnpaginatedRows) return;
  throw QueryError.of({
    code: 'too_many_rows',
    detail: `More than ${limits.maxUnpaginatedRows} rows match; use page[size] to paginate`,
    parameter: 'page[size]',
    limit: limits.maxUnpaginatedRows,
  });
}
