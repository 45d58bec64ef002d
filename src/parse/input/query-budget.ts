import { QueryError } from '../../errors/query-error.js';
import type { QueryLimits } from '../../limits.js';

/**
 * Throws the 414 `query_too_long` error for a query string past the byte budget.
 *
 * @example
 * checkQueryLength(rawQuery.length, limits);
 */
export function checkQueryLength(bytes: number, limits: QueryLimits): void {
  if (bytes > limits.maxQueryLength) {
    throw QueryError.of({
      code: 'query_too_long',
      detail: `The query string has ${bytes} bytes; the limit is ${limits.maxQueryLength}`,
      limit: limits.maxQueryLength,
    });
  }
}

/**
 * Throws the 400 `too_many_parameters` error past the parameter budget.
 *
 * @example
 * checkParameterCount(count, limits);
 */
export function checkParameterCount(count: number, limits: QueryLimits): void {
  if (count > limits.maxParameters) {
    throw QueryError.of({
      code: 'too_many_parameters',
      detail: `The query has more than ${limits.maxParameters} parameters`,
      limit: limits.maxParameters,
    });
  }
}

/**
 * The UTF-8 length of a string, computed only when it could matter (a string of
 * `n` UTF-16 units has at most `3n` UTF-8 bytes).
 *
 * @example
 * utf8Length('é', 10); // 2
 */
export function utf8Length(text: string, limit: number): number {
  if (text.length * 3 <= limit) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}
