/**
 * The node:http adapter makes one AbortSignal per connection, not per request: on a
 * kept-alive connection every request gets the same signal; it aborts when the
 * connection closes while a request is still being answered, and stays quiet when the
 * connection closes after every request was answered.
 */
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HandlerRequest, HandlerResponse } from '../../src/http/handler.js';
import { toNodeListener } from '../../src/http/adapters/node.js';

let server: Server | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  agent = undefined;
  const closing = server;
  server = undefined;
  if (closing !== undefined) {
    closing.closeAllConnections();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }
});

/** A server whose handler answers `/a` at once and `/hang` never, recording each request's signal. */
async function start(): Promise<{ origin: string; signals: AbortSignal[]; hanging: Promise<void>; socketClosed: Promise<void> }> {
  const signals: AbortSignal[] = [];
  let reached: () => void = () => undefined;
  const hanging = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const handler = async (request: HandlerRequest): Promise<HandlerResponse> => {
    if (request.signal !== undefined) signals.push(request.signal);
    if (request.path === '/hang') {
      reached();
      const signal = request.signal as AbortSignal;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      return { status: 499, headers: {}, body: '' };
    }
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' };
  };
  const started = createServer(toNodeListener(handler));
  server = started;
  const socketClosed = new Promise<void>((resolve) => {
    started.once('connection', (socket: Socket) => socket.once('close', () => resolve()));
  });
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', () => resolve()));
  const { port } = started.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${String(port)}`, signals, hanging, socketClosed };
}

function get(origin: string, path: string, using: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { agent: using }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('node:http adapter, one signal per connection', () => {
  it('gives every request of a kept-alive connection the same signal, which stays quiet when the connection closes after them', async () => {
    const { origin, signals, socketClosed } = await start();
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(origin, '/a', agent)).toBe('ok');
    expect(await get(origin, '/a', agent)).toBe('ok');
    agent.destroy();
    await socketClosed;
    expect(signals).toHaveLength(2);
    expect(signals[1]).toBe(signals[0]);
    expect(signals[0]?.aborted).toBe(false);
  });

  it('aborts the signal when the client goes away while a later request on the connection is being answered', async () => {
    const { origin, signals, hanging } = await start();
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(origin, '/a', agent)).toBe('ok');
    void get(origin, '/hang', agent).catch(() => undefined);
    await hanging;
    agent.destroy();
    const last = signals.at(-1) as AbortSignal;
    await new Promise<void>((resolve) => {
      if (last.aborted) resolve();
      else last.addEventListener('abort', () => resolve(), { once: true });
    });
    expect(signals).toHaveLength(2);
    expect(signals[1]).toBe(signals[0]);
    expect(last.aborted).toBe(true);
  });
});
