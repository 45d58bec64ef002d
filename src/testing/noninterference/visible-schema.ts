import { defineSchema } from '../../schema/define-schema.js';
import type { RelationshipDefinition, ResourceSchema, ResourceTypeDefinition } from '../../schema/schema.js';
import type { ReadPolicy } from './policy-shape.js';

/**
 * The schema a requester sees under a policy: every hidden attribute and
 * relationship left out, and an inverse naming a hidden relationship dropped. Valid
 * queries for the requester are the valid queries of this schema.
 *
 * @example
 * visibleSchema(schema, { types: { person: { hidden: ['salary'] } } }).types.person.attributes; // without salary
 */
export function visibleSchema(schema: ResourceSchema, policy: ReadPolicy): ResourceSchema {
  const hiddenOf = (type: string): ReadonlySet<string> => new Set(policy.types[type]?.hidden ?? []);
  const types: Record<string, ResourceTypeDefinition> = {};
  for (const [name, definition] of Object.entries(schema.types)) {
    const hidden = hiddenOf(name);
    const relationships: Record<string, RelationshipDefinition> = {};
    for (const [relationshipName, relationship] of Object.entries(definition.relationships ?? {})) {
      if (hidden.has(relationshipName)) continue;
      const { inverse, ...kept } = relationship;
      relationships[relationshipName] = inverse === undefined || hiddenOf(relationship.target).has(inverse) ? kept : relationship;
    }
    types[name] = {
      ...definition,
      attributes: Object.fromEntries(Object.entries(definition.attributes ?? {}).filter(([attribute]) => !hidden.has(attribute))),
      relationships,
      ...(definition.required === undefined ? {} : { required: definition.required.filter((attribute) => !hidden.has(attribute)) }),
    };
  }
  return defineSchema({ ...schema, types });
}
