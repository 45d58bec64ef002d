/**
 * The pages `serve` shows a person (`withExplorer`): `GET /` with
 * `Accept: text/html` is the query explorer, `GET /docs` the API reference rendered
 * by Swagger UI from `/openapi.json`; their scripts, styles and the renderer are
 * served from this package under `/__explorer/`, never from the network.
 * See docs/explorer.md.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Handler, HandlerOptions, HandlerRequest, HandlerResponse } from '../http/handler.js';
import { resolveSchema } from '../schema/resolved-schema.js';
import { explorerSchema } from './explorer-schema.js';

/** A file served by the route: where it is read from and its media type. */
interface Asset {
  readonly file: URL | string;
  readonly type: string;
}

const HTML = 'text/html; charset=utf-8';
const own = (name: string, type: string): Asset => ({ file: new URL(`./static/${name}`, import.meta.url), type });
const swagger = (name: string, type: string): Asset => ({
  file: createRequire(import.meta.url).resolve(`swagger-ui-dist/${name}`),
  type,
});

/** Pages by path: answered only when the client accepts HTML. */
const PAGES: ReadonlyMap<string, Asset> = new Map([
  ['/', own('explorer.html', HTML)],
  ['/docs', own('docs.html', HTML)],
]);

/** Assets under `/__explorer/`. */
const ASSETS: ReadonlyMap<string, Asset> = new Map([
  ['/__explorer/explorer.js', own('explorer.js', 'text/javascript; charset=utf-8')],
  ['/__explorer/explorer.css', own('explorer.css', 'text/css; charset=utf-8')],
  ['/__explorer/docs.js', own('docs.js', 'text/javascript; charset=utf-8')],
  ['/__explorer/swagger-ui-bundle.js', swagger('swagger-ui-bundle.js', 'text/javascript; charset=utf-8')],
  ['/__explorer/swagger-ui.css', swagger('swagger-ui.css', 'text/css; charset=utf-8')],
]);

const SCHEMA_PATH = '/__explorer/schema.json';

/** What the pages read from the handler's options. */
export type ExplorerOptions = Pick<HandlerOptions, 'schema' | 'dataLayer' | 'limits'>;

/**
 * Wraps a handler with the explorer's pages and assets; other requests pass through.
 * The explorer shows what `/__explain` answers: wrap a handler of `createExplainHandler`.
 *
 * @example
 * const options = { schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) };
 * const handle = withExplorer(createExplainHandler(options), options);
 */
export function withExplorer(handle: Handler, options: ExplorerOptions): Handler {
  const schema = resolveSchema(options.schema);
  const cache = new Map<string, Promise<string>>();
  const read = (asset: Asset): Promise<string> => {
    const key = String(asset.file);
    let text = cache.get(key);
    if (text === undefined) {
      text = readFile(asset.file, 'utf8');
      cache.set(key, text);
    }
    return text;
  };
  let schemaBody: string | undefined;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return handle(request);
    const page = PAGES.get(request.path);
    const asset = page !== undefined && acceptsHtml(request) ? page : ASSETS.get(request.path);
    if (asset !== undefined) return reply(request, asset.type, await read(asset), page !== undefined);
    if (request.path === SCHEMA_PATH) {
      schemaBody ??= JSON.stringify(explorerSchema(schema, options.dataLayer.operators, options.limits));
      return reply(request, 'application/json', schemaBody);
    }
    return handle(request);
  };
}

/** A 200; pages depend on `Accept` (HTML here, a JSON:API answer otherwise) and say so. */
function reply(request: HandlerRequest, type: string, body: string, negotiated = false): HandlerResponse {
  return {
    status: 200,
    headers: { 'content-type': type, 'cache-control': 'no-cache', ...(negotiated ? { vary: 'Accept' } : {}) },
    body: request.method === 'HEAD' ? '' : body,
  };
}

/** True when `Accept` names `text/html` (what a browser sends for a page). */
function acceptsHtml(request: HandlerRequest): boolean {
  const accept = request.headers['accept'];
  const text = Array.isArray(accept) ? accept.join(',') : String(accept ?? '');
  return /(^|,)\s*text\/html\s*(;|,|$)/i.test(text);
}
