/**
 * Pipelining with a slow data layer: requests wait on the layer (held until the
 * test releases it) while a malformed request arrives behind them on the same
 * connection. Every response must leave in request order, so that a client that
 * pairs responses with requests by position reads each its own answer.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientErrors, toNodeListener } from '../../src/http/adapters/node.js';
import type { Handler } from '../../src/http/handler.js';
import { exampleHandler } from '../adapters/example-handler.js';

/** The example handler, holding every request until `release()`; `started` resolves once `count` requests wait. */
function heldHandler(count: number): { handler: Handler; started: Promise<void>; release: () => void } {
  const inner = exampleHandler();
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached = (): void => undefined;
  const started = new Promise<void>((resolve) => (reached = resolve));
  let waiting = 0;
  const handler: Handler = async (request) => {
    if (++waiting === count) reached();
    await released;
    return inner(request);
  };
  return { handler, started, release };
}

/** One HTTP/1.1 response read off the wire. */
interface RawResponse {
  readonly status: number;
  readonly body: string;
}

/** Splits what the server sent into responses (each with a Content-Length, as this server sends them). */
function splitResponses(bytes: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd === -1) throw new Error(`an incomplete head: ${JSON.stringify(bytes.slice(at))}`);
    const head = bytes.slice(at, headEnd);
    const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    responses.push({ status, body: bytes.slice(headEnd + 4, headEnd + 4 + length) });
    at = headEnd + 4 + length;
  }
  return responses;
}

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  if (server?.listening === true) await new Promise((resolve) => server?.close(resolve));
});

describe('pipelined requests before a malformed one', () => {
  it('answers each earlier request with its own response first, then the 400, then closes', async () => {
    const requests = [
      'GET /persons/1?fields[person]=name HTTP/1.1\r\nHost: a\r\n\r\n',
      'GET /persons/nobody HTTP/1.1\r\nHost: a\r\n\r\n',
      'GET /persons/2?fields[person]=name HTTP/1.1\r\nHost: a\r\n\r\n',
    ];
    const malformed = 'GET /persons HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    const { handler, started, release } = heldHandler(requests.length);
    const listening = answerClientErrors(createServer(toNodeListener(handler)));
    server = listening;
    const rejected = once(listening, 'clientError');
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));

    const socket = connect((listening.address() as AddressInfo).port, '127.0.0.1');
    socket.on('error', () => undefined);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = once(socket, 'close');
    socket.write(requests.join('') + malformed);

    // Every valid request waits on the layer and the malformed one has been rejected: only now may anything be written.
    await Promise.all([started, rejected]);
    release();
    await closed;

    const responses = splitResponses(received);
    expect(responses.map((response) => response.status)).toEqual([200, 404, 200, 400]);
    const [first, missing, second, error] = responses;
    expect(JSON.parse(first?.body ?? '')).toMatchObject({ data: { id: '1', attributes: { name: 'John' } } });
    expect(JSON.parse(missing?.body ?? '')).toMatchObject({ errors: [{ code: 'not_found' }] });
    expect(JSON.parse(second?.body ?? '')).toMatchObject({ data: { id: '2', attributes: { name: 'john' } } });
    expect(JSON.parse(error?.body ?? '')).toMatchObject({ errors: [{ status: '400', code: 'malformed_request' }] });
  });
});
