/**
 * Turns anything thrown while serving a request into a JSON:API error response:
 * a `QueryError` keeps its status and errors; a `DataLayerError` reporting an
 * unavailable store or a timeout is a 503 with `Retry-After`; anything else is a
 * 500 that says nothing about the failure (the error goes to the logger, never to
 * the client).
 */
import type { ErrorCode } from '../errors/error-codes.js';
import { isQueryError, jsonApiError, type JsonApiError } from '../errors/query-error.js';

/** Receives the failures a client is not told about. */
export interface HandlerLogger {
  error(message: string, error: unknown): void;
}

/** An error response before serialization: status and error objects. */
export interface ErrorOutcome {
  readonly status: number;
  readonly errors: readonly JsonApiError[];
  /** The `Retry-After` of a 503: when the client may try again. */
  readonly retryAfterSeconds?: number;
}

/**
 * The `Retry-After` of every 503: a pool replaces a dropped connection at once and
 * a restarting database is back within seconds, so clients retry soon.
 */
const RETRY_AFTER_SECONDS = 1;

const HIDDEN: Readonly<Record<'internal' | 'unavailable' | 'timeout' | 'aborted', { code: ErrorCode; detail: string }>> = {
  internal: { code: 'internal_error', detail: 'The server failed to process the request.' },
  unavailable: { code: 'service_unavailable', detail: 'The data store is unavailable; retry later.' },
  timeout: { code: 'timeout', detail: 'The data store did not answer in time; retry later.' },
  aborted: { code: 'service_unavailable', detail: 'The request was aborted.' },
};

/**
 * Classifies a failure. Only `QueryError`s reach the client as they are. A failure
 * after the request's own signal aborted (the client went away) is a 503 that is
 * not logged: nobody is waiting for it and nothing went wrong on the server.
 */
export function errorOutcome(error: unknown, logger: HandlerLogger | undefined, aborted: boolean): ErrorOutcome {
  if (isQueryError(error)) return { status: error.status, errors: error.errors };
  const reason = aborted ? 'aborted' : layerFailureReason(error);
  if (reason !== 'aborted') log(logger, reason === 'internal' ? 'Request failed' : `Data layer ${reason}`, error);
  const { code, detail } = HIDDEN[reason];
  const body = jsonApiError({ code, detail });
  const status = Number(body.status);
  return { status, errors: [body], ...(status === 503 ? { retryAfterSeconds: RETRY_AFTER_SECONDS } : {}) };
}

function layerFailureReason(error: unknown): 'internal' | 'unavailable' | 'timeout' {
  if (typeof error !== 'object' || error === null) return 'internal';
  const { name, reason } = error as { name?: unknown; reason?: unknown };
  if (name !== 'DataLayerError') return 'internal';
  return reason === 'unavailable' || reason === 'timeout' ? reason : 'internal';
}

function log(logger: HandlerLogger | undefined, message: string, error: unknown): void {
  try {
    logger?.error(message, error);
  } catch {
    // A failing logger must not turn an error response into a crash.
  }
}
