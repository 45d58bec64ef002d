/** One problem found in a resource schema document. */
export interface SchemaIssue {
  /** The resource type concerned, when the problem is inside one. */
  readonly type?: string;
  /** The attribute or relationship concerned, when the problem is inside one. */
  readonly field?: string;
  readonly message: string;
}

/**
 * Thrown by `defineSchema` (and everything that loads a schema) for an invalid
 * schema document. Its message names every type and field at fault.
 *
 * @example
 * try { defineSchema({ types: {} }); } catch (error) {
 *   if (error instanceof SchemaError) console.error(error.issues);
 * }
 */
export class SchemaError extends Error {
  override readonly name = 'SchemaError';
  readonly issues: readonly SchemaIssue[];

  constructor(issues: readonly SchemaIssue[]) {
    super(`Invalid resource schema:\n${issues.map((issue) => `  - ${describeIssue(issue)}`).join('\n')}`);
    this.issues = issues;
  }
}

function describeIssue({ type, field, message }: SchemaIssue): string {
  if (type === undefined) return message;
  return field === undefined ? `type "${type}": ${message}` : `type "${type}", field "${field}": ${message}`;
}
