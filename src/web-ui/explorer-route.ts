/**
 * The pages `serve` shows a person (`withExplorer`): `GET /` with
 * `Accept: text/html` is the query explorer, `GET /docs` the API reference rendered
 * from `/openapi.json` by the package's own script; their scripts, styles and icon
 * are served from this package under `/__explorer/`, never from the network.
 * Pages carry a Content-Security-Policy that allows only this origin's scripts,
 * styles, images and requests (no inline script or style, no framing), and every
 * answer `X-Content-Type-Options: nosniff`. See docs/explorer.md.
 */
import { readFile } from 'node:fs/promises';
import type { Handler, HandlerOptions, HandlerRequest, HandlerResponse } from '../http/handler.js';
import { resolveSchema } from '../schema/resolved-schema.js';
import { explorerSchema } from './explorer-schema.js';

/** A file served by the route: where it is read from and its media type. */
interface Asset {
  readonly file: URL;
  readonly type: string;
}

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const SVG = 'image/svg+xml';
const own = (name: string, type: string): Asset => ({ file: new URL(`./static/${name}`, import.meta.url), type });

/**
 * The policy of the pages: everything from this origin only, nothing inline (the
 * pages' scripts and styles are files), no plugins, no `<base>`, no framing.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers of every answer of the route. Pages and `/favicon.ico` depend on `Accept`
 * (a JSON:API client gets the API's answer there) and say so; pages add the policy.
 */
const ASSET_HEADERS = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } as const;
const NEGOTIATED_ASSET_HEADERS = { ...ASSET_HEADERS, vary: 'Accept' } as const;
const PAGE_HEADERS = {
  ...NEGOTIATED_ASSET_HEADERS,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
} as const;

/** Pages by path: answered only when the client accepts HTML. */
const PAGES: ReadonlyMap<string, Asset> = new Map([
  ['/', own('explorer.html', HTML)],
  ['/docs', own('docs.html', HTML)],
]);

/** Assets under `/__explorer/`. */
const ASSETS: ReadonlyMap<string, Asset> = new Map([
  ['/__explorer/explorer.js', own('explorer.js', JS)],
  ['/__explorer/explorer.css', own('explorer.css', CSS)],
  ['/__explorer/docs.js', own('docs.js', JS)],
  ['/__explorer/docs.css', own('docs.css', CSS)],
  ['/__explorer/favicon.svg', own('favicon.svg', SVG)],
]);

/** The icon a browser asks for when a page names none (a JSON document opened in a tab): answered to image requests only. */
const FAVICON_PATH = '/favicon.ico';
const FAVICON = own('favicon.svg', SVG);

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
    const asset =
      page !== undefined && accepts(request, 'text/html')
        ? page
        : request.path === FAVICON_PATH && accepts(request, 'image/*')
          ? FAVICON
          : ASSETS.get(request.path);
    if (asset !== undefined) {
      const headers = asset === page ? PAGE_HEADERS : asset === FAVICON ? NEGOTIATED_ASSET_HEADERS : ASSET_HEADERS;
      return reply(request, asset.type, await read(asset), headers);
    }
    if (request.path === SCHEMA_PATH) {
      schemaBody ??= JSON.stringify(explorerSchema(schema, options.dataLayer.operators, options.limits));
      return reply(request, 'application/json', schemaBody, ASSET_HEADERS);
    }
    return handle(request);
  };
}

/** A 200 with the route's headers. */
function reply(request: HandlerRequest, type: string, body: string, headers: Readonly<Record<string, string>>): HandlerResponse {
  return { status: 200, headers: { 'content-type': type, ...headers }, body: request.method === 'HEAD' ? '' : body };
}

/** `Accept` entries by what they ask for: `text/html` (a browser's page request), any `image/…` (its icon request). */
const ACCEPT_PATTERNS = {
  'text/html': /(^|,)\s*text\/html\s*(;|,|$)/i,
  'image/*': /(^|,)\s*image\/[^,;\s]+\s*(;|,|$)/i,
} as const;

/** True when `Accept` names `media`. */
function accepts(request: HandlerRequest, media: keyof typeof ACCEPT_PATTERNS): boolean {
  const accept = request.headers['accept'];
  const text = Array.isArray(accept) ? accept.join(',') : String(accept ?? '');
  return ACCEPT_PATTERNS[media].test(text);
}
