/**
 * The time limits `serve` puts on every connection (docs/cli.md, "Time limits"), so
 * a slow or stalled client holds a socket and its memory for a bounded time only.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

/** Milliseconds; every one of them a positive integer. */
export interface ServerTimeouts {
  /** Receiving a request's headers (`--headers-timeout`): past it, a 408 and the connection closes. */
  readonly headersTimeout: number;
  /** Receiving a whole request, headers and body (`--request-timeout`): past it, a 408 and the connection closes. */
  readonly requestTimeout: number;
  /** An idle keep-alive connection waiting for its next request (`--keep-alive-timeout`). */
  readonly keepAliveTimeout: number;
  /** A response the client stopped reading (`--send-timeout`): no byte of it taken for this long closes the connection. */
  readonly sendTimeout: number;
}

/** `serve`'s defaults. */
export const DEFAULT_TIMEOUTS: ServerTimeouts = Object.freeze({
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  sendTimeout: 30_000,
});

/**
 * The node:http server options of the limits. node:http checks the headers and
 * request limits on an interval (30 s by default); a check every second at most
 * keeps them close to what was asked.
 */
export function timeoutOptions(timeouts: ServerTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeout,
    requestTimeout: timeouts.requestTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeout),
  };
}

/**
 * Closes a connection once nothing moved on it for `sendTimeout` ms, unless it only
 * waits for the data layer: a response being computed is bounded by the layer (its
 * statement timeout), not by the client. A connection with response bytes the
 * client does not take is closed and passed to `onStalled`; one with no request in
 * flight (idle) is closed silently.
 */
export function closeStalledConnections(server: Server, sendTimeout: number, onStalled: (socket: Socket) => void): void {
  const inFlight = new WeakMap<Socket, number>();
  server.on('request', (req, res) => {
    const { socket } = req;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
  });
  server.setTimeout(sendTimeout, (socket: Socket) => {
    const stalled = socket.writableLength > 0;
    if (!stalled && (inFlight.get(socket) ?? 0) > 0) return;
    if (stalled) onStalled(socket);
    socket.destroy();
  });
}
