/**
 * `withOpenApi`: serves `GET /openapi.json`, the OpenAPI 3.1 document of a handler's
 * API (`toOpenApi` of its schema, limits, data layer operators and capabilities, and base URL), in front
 * of that handler. The document is built on the first request and served as it is
 * from then on; every other request goes to the handler.
 */
import { jsonApiError } from '../errors/query-error.js';
import { isWritable, type Handler, type HandlerOptions } from '../http/handler.js';
import { errorOutcome } from '../http/error-response.js';
import { JSON_API_MEDIA_TYPE } from '../http/negotiate.js';
import { hiddenFields, projectSchema, type HiddenFields } from '../policy/project-schema.js';
import { readOnlyFields } from '../policy/write-permits.js';
import type { ResourceSchema } from '../schema/schema.js';
import { serializeErrorDocument } from '../serialize/index.js';
import { toOpenApi, type OpenApiOptions } from './to-openapi.js';

/** The path the document is served at. */
export const OPENAPI_PATH = '/openapi.json';

/** What the route reads: the handler's own options, and more of the document's if wanted. */
export type OpenApiRouteOptions = Pick<HandlerOptions, 'schema' | 'dataLayer' | 'limits' | 'baseUrl' | 'writable' | 'policy' | 'logger'> & {
  /** Further options of `toOpenApi`: `info` (give `license` here), `servers`, `security`, `securitySchemes`. */
  readonly document?: Omit<OpenApiOptions, 'limits' | 'operators' | 'capabilities' | 'baseUrl' | 'documentPath' | 'writable' | 'hooks'>;
};

/**
 * Wraps a handler with `GET`/`HEAD /openapi.json` (405 for other methods there). With
 * a `policy`, each requester gets the document of their own schema: without the
 * fields their policy hides, and with request bodies and relationship routes that
 * leave out the fields their write policy makes read-only (one document per distinct
 * set of hidden and read-only fields).
 *
 * @example
 * const options = { schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) };
 * const handle = withOpenApi(createHandler(options), options);
 * (await handle({ method: 'GET', path: '/openapi.json', query: '', headers: {} })).headers['content-type']; // 'application/json'
 */
export function withOpenApi(handler: Handler, options: OpenApiRouteOptions): Handler {
  const documents = new Map<string, string>();
  const { policy } = options;
  return async (request) => {
    if (request.path !== OPENAPI_PATH) return handler(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const error = jsonApiError({ code: 'method_not_allowed', detail: 'Only GET, HEAD are allowed on this route.' });
      return {
        status: 405,
        headers: { 'content-type': JSON_API_MEDIA_TYPE, allow: 'GET, HEAD' },
        body: serializeErrorDocument([error]),
      };
    }
    let hidden: HiddenFields;
    let readOnly: HiddenFields;
    try {
      const requesterPolicy = policy === undefined ? { types: {} } : typeof policy === 'function' ? await policy(request) : policy;
      hidden = hiddenFields(requesterPolicy);
      readOnly = readOnlyFields(options.schema, requesterPolicy, hidden);
    } catch (error) {
      // A policy function that throws: the logged 500 the handler answers too.
      const outcome = errorOutcome(error, options.logger, request.signal?.aborted === true);
      return { status: outcome.status, headers: { 'content-type': JSON_API_MEDIA_TYPE }, body: serializeErrorDocument(outcome.errors) };
    }
    const keyOf = (fields: HiddenFields): unknown => [...fields].map(([type, names]) => [type, [...names].sort()]).sort();
    const key = JSON.stringify([keyOf(hidden), keyOf(readOnly)]);
    let body = documents.get(key);
    if (body === undefined) {
      body = documentOf(projectSchema(options.schema, hidden, readOnly), options);
      if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
      documents.set(key, body);
    }
    return { status: 200, headers: { 'content-type': 'application/json' }, body: request.method === 'HEAD' ? '' : body };
  };
}

/** Documents kept, one per distinct set of hidden fields. */
const MAX_DOCUMENTS = 32;

function documentOf(schema: ResourceSchema, options: OpenApiRouteOptions): string {
  return JSON.stringify(
    toOpenApi(schema, {
      ...options.document,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.dataLayer.operators === undefined ? {} : { operators: options.dataLayer.operators }),
      ...(options.dataLayer.capabilities === undefined ? {} : { capabilities: options.dataLayer.capabilities }),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      // The writes the handler serves: asked for, over a layer that applies them.
      ...(isWritable(options.writable) && options.dataLayer.apply !== undefined ? { writable: true } : {}),
      ...(typeof options.writable === 'object' && options.writable.hooks !== undefined ? { hooks: true } : {}),
      documentPath: OPENAPI_PATH,
    }),
    );
}
