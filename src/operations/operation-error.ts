/**
 * A data layer's refusal of one operation of a list: the list is not applied (all
 * or nothing) and the handler answers with the JSON:API error of the reason, its
 * `source.pointer` into the operation's place in the request document.
 */

/**
 * Why an operation was refused: `not_found`, the resource it names does not exist
 * (or is outside the scope); `related_not_found`, a resource a relationship names
 * does not exist (or is outside the scope); `duplicate_id`, a create's client id is
 * taken; `out_of_scope`, a resource it creates or changes would be outside the scope
 * after the list; `forbidden_write`, the request's write permissions do not allow the
 * change (docs/policies.md, "Write policies"); `conflict`, it breaks a constraint of the store the operation does
 * not model (a NOT NULL or CHECK constraint of the store's own, a row outside the
 * mapping still referencing a resource being deleted); `precondition_failed`, the
 * resource's version is not one of the operation's `ifMatch`.
 */
export type OperationFaultReason = 'not_found' | 'related_not_found' | 'duplicate_id' | 'out_of_scope' | 'forbidden_write' | 'conflict' | 'precondition_failed';

/** Where in the operation the fault is: a relationship, and the index of a member of a to-many one. */
export interface OperationFaultPlace {
  readonly relationship?: string;
  readonly index?: number;
}

/**
 * Thrown by `DataLayer.apply` to refuse a list because of one of its operations
 * (docs/writes.md, "Writing a layer"). Recognised by name, so a copy from another
 * package instance is one too.
 *
 * @example
 * throw new OperationError('related_not_found', 0, { relationship: 'owner' });
 */
export class OperationError extends Error {
  override readonly name = 'OperationError';

  constructor(
    readonly reason: OperationFaultReason,
    /** The index of the operation in the list. */
    readonly operation: number,
    readonly place: OperationFaultPlace = {},
  ) {
    super(`Operation ${String(operation)} refused: ${reason}${place.relationship === undefined ? '' : ` (${place.relationship})`}`);
  }
}

/**
 * Tests for an `OperationError` without `instanceof`.
 *
 * @example
 * if (isOperationError(error)) return error.reason;
 */
export function isOperationError(error: unknown): error is OperationError {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'OperationError';
}
