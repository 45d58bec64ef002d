/**
 * What every adapter shares, Node or not: the split of a raw request target into
 * path and query string, and the last guard against a handler that rejects.
 */
import { jsonApiError } from '../../errors/query-error.js';
import { serializeErrorDocument } from '../../serialize/index.js';
import type { Handler, HandlerRequest, HandlerResponse } from '../handler.js';
import { JSON_API_MEDIA_TYPE } from '../negotiate.js';

/**
 * Splits a raw request target into its path and its query string (without `?`).
 * An absolute-form target (`http://host/persons?x`) keeps only its path; the
 * asterisk-form (`*`) and an empty target become `/`.
 */
export function splitTarget(target: string): { path: string; query: string } {
  const mark = target.indexOf('?');
  let path = mark === -1 ? target : target.slice(0, mark);
  const query = mark === -1 ? '' : target.slice(mark + 1);
  if (!path.startsWith('/')) {
    const scheme = path.indexOf('://');
    const slash = scheme === -1 ? -1 : path.indexOf('/', scheme + 3);
    path = slash === -1 ? '/' : path.slice(slash);
  }
  return { path, query };
}

/**
 * Calls the handler; a rejection (which `createHandler` never produces: it answers
 * its own failures) becomes a 500 error document that leaks nothing, so no adapter
 * lets a failure reach the framework's own error page.
 */
export function answer(handler: Handler, request: HandlerRequest): Promise<HandlerResponse> {
  return handler(request).catch(() => INTERNAL_ERROR);
}

const INTERNAL_ERROR: HandlerResponse = Object.freeze({
  status: 500,
  headers: Object.freeze({ 'content-type': JSON_API_MEDIA_TYPE }),
  body: serializeErrorDocument([
    jsonApiError({ code: 'internal_error', detail: 'The server failed to answer the request' }),
  ]),
});
