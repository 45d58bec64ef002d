/**
 * The Fastify adapter: a plugin that routes every method and every path below its
 * prefix to the handler. Inside the plugin's encapsulated context Fastify's body
 * parsers are replaced by one that leaves the body unread, for the handler to read
 * within its limit (or node:http to discard), so content types, 404s and 405s are the
 * handler's to answer; Fastify's parsed `request.query` is never used.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.js';
import { answer } from './adapter-kit.js';
import { abortOnClose, toHandlerRequest } from './node.js';

/** The part of a Fastify request the adapter uses. */
export interface FastifyRequestLike {
  readonly raw: IncomingMessage;
}

/** The part of a Fastify reply the adapter uses. */
export interface FastifyReplyLike {
  readonly raw: ServerResponse;
  code(status: number): this;
  headers(headers: Record<string, string>): this;
  send(body: Buffer): this;
}

/** The part of a Fastify instance the plugin uses. */
export interface FastifyInstanceLike {
  readonly prefix: string;
  readonly supportedMethods: readonly string[];
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    contentType: string,
    parser: (request: FastifyRequestLike, payload: IncomingMessage, done: (error: Error | null) => void) => void,
  ): void;
  route(options: {
    method: string[];
    url: string;
    exposeHeadRoutes: boolean;
    handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => Promise<FastifyReplyLike>;
  }): unknown;
}

/**
 * A Fastify plugin serving the handler under the prefix it is registered with.
 *
 * @example
 * const app = Fastify();
 * await app.register(fastifyPlugin(createHandler({ schema, dataLayer, baseUrl: '/api' })), { prefix: '/api' });
 */
export function fastifyPlugin(handler: Handler): (instance: FastifyInstanceLike) => Promise<void> {
  return async (instance) => {
    const { prefix } = instance;
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    const serve = async (request: FastifyRequestLike, reply: FastifyReplyLike): Promise<FastifyReplyLike> => {
      const url = request.raw.url ?? '/';
      const below = prefix !== '' && url.startsWith(prefix) ? url.slice(prefix.length) : url;
      const target = below.startsWith('/') ? below : `/${below}`;
      const response = await answer(handler, toHandlerRequest(request.raw, target, abortOnClose(reply.raw)));
      return reply.code(response.status).headers({ ...response.headers }).send(Buffer.from(response.body));
    };
    const method = [...instance.supportedMethods];
    for (const url of ['/', '/*']) instance.route({ method, url, exposeHeadRoutes: false, handler: serve });
  };
}
