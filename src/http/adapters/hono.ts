/**
 * The Hono adapter: a route handler over the fetch adapter (`c.req.raw` is a Web
 * `Request`).
 */
import type { Handler } from '../handler.js';
import { toFetchHandler } from './fetch.js';

/**
 * A Hono route handler: `app.all('*', honoHandler(handler))`.
 *
 * @example
 * const app = new Hono();
 * app.all('*', honoHandler(createHandler({ schema, dataLayer })));
 */
export function honoHandler(handler: Handler): (c: { readonly req: { readonly raw: Request } }) => Promise<Response> {
  const fetchHandler = toFetchHandler(handler);
  return (c) => fetchHandler(c.req.raw);
}
