/**
 * The node:http adapter, and the two halves every Node-based adapter (Express,
 * Fastify, Koa) shares: a `HandlerRequest` from an `IncomingMessage` (raw path, raw
 * query string, an AbortSignal that fires when the client goes away) and the
 * `HandlerResponse` written to a `ServerResponse`.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { jsonApiError } from '../../errors/query-error.js';
import { serializeErrorDocument } from '../../serialize/index.js';
import { JSON_API_MEDIA_TYPE } from '../negotiate.js';
import type { Handler, HandlerRequest, HandlerResponse } from '../handler.js';
import { answer, splitTarget } from './adapter-kit.js';

/**
 * Turns a handler into a node:http request listener.
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(createHandler({ schema, dataLayer }))).listen(3000);
 */
export function toNodeListener(handler: Handler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void answer(handler, toHandlerRequest(req, req.url ?? '/', abortOnClose(res))).then((response) =>
      writeNodeResponse(res, response),
    );
  };
}

/**
 * Builds the handler's request from a Node request. `url` is the raw request
 * target relative to the handler's mount point (`/persons?sort=name`); it is split
 * at the first `?` and nothing is decoded.
 *
 * @example
 * toHandlerRequest(req, req.url ?? '/', abortOnClose(res));
 */
export function toHandlerRequest(req: IncomingMessage, url: string, signal: AbortSignal): HandlerRequest {
  const { path, query } = splitTarget(url);
  return { method: req.method ?? 'GET', path, query, headers: req.headers, signal };
}

/**
 * An AbortSignal that aborts when the connection closes before the response was
 * fully written (the client disconnected).
 *
 * @example
 * const signal = abortOnClose(res);
 */
export function abortOnClose(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Writes a handler response: status, headers, and the body with its byte length.
 * A response already started (or a socket already gone) is left alone.
 *
 * @example
 * writeNodeResponse(res, { status: 200, headers: { 'content-type': 'application/vnd.api+json' }, body: '{}' });
 */
function writeNodeResponse(res: ServerResponse, response: HandlerResponse): void {
  if (res.headersSent || res.destroyed) return;
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  if (response.body === '') res.end();
  else res.end(response.body);
}

/**
 * Answers requests node:http cannot parse (a broken request line, a raw non-ASCII
 * character in the target, oversized headers) with a JSON:API error document
 * instead of Node's bare, bodiless 400, then closes the connection.
 *
 * @example
 * const server = createServer(toNodeListener(handler));
 * answerClientErrors(server).listen(3000);
 */
export function answerClientErrors(server: Server): Server {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = serializeErrorDocument([
      jsonApiError(
        tooLarge
          ? { code: 'request_header_too_large', detail: 'The request header fields are too large.' }
          : { code: 'malformed_request', detail: 'The request could not be parsed as HTTP.' },
      ),
    ]);
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: ${JSON_API_MEDIA_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
