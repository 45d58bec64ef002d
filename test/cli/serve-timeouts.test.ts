/**
 * `serve`'s time limits on connections (docs/cli.md, "Time limits"): headers that
 * never end, a body that never ends, an idle keep-alive connection and a client that
 * stops reading a large response are each cut off once the configured limit passes.
 * Limits are set small and the test waits for the event itself, never for a time.
 */
import { writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { send } from '../adapters/http-client.js';
import { ownedTempDir, READY_TIMEOUT_MS } from '../helpers/owned.js';
import { runCli, startServe } from './serve-process.js';

/** Generous: the events come within a second or two, on a loaded machine too. */
const EVENT_TIMEOUT_MS = 30_000;

/** Opens a raw connection to the server, destroyed when the test finishes, and collects everything it sends until it closes. */
function rawConnection(origin: string): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  socket.on('error', () => undefined);
  onTestFinished(() => {
    socket.destroy();
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection; it sent ${JSON.stringify(received.slice(0, 300))}`));
    }, EVENT_TIMEOUT_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { socket, received: () => received, closed };
}

/** The error document ending `received`, which must be the last response. */
function lastBody(received: string): unknown {
  return JSON.parse(received.slice(received.lastIndexOf('\r\n\r\n') + 4));
}

const REQUEST_TIMEOUT = {
  errors: [{ status: '408', code: 'request_timeout', title: 'Request timeout', detail: 'The request was not received in time.' }],
  jsonapi: { version: '1.0' },
};

describe('serve: time limits', { timeout: READY_TIMEOUT_MS + 2 * EVENT_TIMEOUT_MS }, () => {
  it('--headers-timeout: headers that never end get a 408 document and the connection closes', async () => {
    const { cli, origin } = await startServe(['--quiet', '--headers-timeout', '200', '--request-timeout', '400']);
    const connection = rawConnection(origin);
    connection.socket.write('GET /persons HTTP/1.1\r\nHost: a\r\nX-Slow: ');
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n(?:.*\r\n)*Connection: close\r\n/);
    expect(lastBody(connection.received())).toEqual(REQUEST_TIMEOUT);
    expect((await send(origin, '/persons/1')).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--request-timeout: a body that never ends is cut off with a 408 after the answer to its request', async () => {
    const { cli, origin } = await startServe(['--quiet', '--headers-timeout', '500', '--request-timeout', '1000']);
    const connection = rawConnection(origin);
    connection.socket.write('GET /persons/1 HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nonly a part');
    await connection.closed;
    const statuses = [...connection.received().matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '408']);
    expect(lastBody(connection.received())).toEqual(REQUEST_TIMEOUT);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--keep-alive-timeout: an idle keep-alive connection is closed, as its responses announce', async () => {
    const { cli, origin } = await startServe(['--quiet', '--keep-alive-timeout', '1000']);
    const connection = rawConnection(origin);
    connection.socket.write('GET /persons/1 HTTP/1.1\r\nHost: a\r\n\r\n');
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n(?:.*\r\n)*Keep-Alive: timeout=1\r\n/);
    expect(connection.received()).toContain('"id":"1"');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('--send-timeout: a client that stops reading a large response is disconnected, and others are served', async () => {
    // About 24 MB of JSON: far more than the socket buffers of both ends hold.
    const file = join(ownedTempDir('jsonapi-query-timeouts-'), 'blobs.json');
    const text = 'x'.repeat(400_000);
    writeFileSync(
      file,
      JSON.stringify({
        schema: { types: { blob: { root: 'blobs', attributes: { text: { type: 'string' } } } } },
        data: { blob: Array.from({ length: 60 }, (_, index) => ({ id: String(index + 1), text })) },
      }),
    );
    const { cli, origin } = await startServe([file, '--send-timeout', '1000']);
    const connection = rawConnection(origin);
    // Never read: the server's writes stall once the buffers are full.
    connection.socket.pause();
    connection.socket.write('GET /blobs?page[size]=100 HTTP/1.1\r\nHost: a\r\n\r\n');
    const [, port] = await cli.waitFor(/^Closed the connection of 127\.0\.0\.1:(\d+): its response not read for 1000 ms$/m, EVENT_TIMEOUT_MS);
    expect(Number(port)).toBe(connection.socket.localPort);
    connection.socket.resume();
    await connection.closed;
    expect((await send(origin, '/blobs/1?fields[blob]=')).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it.each([
    [['--send-timeout', '0'], /--send-timeout must be a positive number of milliseconds, not "0"/],
    [['--keep-alive-timeout', '1.5'], /--keep-alive-timeout must be a positive number of milliseconds, not "1\.5"/],
    [['--headers-timeout', '5000', '--request-timeout', '1000'], /--headers-timeout \(5000\) must not exceed --request-timeout \(1000\)/],
  ])('refuses %j with the usage and exit code 2', async (args, message) => {
    const { code, stderr } = await runCli(['serve', ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
