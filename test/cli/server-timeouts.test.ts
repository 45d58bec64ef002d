/**
 * `closeStalledConnections` (src/cli/server-timeouts.ts) in process: a connection
 * whose response waits for a slow data layer outlives the send timeout, and is
 * answered once the layer answers.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeStalledConnections } from '../../src/cli/server-timeouts.js';
import { send } from '../adapters/http-client.js';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  if (server?.listening === true) await new Promise((resolve) => server?.close(resolve));
});

describe('closeStalledConnections', () => {
  it('spares a connection waiting for the data layer', async () => {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const listening = createServer({ keepAliveTimeout: 60_000 }, (_req, res) => {
      void released.then(() => res.end('late but whole'));
    });
    server = listening;
    const stalled: unknown[] = [];
    closeStalledConnections(listening, 100, (socket) => stalled.push(socket));
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;

    const response = send(origin, '/', { timeout: 60_000 });
    // Nothing moved on the connection for the send timeout while the response was computed…
    const [socket] = (await once(listening, 'timeout')) as [Socket];
    expect(socket.destroyed).toBe(false);
    release();
    // …and the answer still arrives.
    expect(await response).toMatchObject({ status: 200, body: 'late but whole' });
    expect(stalled).toEqual([]);
  });
});
