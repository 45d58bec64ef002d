import type { Policy } from '../../policy/policy.js';
import { projectSchema } from '../../policy/project-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';

/**
 * The schema a requester sees under a policy (the handler's own projection): every
 * hidden attribute and relationship left out. Valid queries for the requester are the
 * valid queries of this schema.
 *
 * @example
 * visibleSchema(schema, { types: { person: { hidden: ['salary'] } } }).types.person.attributes; // without salary
 */
export function visibleSchema(schema: ResourceSchema, policy: Policy): ResourceSchema {
  const hidden = new Map<string, ReadonlySet<string>>();
  for (const [type, entry] of Object.entries(policy.types)) {
    if (entry?.hidden !== undefined && entry.hidden.length > 0) hidden.set(type, new Set(entry.hidden));
  }
  return projectSchema(schema, hidden);
}
