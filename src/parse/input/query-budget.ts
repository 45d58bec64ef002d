import { QueryError } from '../../errors/query-error.js';
import type { QueryLimits } from '../../limits.js';
import { queryTooLong } from '../../rules/query-length.js';

/** Throws the 414 `query_too_long` error for a query string past the byte budget. */
export function checkQueryLength(bytes: number, limits: QueryLimits): void {
  const error = queryTooLong(bytes, limits.maxQueryLength);
  if (error !== undefined) throw QueryError.of(error);
}

/** Throws the 400 `too_many_parameters` error past the parameter budget. */
export function checkParameterCount(count: number, limits: QueryLimits): void {
  if (count > limits.maxParameters) {
    throw QueryError.of({
      code: 'too_many_parameters',
      detail: `The query has more than ${limits.maxParameters} parameters`,
      limit: limits.maxParameters,
    });
  }
}
