import { jsonApiError } from '../../errors/query-error.js';
import type { QueryLimits } from '../../limits.js';
import { checkParameterCount, checkQueryLength } from './query-budget.js';
import { ParameterGrouper } from './group-parameters.js';

/**
 * Sorts the entries of a `URLSearchParams` (already decoded) into families. The
 * length budget counts the decoded names and values; NUL characters are a 400.
 */
export function readSearchParams(params: URLSearchParams, limits: QueryLimits): ParameterGrouper {
  const grouper = new ParameterGrouper();
  let count = 0;
  let length = 0;
  for (const [name, value] of params) {
    length += name.length + value.length + (count === 0 ? 1 : 2);
    checkQueryLength(length, limits);
    checkParameterCount(++count, limits);
    if (name.includes('\0') || value.includes('\0')) {
      grouper.errors.push(
        jsonApiError({
          code: 'malformed_query_string',
          detail: `The query parameter "${name}" has a NUL character`,
          parameter: name,
        }),
      );
    } else {
      grouper.add(name, value);
    }
  }
  return grouper;
}
