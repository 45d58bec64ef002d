/**
 * What every adapter hands the handler, on a real socket: the raw path below the
 * mount point, the raw query string (never a framework's parsed object), lower-cased
 * headers, the method, an AbortSignal that fires when the client disconnects; and
 * how it writes the response back.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createEchoHandler, type EchoBody } from './echo-handler.js';
import { send } from './http-client.js';
import {
  startExpress4,
  startExpress5,
  startFastify,
  startHono,
  startKoa,
  startNode,
  type RunningServer,
  type StartServer,
} from './servers.js';

const frameworks: readonly (readonly [string, StartServer, readonly string[]])[] = [
  ['node:http', startNode, ['']],
  ['express 5', startExpress5, ['', '/api']],
  ['express 4', startExpress4, ['', '/api']],
  ['fastify', startFastify, ['', '/api']],
  ['hono', startHono, ['', '/api']],
  ['koa', startKoa, ['', '/api']],
];

const cases = frameworks.flatMap(([name, start, prefixes]) =>
  prefixes.map((prefix) => ({ name: prefix === '' ? name : `${name} under ${prefix}`, start, prefix })),
);

describe.each(cases)('$name adapter', ({ start, prefix }) => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function echo(target: string, options: Parameters<typeof send>[2] = {}) {
    const handler = createEchoHandler();
    server = await start(handler, prefix);
    const response = await send(server.origin, `${prefix}${target}`, options);
    return { response, echoed: response.body === '' ? undefined : (JSON.parse(response.body) as EchoBody) };
  }

  it.each([
    ['/persons', '/persons', ''],
    ['/persons?', '/persons', ''],
    ['/persons?sort=-name,id', '/persons', 'sort=-name,id'],
    ['/persons?filter[name]=a%20b+c&filter[name]=d', '/persons', 'filter[name]=a%20b+c&filter[name]=d'],
    ['/persons?filter%5B__proto__%5D%5Bx%5D=1&a=%zz', '/persons', 'filter%5B__proto__%5D%5Bx%5D=1&a=%zz'],
    ['/persons?q=a?b=c', '/persons', 'q=a?b=c'],
    ['/persons/%C3%A9t%C3%A9/computers', '/persons/%C3%A9t%C3%A9/computers', ''],
    ['/persons/a%2Fb?x', '/persons/a%2Fb', 'x'],
  ])('passes %s through raw as path %s and query %s', async (target, path, query) => {
    const { response, echoed } = await echo(target);
    expect(response.status).toBe(203);
    expect(echoed).toMatchObject({ method: 'GET', path, query });
  });

  it('passes headers with lower-case names and writes the handler headers back', async () => {
    const { response, echoed } = await echo('/persons', { headers: { 'X-Custom-Thing': 'Value', Accept: 'text/html' } });
    expect(echoed?.headers['x-custom-thing']).toBe('Value');
    expect(echoed?.headers['accept']).toBe('text/html');
    expect(response.headers['content-type']).toBe('application/vnd.api+json');
    expect(response.headers['x-echo']).toBe('yes');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
  });

  it.each(['POST', 'DELETE', 'PATCH', 'PUT', 'OPTIONS'])('hands %s to the handler, body or not', async (method) => {
    const { response, echoed } = await echo('/persons?x=1', {
      method,
      headers: { 'content-type': 'application/vnd.api+json' },
      body: '{"data":{"type":"person"}}',
    });
    expect(response.status).toBe(203);
    expect(echoed).toMatchObject({ method, path: '/persons', query: 'x=1' });
  });

  it('hands HEAD to the handler and sends no body', async () => {
    const { response } = await echo('/persons', { method: 'HEAD' });
    expect(response.status).toBe(203);
    expect(response.body).toBe('');
    expect(response.headers['x-echo']).toBe('yes');
  });

  it('aborts the signal when the client disconnects', async () => {
    const handler = createEchoHandler();
    server = await start(handler, prefix);
    const { hostname, port } = new URL(server.origin);
    const req = httpRequest({ host: hostname, port, path: `${prefix}/hang`, agent: false });
    req.on('error', () => undefined);
    req.end();
    await handler.hanging;
    req.destroy();
    await expect(handler.aborted).resolves.toBe(true);
  });

  it('answers a failing handler with a 5xx that leaks nothing', async () => {
    const { response } = await echo('/fail');
    expect(response.status).toBe(500);
    expect(response.body).not.toContain('secret');
  });
});
