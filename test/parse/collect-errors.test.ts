/**
 * `collectErrors` (src/parse/collect-errors.ts): a step's `QueryError` joins the
 * request's errors; any other error is a bug and propagates as it is.
 */
import { describe, expect, it } from 'vitest';
import { collectErrors } from '../../src/parse/collect-errors.js';
import { QueryError, type JsonApiError } from '../../src/errors/query-error.js';

describe('collectErrors', () => {
  it('returns what the step returns, adding no error', () => {
    const errors: JsonApiError[] = [];
    expect(collectErrors(() => 42, errors)).toBe(42);
    expect(errors).toEqual([]);
  });

  it('adds every error of a QueryError after those already there, and returns undefined', () => {
    const first = QueryError.of({ code: 'invalid_sort', detail: 'first', parameter: 'sort' }).errors[0];
    const errors: JsonApiError[] = [first];
    const thrown = new QueryError([
      QueryError.of({ code: 'unknown_field', detail: 'a', parameter: 'sort' }).errors[0],
      QueryError.of({ code: 'invalid_include', detail: 'b', parameter: 'include' }).errors[0],
    ]);
    expect(
      collectErrors(() => {
        throw thrown;
      }, errors),
    ).toBeUndefined();
    expect(errors.map((error) => error.detail)).toEqual(['first', 'a', 'b']);
  });

  it('lets any other error through unchanged', () => {
    const bug = new RangeError('a bug');
    const errors: JsonApiError[] = [];
    expect(() =>
      collectErrors(() => {
        throw bug;
      }, errors),
    ).toThrow(bug);
    expect(errors).toEqual([]);
  });
});
