/**
 * A scope the server was configured with does not fit the schema or the data layer.
 * It is the server's error, never the client's: `createHandler` throws it at start-up
 * for a fixed scope, and a scope built per request that fails turns the request into
 * a 500 whose detail goes to the logger only (docs/handler.md, "Scopes").
 */
export class ScopeError extends Error {
  override readonly name = 'ScopeError';

  /**
   * @example
   * new ScopeError('book', 'Type "book" has no field "publishd"').message;
   * // 'Invalid scope for type "book": Type "book" has no field "publishd"'
   */
  constructor(
    /** The resource type whose scope is wrong. */
    readonly type: string,
    /** What is wrong, without the type. */
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`Invalid scope for type "${type}": ${detail}`, options);
  }
}
