/**
 * A JSON Schema (2020-12) as plain JSON: a boolean schema or an object of keywords.
 * OpenAPI 3.1 schema objects are the same thing.
 *
 * @example
 * const name: JsonSchema = { type: 'string', maxLength: 256 };
 */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** The JSON Schema dialect the generated schemas declare. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * `anyOf` of the given schemas, collapsed: `false` when there is none, the schema
 * itself when there is one.
 */
export function anyOf(schemas: readonly JsonSchema[]): JsonSchema {
  if (schemas.length === 0) return false;
  if (schemas.length === 1) return schemas[0] as JsonSchema;
  return { anyOf: schemas };
}

/** `enum` of the given values, `const` for one, `false` (nothing matches) for none. */
export function oneValueOf(values: readonly unknown[]): JsonSchema {
  if (values.length === 0) return false;
  if (values.length === 1) return { const: values[0] };
  return { enum: values };
}
