/**
 * The JSON:API error document as JSON Schema, with this package's error codes as an
 * enum (`ERROR_CODES`, the source of docs/errors.md).
 */
import { ERROR_CODES } from '../errors/error-codes.js';
import type { ComponentSink } from './resource-schemas.js';
import { JSONAPI_OBJECT } from './resource-schemas.js';
import { anyOf } from './json-schema.js';

/** Component names of the error schemas. */
export const ERROR_DOCUMENT = 'ErrorDocument';
const ERROR_OBJECT = 'ErrorObject';
const ERROR_CODE = 'ErrorCode';

/**
 * Adds `ErrorCode`, `ErrorObject` and `ErrorDocument` to the sink; with
 * `applicationCodes` (a handler with write hooks), an error's code may also be the
 * application's own (a `HookError`'s, snake_case).
 */
export function addErrorSchemas(sink: ComponentSink, applicationCodes = false): void {
  sink.schemas.set(ERROR_CODE, {
    type: 'string',
    enum: Object.keys(ERROR_CODES),
    description: 'A machine-readable, snake_case error code (docs/errors.md).',
  });
  sink.schemas.set(ERROR_OBJECT, {
    type: 'object',
    properties: {
      status: { type: 'string', pattern: '^[45][0-9]{2}$', description: 'The HTTP status, as a string.' },
      code: applicationCodes
        ? anyOf([
            sink.ref(ERROR_CODE),
            { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$', description: "The application's own code, from a write hook (docs/writes.md, \"Hooks\")." },
          ])
        : sink.ref(ERROR_CODE),
      title: { type: 'string' },
      detail: { type: 'string' },
      source: anyOf([
        {
          type: 'object',
          properties: { parameter: { type: 'string', description: 'The query parameter at fault, exactly as sent.' } },
          required: ['parameter'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { pointer: { type: 'string', description: 'A JSON pointer into the request document of a write.' } },
          required: ['pointer'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { header: { type: 'string', description: 'The request header at fault (`If-Match`).' } },
          required: ['header'],
          additionalProperties: false,
        },
      ]),
      links: {
        type: 'object',
        properties: {
          type: { type: 'string', format: 'uri', description: "The error's type, where a profile defines one (Cursor Pagination)." },
        },
        required: ['type'],
        additionalProperties: false,
      },
      meta: {
        type: 'object',
        properties: {
          pointer: { type: 'string', description: 'A JSON pointer into the filter JSON value.' },
          limit: { type: 'integer', description: 'The limit that was exceeded.' },
          page: {
            type: 'object',
            properties: { maxSize: { type: 'integer', description: 'The largest page[size] (the profile\'s max-size-exceeded).' } },
          },
        },
      },
    },
    required: ['status', 'code', 'title', 'detail'],
    additionalProperties: false,
  });
  sink.schemas.set(ERROR_DOCUMENT, {
    type: 'object',
    properties: {
      errors: { type: 'array', minItems: 1, items: sink.ref(ERROR_OBJECT) },
      jsonapi: sink.ref(JSONAPI_OBJECT),
    },
    required: ['errors', 'jsonapi'],
    additionalProperties: false,
  });
}
