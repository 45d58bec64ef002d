import { resolveSchema } from './resolved-schema.js';
import type { ResourceSchema } from './schema.js';

/**
 * Validates a schema document with ajv, freezes it, and returns it with its literal
 * type kept, so attribute and relationship names and value types flow into the
 * QueryAST and the typed query builder. Throws `SchemaError` naming the type and
 * field at fault.
 *
 * @example
 * const schema = defineSchema({
 *   types: {
 *     computer: { root: 'computers', attributes: { serial: { type: 'string' } } },
 *   },
 * });
 */
export function defineSchema<const S extends ResourceSchema>(schema: S): S {
  resolveSchema(deepFreeze(schema));
  return schema;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}
