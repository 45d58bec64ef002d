/**
 * An adapter mounted below a prefix leaves the rest of the application alone: its
 * other routes, Fastify's body parsers outside the plugin, and the framework's own
 * 404 outside the prefix.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { expressMiddleware } from '../../src/http/adapters/express.js';
import { fastifyPlugin } from '../../src/http/adapters/fastify.js';
import { koaMiddleware } from '../../src/http/adapters/koa.js';
import { exampleHandler } from './example-handler.js';
import { send } from './http-client.js';

const JSON_API = 'application/vnd.api+json';

describe('Fastify plugin below /api', () => {
  it('keeps Fastify’s JSON parser and 404 outside the plugin, and answers every content type inside', async () => {
    const app = Fastify();
    app.post('/echo', async (request) => ({ received: request.body }));
    await app.register(fastifyPlugin(exampleHandler('/api')), { prefix: '/api' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const echoed = await send(origin, '/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      });
      expect(JSON.parse(echoed.body)).toEqual({ received: { a: 1 } });

      const outside = await send(origin, '/elsewhere');
      expect(outside.status).toBe(404);
      expect(outside.headers['content-type']).toBe('application/json; charset=utf-8');

      for (const contentType of ['application/xml', 'text/plain', JSON_API]) {
        const posted = await send(origin, '/api/persons', {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: '<not json>',
        });
        expect([contentType, posted.status, posted.headers['allow']]).toEqual([contentType, 405, 'GET, HEAD']);
      }
      const unsupported = await send(origin, '/api/persons', { headers: { 'content-type': `${JSON_API}; charset=utf-8` } });
      expect(unsupported.status).toBe(415);

      const root = await send(origin, '/api');
      expect(root.status).toBe(404);
      expect(root.headers['content-type']).toBe(JSON_API);
    } finally {
      await app.close();
    }
  });
});

describe('Express middleware below /api', () => {
  it('leaves the other routes of the application alone', async () => {
    const app = express();
    app.get('/health', (_req, res) => {
      res.json({ ok: true });
    });
    app.use('/api', expressMiddleware(exampleHandler('/api')));
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(JSON.parse((await send(origin, '/health')).body)).toEqual({ ok: true });
      const person = await send(origin, '/api/persons/2?fields[person]=name');
      expect(JSON.parse(person.body)).toEqual({
        data: { type: 'person', id: '2', attributes: { name: 'john' }, links: { self: '/api/persons/2' } },
        links: { self: '/api/persons/2?fields%5Bperson%5D=name' },
        jsonapi: { version: '1.0' },
      });
      expect((await send(origin, '/persons/2')).headers['content-type']).toMatch(/^text\/html/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('Koa middleware', () => {
  it('lets upstream middleware see the response it set', async () => {
    const app = new Koa();
    const seen: string[] = [];
    app.use(async (ctx, next) => {
      await next();
      seen.push(`${ctx.status} ${String(ctx.response.get('content-type'))}`);
    });
    app.use(koaMiddleware(exampleHandler()));
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await send(origin, '/persons/1');
      await send(origin, '/persons/nobody');
      expect(seen).toEqual([`200 ${JSON_API}`, `404 ${JSON_API}`]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
