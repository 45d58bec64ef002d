import { jsonApiError } from '../../errors/query-error.js';
import type { QueryLimits } from '../../limits.js';
import { decodeComponent } from './decode-component.js';
import { utf8Length } from '../../rules/query-length.js';
import { checkParameterCount, checkQueryLength } from './query-budget.js';
import { ParameterGrouper } from './group-parameters.js';

/**
 * Splits a raw query string (with or without its leading `?`) into decoded
 * parameters and sorts them into families, in one pass without regular expressions.
 * Length and parameter budgets are checked first; a malformed percent-escape or a
 * NUL character is a 400 `malformed_query_string` naming the parameter.
 *
 * qs is deliberately not used on this path: it would merge `sort[]=a` and repeated
 * parameters into the same array, lose the names as sent, and cost more per call
 * than the whole validated parse is allowed to (docs/performance.md).
 */
export function readQueryString(raw: string, limits: QueryLimits): ParameterGrouper {
  const text = raw.charCodeAt(0) === 63 /* ? */ ? raw.slice(1) : raw;
  checkQueryLength(utf8Length(text, limits.maxQueryLength), limits);
  const grouper = new ParameterGrouper();
  let count = 0;
  let start = 0;
  // Stryker disable next-line EqualityOperator: at start = text.length the pair is empty and adds nothing
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    if (end > start) {
      checkParameterCount(++count, limits);
      addPair(grouper, text, start, end);
    }
    start = end + 1;
  }
  return grouper;
}

/** Adds the pair `text[start, end)`, its name and value decoded. */
function addPair(grouper: ParameterGrouper, text: string, start: number, end: number): void {
  let equals = text.indexOf('=', start);
  // Stryker disable next-line EqualityOperator: text[end] is "&" or past the end, never "="
  if (equals >= end) equals = -1;
  const rawName = text.slice(start, equals === -1 ? end : equals);
  const name = decodeComponent(rawName);
  if (name === undefined) {
    grouper.errors.push(malformed(rawName));
    return;
  }
  const value = equals === -1 ? '' : decodeComponent(text.slice(equals + 1, end));
  if (value === undefined) {
    grouper.errors.push(malformed(name));
    return;
  }
  grouper.add(name, value);
}

function malformed(parameter: string) {
  return jsonApiError({
    code: 'malformed_query_string',
    detail: `The query parameter "${parameter}" has a malformed percent-escape or a NUL character`,
    parameter,
  });
}
