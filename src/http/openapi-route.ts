/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the handler's API (`toOpenApi` of
 * its schema, limits, data layer operators and base URL), built on the first request
 * and served as it is from then on.
 */
import { jsonApiError } from '../errors/query-error.js';
import { toOpenApi } from '../openapi/to-openapi.js';
import { serializeErrorDocument } from '../serialize/index.js';
import type { HandlerOptions, HandlerResponse } from './handler.js';
import { JSON_API_MEDIA_TYPE } from './negotiate.js';

/** The path the document is served at. */
export const OPENAPI_PATH = '/openapi.json';

/**
 * The responder of the document route: 200 with the document for GET and HEAD, 405 otherwise.
 *
 * @example
 * const respond = openApiRoute(options);
 * (await respond('GET')).headers['content-type']; // 'application/json'
 */
export function openApiRoute(options: HandlerOptions): (method: string) => HandlerResponse {
  let body: string | undefined;
  return (method) => {
    if (method !== 'GET' && method !== 'HEAD') {
      const error = jsonApiError({ code: 'method_not_allowed', detail: 'Only GET, HEAD are allowed on this route.' });
      return {
        status: 405,
        headers: { 'content-type': JSON_API_MEDIA_TYPE, allow: 'GET, HEAD' },
        body: serializeErrorDocument([error]),
      };
    }
    body ??= JSON.stringify(
      toOpenApi(options.schema, {
        ...(options.limits === undefined ? {} : { limits: options.limits }),
        ...(options.dataLayer.operators === undefined ? {} : { operators: options.dataLayer.operators }),
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
        ...(typeof options.openapi === 'object' ? options.openapi : {}),
        documentPath: OPENAPI_PATH,
      }),
    );
    return { status: 200, headers: { 'content-type': 'application/json' }, body };
  };
}
