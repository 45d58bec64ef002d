/**
 * The byte budget of a raw query string (`maxQueryLength`): counted in UTF-8 bytes,
 * and past it one 414 `query_too_long` error, worded once for the handler and the
 * parser alike.
 */
import type { ErrorInit } from '../errors/query-error.js';

/**
 * The UTF-8 length of a string, computed only when it could matter (a string of
 * `n` UTF-16 units has at most `3n` UTF-8 bytes): past `limit`, any length past it.
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

/** The 414 for a query string of `bytes` UTF-8 bytes, or `undefined` within the budget. */
export function queryTooLong(bytes: number, maxQueryLength: number): ErrorInit | undefined {
  if (bytes <= maxQueryLength) return undefined;
  return {
    code: 'query_too_long',
    detail: `The query string is ${String(bytes)} bytes; the limit is ${String(maxQueryLength)}.`,
    limit: maxQueryLength,
  };
}
