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
  /** What the requester may write of the type, on top of the row filter (docs/policies.md, "Write policies"). */
  readonly write?: WritePolicy<S, T>;
}

/**
 * What one requester may write of one type. A change is allowed (`true`, or left out),
 * never allowed (`false`), or allowed for the rows a filter (in the forms of `filter`)
 * keeps: `create` checks the new row after the list, `update` the row before and after
 * it (a relationship change is an update of the resource it is addressed to), `delete`
 * the row before it. `fields` lists the attributes and relationships the requester
 * may write; the others are read-only for them (all are writable when it is left out).
 *
 * @example
 * { create: false, update: [{ name: 'status', op: 'eq', val: 'draft' }], delete: false, fields: ['title', 'status'] }
 */
export interface WritePolicy<S extends ResourceSchema = ResourceSchema, T extends string = string> {
  readonly create?: boolean | ScopeFilter<S, T>;
  readonly update?: boolean | ScopeFilter<S, T>;
  readonly delete?: boolean | ScopeFilter<S, T>;
  readonly fields?: readonly string[];
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
