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

/**
 * Collects a body's chunks up to `maxBytes`: the bytes, or `null` as soon as they pass
 * the limit (a declared `Content-Length` past it answers before any byte is read).
 * `stop` is called once reading should end early.
 */
export async function collectBody(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
  contentLength: string | undefined,
  stop: () => void,
): Promise<Uint8Array | null> {
  if (contentLength !== undefined && /^[0-9]+$/.test(contentLength) && Number(contentLength) > maxBytes) {
    stop();
    return null;
  }
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    length += chunk.byteLength;
    if (length > maxBytes) {
      stop();
      return null;
    }
    parts.push(chunk);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

const INTERNAL_ERROR: HandlerResponse = Object.freeze({
  status: 500,
  headers: Object.freeze({ 'content-type': JSON_API_MEDIA_TYPE }),
  body: serializeErrorDocument([
    jsonApiError({ code: 'internal_error', detail: 'The server failed to answer the request' }),
  ]),
});
