import { ERROR_CODES, type ErrorCode } from './error-codes.js';

/**
 * A JSON:API error object as the package produces it.
 *
 * @example
 * {
 *   status: '400',
 *   code: 'unknown_field',
 *   title: 'Unknown field',
 *   detail: 'Type "person" has no field "nmae"',
 *   source: { parameter: 'filter' },
 *   meta: { pointer: '/0/name' },
 * }
 */
export interface JsonApiError {
  /** The HTTP status, as a string (JSON:API). */
  readonly status: string;
  /** One of the package's codes (docs/errors.md), or an application's own: a write hook's `HookError`. */
  readonly code: ErrorCode | (string & Record<never, never>);
  readonly title: string;
  readonly detail: string;
  /**
   * Where the fault is: `parameter`, the query parameter exactly as sent (`page[size]`,
   * `fields[person]`); `pointer`, a JSON pointer into the request document of a write
   * (`/data/attributes/serial`); `header`, the request header at fault (`If-Match`).
   */
  readonly source?: { readonly parameter?: string; readonly pointer?: string; readonly header?: string };
  /** `type`: a URI naming the kind of error, when a profile defines one (docs/errors.md). */
  readonly links?: { readonly type: string };
  readonly meta?: {
    /** JSON pointer into the `filter` JSON value, when the fault is inside it. */
    readonly pointer?: string;
    /** The limit that was exceeded, when a limit was. */
    readonly limit?: number;
    readonly [key: string]: unknown;
  };
}

/** What a caller gives to describe one error; status and title come from the code. */
export interface ErrorInit {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly parameter?: string;
  /** A JSON pointer into the filter JSON value (`meta.pointer`). */
  readonly pointer?: string;
  /** A JSON pointer into the request document of a write (`source.pointer`). */
  readonly sourcePointer?: string;
  /** The request header at fault (`source.header`, JSON:API 1.1). */
  readonly sourceHeader?: string;
  readonly limit?: number;
  /** A URI naming the kind of error (a profile's error type), written as `links.type`. */
  readonly type?: string;
  /** More `meta` members (`{ page: { maxSize: 100 } }`). */
  readonly meta?: Readonly<Record<string, unknown>>;
}

/**
 * Builds one JSON:API error object from its code.
 *
 * @example
 * jsonApiError({ code: 'invalid_sort', detail: 'Empty sort key', parameter: 'sort' });
 */
export function jsonApiError({ code, detail, parameter, pointer, sourcePointer, sourceHeader, limit, type, meta: more }: ErrorInit): JsonApiError {
  const { status, title } = ERROR_CODES[code];
  const meta = {
    ...(pointer === undefined ? {} : { pointer }),
    ...(limit === undefined ? {} : { limit }),
    ...more,
  };
  return {
    status: String(status),
    code,
    title,
    detail,
    ...(parameter === undefined ? {} : { source: { parameter } }),
    ...(sourcePointer === undefined ? {} : { source: { pointer: sourcePointer } }),
    ...(sourceHeader === undefined ? {} : { source: { header: sourceHeader } }),
    ...(type === undefined ? {} : { links: { type } }),
    ...(Object.keys(meta).length === 0 ? {} : { meta }),
  };
}

/**
 * The one error class of the package: a non-empty list of JSON:API error objects
 * and the HTTP status of the response they belong in (the first error's).
 *
 * @example
 * try {
 *   parseQuery('sort=', { schema, type: 'person' });
 * } catch (error) {
 *   if (error instanceof QueryError) reply(error.status, { errors: error.errors });
 * }
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  readonly errors: readonly [JsonApiError, ...JsonApiError[]];
  readonly status: number;

  constructor(errors: readonly [JsonApiError, ...JsonApiError[]]) {
    super(errors.map((error) => error.detail).join('; '));
    this.errors = errors;
    this.status = Number(errors[0].status);
  }

  /**
   * One-error shorthand.
   *
   * @example
   * throw QueryError.of({ code: 'not_found', detail: 'No person with id "7"' });
   */
  static of(init: ErrorInit): QueryError {
    return new QueryError([jsonApiError(init)]);
  }
}

/**
 * Tests for a `QueryError` without `instanceof`, so errors from another copy of the
 * package are recognised too.
 *
 * @example
 * if (isQueryError(error)) return error.errors;
 */
export function isQueryError(error: unknown): error is QueryError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'QueryError' &&
    Array.isArray((error as { errors?: unknown }).errors)
  );
}
