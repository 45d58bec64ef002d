/**
 * The Web `Request`/`Response` (fetch) adapter, for every fetch runtime (Deno, Bun,
 * Cloudflare Workers, `@hono/node-server`) and Hono. The raw path and query are
 * cut from `request.url` as a string, never re-parsed into a `URL`.
 */
import type { Handler } from '../handler.js';
import { answer, collectBody, splitTarget } from './adapter-kit.js';

/**
 * Turns a handler into a fetch handler: `(request: Request) => Promise<Response>`.
 * The request's own `signal` is passed through; the body, when there is one, is read
 * only by a writable handler and never past its `maxBodyBytes`.
 *
 * @example
 * Deno.serve(toFetchHandler(createHandler({ schema, dataLayer })));
 * // Hono, below a prefix (`mount` from 'hono/mount' strips it):
 * app.all('/api/*', mount(toFetchHandler(createHandler({ schema, dataLayer, baseUrl: '/api' }))));
 */
export function toFetchHandler(handler: Handler): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const { path, query } = splitTarget(request.url);
    const { body } = request;
    const read =
      body === null
        ? {}
        : { body: (maxBytes: number) => collectBody(chunksOf(body), maxBytes, headers['content-length'], () => void body.cancel().catch(() => undefined)) };
    const response = await answer(handler, { method: request.method, path, query, headers, signal: request.signal, ...read });
    return new Response(response.body === '' ? null : response.body, {
      status: response.status,
      headers: response.headers,
    });
  };
}

/** The chunks of a body stream; left early (past the limit), the rest of the stream is cancelled. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
