/**
 * What parsing one request document needs: the schema, the limits of each type,
 * the lids declared so far with the index of their create, and the refusal of a
 * member with its `source.pointer`.
 */
import type { ErrorCode } from '../errors/error-codes.js';
import { QueryError } from '../errors/query-error.js';
import { resolveLimits, type LimitOptions, type QueryLimits } from '../limits.js';
import { resolveSchema, type ResolvedSchema, type ResolvedType } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';

/** Options of the request document parsers. */
export interface WriteParseOptions {
  readonly schema: ResourceSchema;
  /** The query budget; the body limits are its `maxBody*`, `maxOperations` and `maxLinkageItems`. */
  readonly limits?: LimitOptions;
}

/** The parse of one document. */
export interface WriteContext {
  readonly schema: ResolvedSchema;
  limitsOf(type: string): QueryLimits;
  /** Lids declared by the creates read so far: type and index of the create. */
  readonly lids: Map<string, { readonly type: string; readonly operation: number }>;
  /** Index of the operation being read. */
  operation: number;
}

/** A fresh context for one document. */
export function writeContext(options: WriteParseOptions): WriteContext {
  return {
    schema: resolveSchema(options.schema),
    limitsOf: (type) => resolveLimits(options.limits, type),
    lids: new Map(),
    operation: 0,
  };
}

/** Refuses the document: one error with its code, detail and pointer. */
export function refuse(code: ErrorCode, detail: string, pointer: string | undefined, limit?: number): never {
  throw QueryError.of({
    code,
    detail,
    ...(pointer === undefined ? {} : { sourcePointer: pointer }),
    ...(limit === undefined ? {} : { limit }),
  });
}

/** A JSON object (not an array, not null), or a 400 `invalid_document` naming what was expected. */
export function objectAt(value: unknown, pointer: string, what: string): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse('invalid_document', `${what} must be a JSON object.`, pointer);
  }
  return value as Readonly<Record<string, unknown>>;
}

/** An own member of a parsed JSON object (never one of its prototype), `undefined` when absent. */
export function memberOf(object: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

/** A resource type named in a document, or a 400 `unknown_type`. */
export function typeNamed(context: WriteContext, name: unknown, pointer: string): ResolvedType {
  if (typeof name !== 'string') return refuse('invalid_document', 'A resource type must be a string.', pointer);
  const type = context.schema.types.get(name);
  return type ?? refuse('unknown_type', `The schema has no resource type ${JSON.stringify(name)}.`, pointer);
}
