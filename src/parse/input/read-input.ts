import type { QueryLimits } from '../../limits.js';
import { readObject, type ParsedQueryObject } from './read-object.js';
import { readQueryString } from './read-query-string.js';
import { readSearchParams } from './read-search-params.js';
import type { ParameterGrouper } from './group-parameters.js';

/**
 * What `parseQuery` accepts: the raw query string (with or without `?`), a
 * `URLSearchParams`, or the object a framework already parsed.
 */
export type QueryInput = string | URLSearchParams | ParsedQueryObject;

/** Reads any accepted input into its parameter families. */
export function readInput(input: QueryInput, limits: QueryLimits): ParameterGrouper {
  if (typeof input === 'string') return readQueryString(input, limits);
  if (input instanceof URLSearchParams) return readSearchParams(input, limits);
  if (typeof input === 'object' && input !== null) return readObject(input, limits);
  throw new TypeError('parseQuery takes a query string, a URLSearchParams or a parsed query object');
}
