/**
 * Which write lists the SQL layer applies without an explicit transaction: a list
 * the layer runs as one statement is atomic by itself (the database applies a
 * statement whole or not at all), so `BEGIN` and `COMMIT` would only add two round
 * trips. Anything that reads before it writes needs the transaction: a scope or
 * write permissions (checked before and after the list), a client id (checked for a duplicate), a
 * relationship (its targets checked, a join table written), an integer client id
 * (the id sequence moved past it), a write hook (it may read, and its after hook may
 * still refuse the insert).
 */
import type { WriteRequest } from '../data-layer.js';

/**
 * Whether `request` is one create of attributes only, with a generated id and no
 * scope, write permissions or write hooks: one `insert` statement.
 *
 * @example
 * runsAsOneStatement({ operations: [createOperation('computer', { attributes: { serial: 'X1' }, relationships: {} })] }); // true
 */
export function runsAsOneStatement(request: WriteRequest): boolean {
  const { operations, scope, permits, hooks } = request;
  if (scope !== undefined || permits !== undefined || hooks !== undefined || operations.length !== 1) return false;
  const [operation] = operations;
  return operation?.kind === 'create' && operation.id === undefined && Object.keys(operation.relationships).length === 0;
}
