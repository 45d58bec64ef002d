/**
 * A policy the server was configured with does not fit the schema or the data layer.
 * It is the server's error, never the client's: `createHandler` throws it at start-up
 * for a fixed policy, and a policy built per request that fails turns that request
 * into a 500 whose detail goes to the logger only (docs/policies.md).
 */
export class PolicyError extends Error {
  override readonly name = 'PolicyError';
  /** The resource type whose policy is wrong; `undefined` when the policy as a whole is. */
  readonly type: string | undefined;
  /** The attribute, relationship or member at fault, when one is. */
  readonly field: string | undefined;
  /** A JSON pointer into the policy to the value at fault (`/types/person/hidden/0`). */
  readonly pointer: string;

  /**
   * @example
   * new PolicyError('It has no attribute or relationship "birth_dat".', { type: 'person', field: 'birth_dat', pointer: '/types/person/hidden/0' }).message;
   * // 'Invalid policy for type "person": It has no attribute or relationship "birth_dat".'
   */
  constructor(
    /** What is wrong, a sentence. */
    readonly detail: string,
    at: { readonly type?: string; readonly field?: string; readonly pointer: string },
    options?: ErrorOptions,
  ) {
    super(at.type === undefined ? `Invalid policy: ${detail}` : `Invalid policy for type "${at.type}": ${detail}`, options);
    this.type = at.type;
    this.field = at.field;
    this.pointer = at.pointer;
  }
}
