/**
 * Checks a handler response against the OpenAPI document of the same schema and
 * options (`toOpenApi`): the route and method are described, the status is listed
 * for the operation, the media type is the one described, and the body validates
 * with ajv against the response schema of that route and status. A path the document
 * has no route for (404) and a method it has no operation for (405) must answer
 * with the error document. Documents and validators are built once per schema and options.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { HandlerOptions, HandlerResponse } from '../../src/http/index.js';
import { toOpenApi, type OpenApiDocument } from '../../src/openapi/index.js';
import type { ResourceSchema } from '../../src/schema/schema.js';

/** The handler options the document depends on. */
export type OpenApiCheckOptions = Pick<HandlerOptions, 'schema'> &
  Partial<Pick<HandlerOptions, 'limits' | 'dataLayer' | 'baseUrl' | 'writable'>>;

interface Checker {
  readonly document: OpenApiDocument;
  /** A validator for the schema at a JSON pointer into the document. */
  readonly validatorAt: (pointer: string) => ValidateFunction;
}

const DOCUMENT_ID = 'urn:jsonapi-query:openapi';
const checkers = new WeakMap<ResourceSchema, Map<string, Checker>>();

function checkerFor(options: OpenApiCheckOptions): Checker {
  let bySchema = checkers.get(options.schema);
  if (bySchema === undefined) {
    bySchema = new Map();
    checkers.set(options.schema, bySchema);
  }
  const operators = options.dataLayer?.operators;
  const writable = (options.writable === true || typeof options.writable === 'object') && options.dataLayer?.apply !== undefined;
  const hooks = writable && typeof options.writable === 'object' && options.writable.hooks !== undefined;
  const key = JSON.stringify([options.limits ?? null, operators === undefined ? null : [...operators].sort(), options.baseUrl ?? null, writable, hooks]);
  let checker = bySchema.get(key);
  if (checker === undefined) {
    const document = toOpenApi(options.schema, {
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(operators === undefined ? {} : { operators }),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(writable ? { writable } : {}),
      ...(hooks ? { hooks } : {}),
      documentPath: '/openapi.json',
    });
    const ajv = new Ajv2020({ strict: false, allErrors: true, inlineRefs: false });
    formats.default(ajv);
    ajv.addSchema({ ...structuredClone(document), $id: DOCUMENT_ID });
    const validators = new Map<string, ValidateFunction>();
    checker = {
      document,
      validatorAt: (pointer) => {
        let validate = validators.get(pointer);
        if (validate === undefined) {
          validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
          validators.set(pointer, validate);
        }
        return validate;
      },
    };
    bySchema.set(key, checker);
  }
  return checker;
}

const escape = (part: string): string => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** The document's path template matching a raw request path, as the handler's router matches it. */
function matchTemplate(document: OpenApiDocument, rawPath: string): string | undefined {
  let segments: string[];
  try {
    segments = rawPath.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  if (segments.slice(1).some((segment) => segment === '')) return undefined;
  return Object.keys(document.paths).find((template) => {
    const parts = template.split('/');
    return parts.length === segments.length && parts.every((part, index) => /^\{.+\}$/.test(part) || part === segments[index]);
  });
}

/** Follows a `#/components/...` reference to the pointer of what it names. */
function resolvePointer(document: OpenApiDocument, pointer: string): string {
  let at: unknown = document;
  for (const part of pointer.split('/').slice(1)) {
    at = (at as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  const ref = (at as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/') ? resolvePointer(document, ref.slice(1)) : pointer;
}

function fail(message: string, request: { method: string; path: string }, response: HandlerResponse): never {
  throw new Error(`OpenAPI check, ${request.method} ${request.path} → ${response.status}: ${message}\n${response.body.slice(0, 500)}`);
}

/**
 * Throws an error naming the route, the status and every ajv error when the response
 * does not match the document.
 */
export function checkOpenApiResponse(
  options: OpenApiCheckOptions,
  request: { readonly method: string; readonly path: string },
  response: HandlerResponse,
): void {
  const { document, validatorAt } = checkerFor(options);
  const template = matchTemplate(document, request.path);
  // HTTP methods are case-sensitive: `get` is no GET, and gets a 405.
  const method = request.method === request.method.toUpperCase() ? request.method.toLowerCase() : '';
  const operation = template === undefined || method === '' ? undefined : document.paths[template]?.[method];
  let schemaPointer: string;
  let mediaType: string;
  if (operation === undefined) {
    const expected = template === undefined ? 404 : 405;
    if (response.status !== expected) fail(`expected ${expected} for a route or method the document does not describe`, request, response);
    schemaPointer = '/components/schemas/ErrorDocument';
    mediaType = 'application/vnd.api+json';
  } else {
    const pointer = `/paths/${escape(template as string)}/${method}/responses/${response.status}`;
    const described = resolvePointer(document, pointer);
    let at: unknown = document;
    for (const part of described.split('/').slice(1)) at = (at as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    if (at === undefined) fail(`status ${response.status} is not described for ${method.toUpperCase()} ${template}`, request, response);
    const content = (at as { content?: Record<string, unknown> }).content;
    if (content === undefined) {
      if (response.body !== '') fail('the document describes no body, but there is one', request, response);
      return;
    }
    mediaType = (response.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    if (!(mediaType in content)) fail(`content type "${mediaType}" is not described`, request, response);
    schemaPointer = `${described}/content/${escape(mediaType)}/schema`;
  }
  if (request.method === 'HEAD') {
    if (response.body !== '') fail('a HEAD response has a body', request, response);
    return;
  }
  if (response.headers['content-type']?.split(';')[0]?.trim() !== mediaType) {
    fail(`content type "${response.headers['content-type'] ?? ''}" instead of "${mediaType}"`, request, response);
  }
  const validate = validatorAt(schemaPointer);
  if (!validate(JSON.parse(response.body))) {
    const errors = (validate.errors ?? []).slice(0, 8).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} (${error.schemaPath})`);
    fail(`the body does not match ${schemaPointer}:\n  ${errors.join('\n  ')}`, request, response);
  }
}
