/**
 * The Express adapter (Express 4 and 5): a middleware that answers every request
 * that reaches it. Mounted with `app.use('/api', …)`, it sees the path below the
 * mount point (Express strips the prefix from `req.url`); give the handler
 * `baseUrl: '/api'` so links carry the prefix.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.js';
import { toNodeListener } from './node.js';

/**
 * An Express middleware serving the handler. Express's parsed `req.query` is never
 * used: the raw query string is taken from `req.url`.
 *
 * @example
 * const app = express();
 * app.use('/api', expressMiddleware(createHandler({ schema, dataLayer, baseUrl: '/api' })));
 */
export function expressMiddleware(handler: Handler): (req: IncomingMessage, res: ServerResponse) => void {
  // Express hands middleware plain node:http objects with `req.url` below the mount point.
  return toNodeListener(handler);
}
