/**
 * The node:http adapter, and the two halves every Node-based adapter (Express,
 * Fastify, Koa) shares: a `HandlerRequest` from an `IncomingMessage` (raw path, raw
 * query string, an AbortSignal that fires when the client goes away, a reader of the
 * body that stops at the handler's limit) and the
 * `HandlerResponse` written to a `ServerResponse`.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../../errors/error-codes.js';
import { jsonApiError } from '../../errors/query-error.js';
import { serializeErrorDocument } from '../../serialize/index.js';
import { JSON_API_MEDIA_TYPE } from '../negotiate.js';
import type { Handler, HandlerRequest, HandlerResponse } from '../handler.js';
import { answer, collectBody, splitTarget } from './adapter-kit.js';

/**
 * Turns a handler into a node:http request listener.
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(createHandler({ schema, dataLayer }))).listen(3000);
 */
export function toNodeListener(handler: Handler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const connection = connectionOf(req.socket);
    connection.answering++;
    void answer(handler, toHandlerRequest(req, req.url ?? '/', connection.controller.signal)).then((response) => {
      connection.answering--;
      writeNodeResponse(res, response);
    });
  };
}

/** A connection's abort controller, and how many of its requests the handler is still answering. */
interface Connection {
  readonly controller: AbortController;
  answering: number;
}

const connections = new WeakMap<Socket, Connection>();

/**
 * The state of a request's connection, made on its first request: one AbortController
 * and one `close` listener per connection instead of per request (a keep-alive
 * connection carries many). The signal aborts when the connection closes while the
 * handler is still answering one of its requests (the client went away); a layer that
 * listens to it removes its listener when done, as the built-in layers do.
 */
function connectionOf(socket: Socket): Connection {
  const known = connections.get(socket);
  if (known !== undefined) return known;
  const connection: Connection = { controller: new AbortController(), answering: 0 };
  socket.once('close', () => {
    if (connection.answering > 0) connection.controller.abort();
  });
  connections.set(socket, connection);
  return connection;
}

/**
 * Builds the handler's request from a Node request. `url` is the raw request
 * target relative to the handler's mount point (`/persons?sort=name`); it is split
 * at the first `?` and nothing is decoded.
 */
export function toHandlerRequest(req: IncomingMessage, url: string, signal: AbortSignal): HandlerRequest {
  const { path, query } = splitTarget(url);
  const contentLength = req.headers['content-length'];
  // A body a framework's parser already read cannot be read again: the handler sees none.
  const body = (maxBytes: number): Promise<Uint8Array | null> =>
    req.readableEnded ? Promise.resolve(new Uint8Array(0)) : collectBody(req.iterator({ destroyOnReturn: false }), maxBytes, contentLength, () => req.resume());
  return { method: req.method ?? 'GET', path, query, headers: req.headers, signal, body };
}

/**
 * An AbortSignal that aborts when the connection closes before the response was
 * fully written (the client disconnected).
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
 * character in the target, oversized headers) or did not receive in time (its
 * `headersTimeout`/`requestTimeout`) with a JSON:API error document instead of
 * Node's bare, bodiless one, then closes the connection. The error leaves after the
 * responses to the requests pipelined before it on the connection, so every
 * response still answers its own request.
 *
 * @example
 * const server = createServer(toNodeListener(handler));
 * answerClientErrors(server).listen(3000);
 */
export function answerClientErrors(server: Server): Server {
  const answering = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // The parser stays failed: later bytes, or the next timeout check, report it again.
    if (answering.has(socket)) return;
    answering.add(socket);
    afterPendingResponses(socket, () => {
      if (socket.writable) socket.end(clientErrorResponse(error.code));
    });
  });
  return server;
}

/** A client error's answer: its status line and JSON:API error. */
interface ClientErrorAnswer {
  readonly status: string;
  readonly code: ErrorCode;
  readonly detail: string;
}

const MALFORMED: ClientErrorAnswer = { status: '400 Bad Request', code: 'malformed_request', detail: 'The request could not be parsed as HTTP.' };

/** The answers other than a 400, by node:http's error code. */
const CLIENT_ERRORS: ReadonlyMap<string | undefined, ClientErrorAnswer> = new Map([
  ['HPE_HEADER_OVERFLOW', { status: '431 Request Header Fields Too Large', code: 'request_header_too_large', detail: 'The request header fields are too large.' }],
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: '408 Request Timeout', code: 'request_timeout', detail: 'The request was not received in time.' }],
]);

/** The raw HTTP response to a request node:http rejected with the error code `code`. */
function clientErrorResponse(code: string | undefined): string {
  const { status, ...error } = CLIENT_ERRORS.get(code) ?? MALFORMED;
  const body = serializeErrorDocument([jsonApiError(error)]);
  return `HTTP/1.1 ${status}\r\nContent-Type: ${JSON_API_MEDIA_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Calls `then` once every response still owed on the connection has been written.
 * node:http writes pipelined responses one at a time: the one being written is the
 * socket's `_httpMessage` (the property node:http's own client-error answer reads),
 * and when it finishes, node:http's listener (added before this one) moves the next
 * one onto the socket. Nothing is called when the connection closes first.
 */
function afterPendingResponses(socket: Duplex, then: () => void): void {
  const pending = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (pending === null || pending === undefined) {
    then();
    return;
  }
  const next = (): void => {
    socket.off('close', gone);
    afterPendingResponses(socket, then);
  };
  const gone = (): void => {
    pending.off('finish', next);
  };
  pending.once('finish', next);
  socket.once('close', gone);
}
