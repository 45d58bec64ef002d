/**
 * Permissions as data (docs/policies.md): per resource type, the rows a requester
 * may see and the attributes and relationships that do not exist for them. For that
 * requester the handler behaves as if the schema had no hidden field and the store no
 * row outside the filter, on every route and every parameter.
 */
import type { TypeName } from '../schema/infer.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { ScopeFilter } from './scope.js';

/**
 * What one requester may see of one type.
 *
 * @example
 * { filter: [{ name: 'tenant', op: 'eq', val: 'acme' }], hidden: ['tenant', 'internal_notes'] }
 */
export interface TypePolicy<S extends ResourceSchema = ResourceSchema, T extends string = string> {
  /**
   * The row filter: only rows matching it exist for the requester. The forms of a scope
   * filter: a `FilterNode`, or entries in the JSON syntax of the `filter` parameter
   * (resolved against the whole schema, so it may name hidden fields).
   */
  readonly filter?: ScopeFilter<S, T>;
  /** Attribute and relationship names that do not exist for the requester. */
  readonly hidden?: readonly string[];
}

/**
 * A policy: a `TypePolicy` per type; a type without an entry is unrestricted.
 *
 * @example
 * const policy: Policy = {
 *   types: {
 *     person: { filter: [{ name: 'gender', op: 'eq', val: 'f' }], hidden: ['birth_date'] },
 *     computer: { hidden: ['owner'] },
 *   },
 * };
 */
export interface Policy<S extends ResourceSchema = ResourceSchema> {
  readonly types: { readonly [T in TypeName<S>]?: TypePolicy<S, T> };
}
