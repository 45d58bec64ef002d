/**
 * The Koa adapter: a terminal middleware that sets `ctx.status`, the headers and
 * `ctx.body`. It reads the raw request target from `ctx.req.url`, so it also works
 * below a mount point that rewrites it (koa-mount).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.js';
import { answer } from './adapter-kit.js';
import { abortOnClose, toHandlerRequest } from './node.js';

/** The part of a Koa context the adapter uses. */
export interface KoaContextLike {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  status: number;
  body: unknown;
  set(headers: Record<string, string>): void;
}

/**
 * A Koa middleware serving the handler. Koa's parsed `ctx.query` is never used.
 *
 * @example
 * const app = new Koa();
 * app.use(koaMiddleware(createHandler({ schema, dataLayer })));
 */
export function koaMiddleware(handler: Handler): (ctx: KoaContextLike) => Promise<void> {
  return async (ctx) => {
    const response = await answer(handler, toHandlerRequest(ctx.req, ctx.req.url ?? '/', abortOnClose(ctx.res)));
    ctx.status = response.status;
    ctx.set({ ...response.headers });
    ctx.body = response.body;
  };
}
