/**
 * The operations of one route (GET and HEAD, their responses) and the error
 * responses they refer to, for `toOpenApi`.
 */
import { ERROR_CODES } from '../errors/error-codes.js';
import { ERROR_DOCUMENT } from './error-schemas.js';
import type { JsonSchema } from './json-schema.js';
import type { ComponentSink } from './resource-schemas.js';

/** The JSON:API media type of every request and response document. */
const MEDIA_TYPE = 'application/vnd.api+json';
const ERROR_STATUSES = ['400', '403', '404', '406', '409', '412', '413', '414', '415', '428', '500', '503'] as const;
/** The statuses a write hook may refuse a write with, besides 422 (docs/writes.md, "Hooks"). */
const HOOK_STATUSES: ReadonlySet<string> = new Set(['400', '403', '404', '409']);
const HOOK_REFUSAL = "A write hook refused the write, with the application's own code; nothing was written.";
/** The error statuses of a read; the others are those of writes (write-operations.ts). */
const READ_STATUSES: readonly string[] = ['400', '404', '406', '414', '415', '500', '503'];
const WHY: Record<(typeof ERROR_STATUSES)[number], string> = {
  '400': 'The query is invalid or over a limit; `source.parameter` names the parameter, `meta.pointer` the place in the filter. For a write, the request document is invalid: `source.pointer` points at the fault.',
  '403': 'A write the schema or the scope forbids: a read-only field, a client id the type does not take, a resource outside the scope.',
  '404': 'No resource with this id.',
  '409': 'A type or id that disagrees with the URL, an id already taken, or a write that conflicts with a constraint of the data store.',
  '412': '`If-Match` names no current version of the resource: nothing was written.',
  '413': 'The request body is over `maxBodyBytes`.',
  '428': 'A write of a type that requires `If-Match` came without it.',
  '406': 'Every JSON:API media type in Accept carries unsupported parameters.',
  '414': 'The query string is over its length limit.',
  '415': 'The JSON:API Content-Type carries unsupported parameters.',
  '500': 'An unexpected failure; the body leaks nothing internal.',
  '503': 'The data layer is unavailable or timed out.',
};

/** One route of the document: its operation names, tag, parameters and 200 document. */
interface Route {
  readonly name: string;
  readonly tag: string;
  readonly summary: string;
  /** The operation's `description`, when there is more to say than the summary. */
  readonly description?: string;
  readonly parameters: readonly JsonSchema[];
  readonly document: string;
  /** Has an `{id}`: may answer 404. */
  readonly identified: boolean;
  /** Answers with the `ETag` of a versioned resource. */
  readonly tagged?: boolean;
}

/** GET and HEAD of one route. */
export function operations(route: Route): Record<string, unknown> {
  const statuses = READ_STATUSES.filter((status) => route.identified || status !== '404');
  const errors = (name: (status: string) => string) =>
    Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${name(status)}` }]));
  return {
    get: {
      operationId: `get.${route.name}`,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      parameters: route.parameters,
      responses: {
        '200': {
          description: 'The JSON:API document.',
          ...(route.tagged === true ? { headers: { ETag: { description: 'The entity tag of the resource\'s version.', schema: { type: 'string' } } } } : {}),
          content: { [MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${route.document}` } } },
        },
        ...errors((status) => `Error${status}`),
      },
    },
    head: {
      operationId: `head.${route.name}`,
      tags: [route.tag],
      summary: `${route.summary} (headers only)`,
      parameters: route.parameters,
      responses: { '200': { description: 'As GET, without a body.' }, ...errors(() => 'HeadError') },
    },
  };
}

/** The document route's own answer to a request it cannot read: only the HTTP server's. */
const UNREADABLE = {
  description:
    'The HTTP server could not read the request (400 for a malformed request line or header, 431 for headers over its size limit); the handler never sees it.',
};
/** The document as a response: an OpenAPI 3.1 object with its required members. */
const DOCUMENT_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { const: '3.1.0' },
    info: { type: 'object', required: ['title', 'version'], properties: { title: { type: 'string' }, version: { type: 'string' } } },
    paths: { type: 'object' },
  },
};

/** GET and HEAD of the document itself. */
export function documentOperations(): Record<string, unknown> {
  const operation = (method: string, description: string, content: boolean) => ({
    operationId: `${method}.openapi`,
    summary: 'This OpenAPI document',
    responses: {
      '200': { description, ...(content ? { content: { 'application/json': { schema: DOCUMENT_SCHEMA } } } : {}) },
      '4XX': UNREADABLE,
    },
  });
  return { get: operation('get', 'The OpenAPI 3.1 document.', true), head: operation('head', 'As GET, without a body.', false) };
}

export /** One response component per error status, listing the codes it carries; and the bodiless HEAD error. `hooks`: a write hook may answer 400, 403, 404, 409 and 422 too. */
function errorResponses(sink: ComponentSink, hooks = false): Record<string, unknown> {
  const responses: Record<string, unknown> = { HeadError: { description: 'An error (the body is empty for HEAD).' } };
  for (const status of ERROR_STATUSES) {
    const codes = Object.entries(ERROR_CODES)
      .filter(([, entry]) => String(entry.status) === status)
      .map(([code]) => `\`${code}\``);
    const hook = hooks && HOOK_STATUSES.has(status) ? ` ${HOOK_REFUSAL}` : '';
    responses[`Error${status}`] = {
      description: `${WHY[status]} Codes: ${codes.join(', ')}.${hook}`,
      content: { [MEDIA_TYPE]: { schema: sink.ref(ERROR_DOCUMENT) } },
    };
  }
  if (hooks) responses['Error422'] = { description: HOOK_REFUSAL, content: { [MEDIA_TYPE]: { schema: sink.ref(ERROR_DOCUMENT) } } };
  return responses;
}
