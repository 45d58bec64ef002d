/**
 * Starts a real server on 127.0.0.1 (port 0) for each framework, with the handler
 * mounted at the root or below a prefix, and closes it again.
 */
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { mount } from 'hono/mount';
import Koa from 'koa';
import { expressMiddleware } from '../../src/http/adapters/express.js';
import { fastifyPlugin } from '../../src/http/adapters/fastify.js';
import { toFetchHandler } from '../../src/http/adapters/fetch.js';
import { honoHandler } from '../../src/http/adapters/hono.js';
import { koaMiddleware } from '../../src/http/adapters/koa.js';
import { toNodeListener } from '../../src/http/adapters/node.js';
import type { Handler } from '../../src/http/handler.js';

export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  close(): Promise<void>;
}

/** Starts `handler` mounted at `prefix` (`''` for the root). */
export type StartServer = (handler: Handler, prefix: string) => Promise<RunningServer>;

const express4 = createRequire(import.meta.url)('express4') as typeof express;

function listen(server: Server): Promise<RunningServer> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export const startNode: StartServer = (handler) => listen(createServer(toNodeListener(handler)));

export const startExpress5: StartServer = (handler, prefix) => {
  const app = express();
  app.use(prefix === '' ? '/' : prefix, expressMiddleware(handler));
  return listen(createServer(app));
};

export const startExpress4: StartServer = (handler, prefix) => {
  const app = express4();
  app.use(prefix === '' ? '/' : prefix, expressMiddleware(handler));
  return listen(createServer(app));
};

export const startFastify: StartServer = async (handler, prefix) => {
  const app = Fastify();
  await app.register(fastifyPlugin(handler), { prefix });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => app.close() };
};

export const startHono: StartServer = (handler, prefix) => {
  const app = new Hono();
  if (prefix === '') app.all('*', honoHandler(handler));
  else app.all(`${prefix}/*`, mount(toFetchHandler(handler)));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
          }),
      });
    });
  });
};

export const startKoa: StartServer = (handler, prefix) => {
  const app = new Koa();
  if (prefix !== '') {
    // What koa-mount does: rewrite the path below the prefix, then call downstream.
    app.use(async (ctx, next) => {
      if (!ctx.path.startsWith(prefix)) return;
      ctx.path = ctx.path.slice(prefix.length) || '/';
      await next();
    });
  }
  app.use(koaMiddleware(handler));
  return listen(createServer(app.callback()));
};
