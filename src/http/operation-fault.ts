/**
 * A data layer's refusal of one operation (`OperationError`) as the JSON:API error
 * of its reason, its `source.pointer` at the operation's place in the request document.
 */
import { jsonApiError, QueryError, type ErrorInit, type JsonApiError } from '../errors/query-error.js';
import type { OperationError } from '../operations/operation-error.js';
import type { Operation } from '../operations/operation-node.js';
import { jsonPointer } from '../write/json-pointer.js';
import type { ParsedWrite } from '../write/parsed-write.js';
import { HookError, isHookError } from './hook-error.js';
import type { HookFailure } from './run-write-hooks.js';

/** The JSON:API error of a layer's refusal, pointing at the operation's place in the document. */
export function faultError(error: OperationError, parsed: ParsedWrite): JsonApiError {
  const operation = parsed.operations[error.operation];
  const source = parsed.sources[error.operation];
  if (operation === undefined || source === undefined) throw error;
  const type = typeOf(operation);
  const at = (init: ErrorInit, where: string | undefined): JsonApiError =>
    jsonApiError(where === undefined ? init : { ...init, sourcePointer: where });
  switch (error.reason) {
    case 'not_found':
      return at({ code: 'not_found', detail: `No ${type} with this id.` }, source.ref);
    case 'precondition_failed':
      return at({ code: 'precondition_failed', detail: `The ${type} has changed since the version in If-Match.`, sourceHeader: 'If-Match' }, undefined);
    case 'duplicate_id':
      return at({ code: 'duplicate_id', detail: `A ${type} with this id exists.` }, `${source.pointer}/data/id`);
    case 'out_of_scope':
      return at(
        { code: 'out_of_scope', detail: `The ${type} would be outside what this request may write.` },
        operation.kind === 'create' || operation.kind === 'update' ? `${source.pointer}/data` : source.ref,
      );
    case 'forbidden_write':
      return at(
        { code: 'forbidden_write', detail: `This request may not ${verbOf(operation)} this ${type}.` },
        operationPointer(operation, source.pointer),
      );
    case 'conflict':
      return at(
        { code: 'conflict', detail: `The operation on a ${type} conflicts with a constraint of the data store.` },
        source.pointer === '' ? undefined : source.pointer,
      );
    case 'related_not_found': {
      const { relationship = '', index } = error.place;
      const data =
        operation.kind === 'create' || operation.kind === 'update'
          ? jsonPointer(`${source.pointer}/data`, 'relationships', relationship, 'data')
          : `${source.pointer}/data`;
      return at(
        { code: 'related_not_found', detail: `A resource named in "${relationship}" does not exist.` },
        index === undefined ? data : jsonPointer(data, index),
      );
    }
  }
}

/**
 * What the handler throws for a hook that threw: a `HookError` becomes the client's
 * JSON:API error, its `source.pointer` at the operation (`/atomic:operations/2`, then
 * the error's own pointer); anything else a server failure naming the hook, for the
 * log (the client gets a 500 that says nothing about it).
 */
export function hookFault(failure: HookFailure, parsed: ParsedWrite): Error {
  const { hook, type, index, error } = failure;
  const failed = (): Error => new Error(`The ${hook} hook of ${type} failed on operation ${String(index)}`, { cause: error });
  if (!isHookError(error)) return failed();
  let refusal: HookError;
  try {
    // Rebuilt, so that one from another copy of the package is checked as this one checks it.
    const { status, code, title, detail, pointer } = error;
    refusal = new HookError({ status, code, title, detail, ...(pointer === undefined ? {} : { pointer }) });
  } catch {
    return failed();
  }
  const pointer = `${parsed.sources[index]?.pointer ?? ''}${refusal.pointer ?? ''}`;
  const object: JsonApiError = {
    status: String(refusal.status),
    code: refusal.code,
    title: refusal.title,
    detail: refusal.detail,
    ...(pointer === '' ? {} : { source: { pointer } }),
  };
  return new QueryError([object]);
}

/** The operation as a whole: its place in an Atomic Operations document, else the route's `/data` (none for a `DELETE`, which has no body). */
function operationPointer(operation: Operation, pointer: string): string | undefined {
  if (pointer !== '') return pointer;
  return operation.kind === 'delete' ? undefined : '/data';
}

/** What an operation does, as a verb of a sentence. */
function verbOf(operation: Operation): string {
  if (operation.kind === 'create' || operation.kind === 'delete') return operation.kind;
  return operation.kind === 'update' ? 'update' : `change "${operation.relationship}" of`;
}

/** The type of the resource an operation creates or changes. */
export function typeOf(operation: Operation): string {
  return operation.kind === 'create' ? operation.type : operation.ref.type;
}
