/**
 * `If-Match` on the write routes (docs/writes.md, "Versions"): a write addressed to a
 * resource carries the versions its tags name, for the data layer to check atomically
 * with the write; a route whose resource has no entity tag passes `*` only; a type
 * that requires `If-Match` refuses a write without one (428).
 */
import { jsonApiError, QueryError, type JsonApiError } from '../errors/query-error.js';
import { guardedOperation } from '../operations/operation-factories.js';
import type { GuardedOperation, Operation } from '../operations/operation-node.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';
import type { ParsedWrite } from '../write/parsed-write.js';
import { parseIfMatch, versionsIn } from './entity-tag.js';
import type { HandlerRequest } from './handler.js';
import { headerValue } from './negotiate.js';

/** A write of one resource route with its precondition applied; `guarded`: the request carried `If-Match`. */
export interface PreconditionedWrite {
  readonly parsed: ParsedWrite;
  readonly guarded: boolean;
}

/**
 * Applies the request's `If-Match` to the one operation of a single route: the
 * versions of the resource it addresses (412 at once when no tag names it), nothing
 * for a create but `*` (412 otherwise). 428 for a type that requires `If-Match`.
 */
export function withPrecondition(request: HandlerRequest, parsed: ParsedWrite, schema: ResolvedSchema): PreconditionedWrite {
  const [operation] = parsed.operations;
  if (operation === undefined) return { parsed, guarded: false };
  const value = headerValue(request.headers['if-match']);
  if (operation.kind === 'create') {
    if (value !== undefined && parseIfMatch(value)?.kind !== 'any') throw failed(`A new ${operation.type} has no entity tag to match.`);
    return { parsed, guarded: false };
  }
  const { type } = operation.ref;
  const resolved = schema.types.get(type);
  if (value === undefined) {
    if (resolved?.requireIfMatch === true) throw new QueryError([required(type)]);
    return { parsed, guarded: false };
  }
  const ifMatch = parseIfMatch(value);
  if (ifMatch?.kind === 'any') return { parsed, guarded: true };
  if (operation.ref.kind !== 'id' || ifMatch === undefined || resolved?.version === undefined) {
    throw failed(`No entity tag in If-Match names this ${type}.`);
  }
  const versions = versionsIn(ifMatch.tags, type, operation.ref.id);
  if (versions.length === 0) throw failed(`No entity tag in If-Match names this ${type}.`);
  return { parsed: { ...parsed, operations: [guardedOperation(operation, versions)] }, guarded: true };
}

/**
 * The precondition of `POST /operations`: `If-Match` other than `*` is a 412 (the
 * batch has no entity tag; a precondition is per resource route), and an operation
 * addressed to a resource of a type that requires `If-Match` is a 428 at its pointer.
 */
export function checkBatchPrecondition(request: HandlerRequest, parsed: ParsedWrite, schema: ResolvedSchema): void {
  const value = headerValue(request.headers['if-match']);
  if (value !== undefined && parseIfMatch(value)?.kind !== 'any') {
    throw failed('If-Match applies to the routes of one resource: Atomic Operations take none.');
  }
  const errors: JsonApiError[] = [];
  parsed.operations.forEach((operation, index) => {
    if (!isGuarded(operation) || schema.types.get(operation.ref.type)?.requireIfMatch !== true) return;
    const pointer = parsed.sources[index]?.pointer;
    errors.push(
      jsonApiError({
        code: 'precondition_required',
        detail: `A ${operation.ref.type} is written with If-Match on its own route only.`,
        ...(pointer === undefined ? {} : { sourcePointer: pointer }),
      }),
    );
  });
  const [first, ...rest] = errors;
  if (first !== undefined) throw new QueryError([first, ...rest]);
}

function isGuarded(operation: Operation): operation is GuardedOperation {
  return operation.kind !== 'create';
}

function failed(detail: string): QueryError {
  return new QueryError([jsonApiError({ code: 'precondition_failed', detail, sourceHeader: 'If-Match' })]);
}

function required(type: string): JsonApiError {
  return jsonApiError({ code: 'precondition_required', detail: `A write of a ${type} must carry If-Match.`, sourceHeader: 'If-Match' });
}
