/**
 * Writes through every adapter on a real server (127.0.0.1, port 0) with a plain
 * fetch client: a create, an update, an Atomic Operations batch with lids, a delete,
 * and a body past `maxBodyBytes` (413, read no further than the limit), at the root
 * and below a prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler } from '../../src/http/handler.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
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

const JSON_API = 'application/vnd.api+json';
const ATOMIC = `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`;
const MAX_BODY_BYTES = 4096;

const frameworks: readonly (readonly [string, StartServer, string])[] = [
  ['node:http', startNode, ''],
  ['express 5', startExpress5, '/api'],
  ['express 4', startExpress4, ''],
  ['fastify', startFastify, '/api'],
  ['hono', startHono, '/api'],
  ['hono', startHono, ''],
  ['koa', startKoa, '/api'],
];

describe.each(frameworks)('%s (prefix "%s") taking writes', (_, start, prefix) => {
  let server: RunningServer;
  beforeAll(async () => {
    const handler = createHandler({
      schema: exampleSchema,
      dataLayer: createMemoryLayer(exampleSchema, exampleData),
      writable: true,
      baseUrl: prefix,
      limits: { maxBodyBytes: MAX_BODY_BYTES },
    });
    server = await start(handler, prefix);
  });
  afterAll(() => server.close());

  const request = async (method: string, path: string, body?: unknown, contentType = JSON_API) => {
    const response = await fetch(`${server.origin}${prefix}${path}`, {
      method,
      headers: { accept: JSON_API, ...(body === undefined ? {} : { 'content-type': contentType }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, document: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
  };

  it('creates, updates, batches and deletes', async () => {
    const created = await request('POST', '/persons', { data: { type: 'person', attributes: { name: 'Ada', display_name: 'Ada Lovelace' } } });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${prefix}/persons/\\d+$`));
    const id = location.split('/').at(-1) ?? '';
    const updated = await request('PATCH', `/persons/${id}`, { data: { type: 'person', id, attributes: { gender: 'f' } } });
    expect(updated.status).toBe(200);
    expect(updated.document?.['data']).toMatchObject({ id, attributes: { name: 'Ada', gender: 'f' } });
    const batch = await request(
      'POST',
      '/operations',
      {
        'atomic:operations': [
          { op: 'add', data: { type: 'computer', lid: 'pc', attributes: { serial: 'AE-1' }, relationships: { owner: { data: { type: 'person', id } } } } },
          { op: 'update', ref: { type: 'computer', lid: 'pc' }, data: { type: 'computer', lid: 'pc', attributes: { serial: 'AE-2' } } },
        ],
      },
      ATOMIC,
    );
    expect(batch.status).toBe(200);
    expect(batch.headers.get('content-type')).toBe(ATOMIC);
    const results = batch.document?.['atomic:results'] as { data: { id: string; attributes: unknown } }[];
    expect(results[1]?.data.attributes).toEqual({ serial: 'AE-2' });
    const computers = await request('GET', `/persons/${id}/relationships/computers`);
    expect(computers.document?.['data']).toEqual([{ type: 'computer', id: results[0]?.data.id }]);
    expect((await request('DELETE', `/persons/${id}`)).status).toBe(204);
    expect((await request('GET', `/computers/${results[0]?.data.id ?? ''}/relationships/owner`)).document?.['data']).toBeNull();
  });

  it('answers a body past maxBodyBytes with a 413, and one at the limit normally', async () => {
    const padded = (bytes: number) => {
      const document = JSON.stringify({ data: { type: 'person', attributes: { name: 'Pad', display_name: 'Pad' } }, meta: { pad: '' } });
      return document.replace('"pad":""', `"pad":"${'x'.repeat(bytes - document.length)}"`);
    };
    expect((await request('POST', '/persons', padded(MAX_BODY_BYTES))).status).toBe(201);
    const refused = await request('POST', '/persons', padded(MAX_BODY_BYTES + 1));
    expect(refused.status).toBe(413);
    expect(refused.document).toMatchObject({ errors: [{ code: 'request_too_large' }] });
  });

  it('stops reading a chunked body (no Content-Length) once it passes the limit', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= MAX_BODY_BYTES * 4) {
          controller.close();
          return;
        }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.origin}${prefix}/persons`, {
      method: 'POST',
      headers: { 'content-type': JSON_API },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errors: [{ code: 'request_too_large', meta: { limit: MAX_BODY_BYTES } }] });
  });
});
