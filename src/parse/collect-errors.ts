import { isQueryError, type JsonApiError } from '../errors/query-error.js';

/**
 * Runs one independent step of the parse; a `QueryError` it throws is added to
 * `errors` (so several faults are reported together) and `undefined` returned.
 * Any other error is a bug and propagates.
 */
export function collectErrors<T>(run: () => T, errors: JsonApiError[]): T | undefined {
  try {
    return run();
  } catch (error) {
    if (!isQueryError(error)) throw error;
    errors.push(...error.errors);
    return undefined;
  }
}
