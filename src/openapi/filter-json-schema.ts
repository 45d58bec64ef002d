import { OPERATORS, type Operator } from '../ast/operators.js';
import { resolveCapabilities, type Capabilities } from '../layers/capabilities.js';
import { resolveLimits, type LimitOptions } from '../limits.js';
import { requireType, resolveSchema } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import { addFilterSchema } from './filter-schema-builder.js';
import { JSON_SCHEMA_DIALECT, type JsonSchema } from './json-schema.js';

/** Options of `filterJsonSchema` (and the filter part of `toOpenApi`). */
export interface FilterSchemaOptions {
  /** The query budget as the parser takes it (per-type overrides apply to the filtered type). */
  readonly limits?: LimitOptions | undefined;
  /** The operators the data layer supports (its `operators`); default every operator. */
  readonly operators?: ReadonlySet<Operator> | undefined;
  /**
   * What the data layer evaluates, per type (its `capabilities`): the schema offers only
   * those node kinds, operators, sorts, pages and includes. Default: all of them.
   */
  readonly capabilities?: Capabilities | ((type: string) => Capabilities) | undefined;
}

/**
 * The JSON Schema (2020-12) of the JSON form of `filter` for one type: `and`/`or`/`not`,
 * each filterable field with the operators of its kind and values of its type,
 * field-to-field comparisons, `any`/`has` into related types and the `rel__field`
 * shortcuts, within the depth, hop, list, string, wildcard and word limits. A filter
 * the parser accepts always validates; what the schema cannot check is listed in
 * docs/openapi.md.
 *
 * @example
 * const schema = filterJsonSchema(exampleSchema, 'person');
 * new Ajv2020().validate(schema, [{ name: 'computers__serial', op: 'startswith', val: 'SN' }]); // true
 */
export function filterJsonSchema(
  schema: ResourceSchema,
  type: string,
  options: FilterSchemaOptions = {},
): { readonly [keyword: string]: unknown } {
  const resolved = resolveSchema(schema);
  const defs = new Map<string, JsonSchema>();
  const root = addFilterSchema(
    resolved,
    requireType(resolved, type),
    resolveLimits(options.limits, type),
    resolveCapabilities({ operators: options.operators ?? new Set(OPERATORS), capabilities: options.capabilities }, type),
    { defs, ref: (name) => `#/$defs/${name}` },
    '',
    true,
  );
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: `filter of ${type}`,
    description: `The JSON form of the filter query parameter on ${type} resources.`,
    ...(root as object),
    $defs: Object.fromEntries(defs),
  };
}
