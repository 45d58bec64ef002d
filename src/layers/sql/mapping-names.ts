import type { SchemaIssue } from '../../schema/schema-error.js';

/**
 * A table, column or key name of the mapping when it is one (1 to 63 characters,
 * no NUL); otherwise records an issue naming the type and field, and returns the
 * name as text so resolving can go on and report every problem at once.
 */
export function checkName(
  issues: SchemaIssue[],
  type: string,
  field: string | undefined,
  name: unknown,
  what: string,
): string {
  if (typeof name === 'string' && name.length > 0 && name.length <= 63 && !name.includes('\0')) return name;
  const issue = `has an invalid ${what} name ${JSON.stringify(name)} (1 to 63 characters, no NUL)`;
  issues.push(field === undefined ? { type, message: issue } : { type, field, message: issue });
  return String(name);
}
