/**
 * The body of a write: sent as the JSON:API media type (415 otherwise), read within
 * `maxBodyBytes` (413 past it) and decoded as UTF-8 (400 otherwise).
 */
import { QueryError } from '../errors/query-error.js';
import { ATOMIC_EXTENSION } from '../write/parse-atomic-document.js';
import type { HandlerRequest } from './handler.js';
import { contentExtensions, headerValue, JSON_API_MEDIA_TYPE } from './negotiate.js';

/**
 * Reads a request body: the handler calls it with `maxBodyBytes`; it resolves to the
 * body's bytes, or to `null` as soon as the body is longer (reading no further).
 */
export type BodyReader = (maxBytes: number) => Promise<Uint8Array | null>;

/**
 * A body must be sent as the JSON:API media type (415 otherwise); `POST /operations`
 * must apply the Atomic Operations extension.
 */
export function checkContentType(request: HandlerRequest, atomic: boolean): void {
  const { jsonApi, extensions } = contentExtensions(headerValue(request.headers['content-type']));
  if (!jsonApi) {
    throw QueryError.of({ code: 'unsupported_media_type', detail: `A request document is sent as ${JSON_API_MEDIA_TYPE}.` });
  }
  if (atomic && !extensions.has(ATOMIC_EXTENSION)) {
    throw QueryError.of({
      code: 'unsupported_media_type',
      detail: `An operations request is sent as ${JSON_API_MEDIA_TYPE}; ext="${ATOMIC_EXTENSION}".`,
    });
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The body as text: a string as given, or read through the adapter's reader within the limit (413 past it). */
export async function bodyText(request: HandlerRequest, maxBytes: number): Promise<string | undefined> {
  const { body } = request;
  if (body === undefined || typeof body === 'string') return body;
  const bytes = await body(maxBytes);
  if (bytes === null) {
    throw QueryError.of({
      code: 'request_too_large',
      detail: `The request body is longer than ${String(maxBytes)} bytes.`,
      limit: maxBytes,
    });
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    throw QueryError.of({ code: 'invalid_json', detail: 'The request body is not UTF-8.' });
  }
}
