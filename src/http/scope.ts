/**
 * Per-request scopes: a server-side filter per resource type (a tenant, an owner)
 * that every read of that type must satisfy. It is ANDed with the client's filter,
 * and every `any`/`has` in the client's filter is narrowed to in-scope related
 * records, so no client filter can widen it or observe records outside it.
 */
import { andNode, relationshipNode } from '../ast/filter-factories.js';
import type { AnyNode, FilterNode, HasNode } from '../ast/filter-node.js';
import { mapFilter } from '../ast/fold-filter.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';

/**
 * The scope of one type: a resolved `FilterNode`, or filter entries in the JSON form
 * of the `filter` parameter (resolved like a client's filter, so its fields must be
 * filterable).
 *
 * @example
 * [{ name: 'gender', op: 'eq', val: 'f' }]
 */
export type ScopeFilter = FilterNode | readonly unknown[];

/**
 * Scope filters by resource type, as the handler's `scope` option returns them per
 * request. A type without an entry is not restricted.
 *
 * @example
 * { person: { kind: 'compare', field: 'gender', op: 'eq', value: 'f' } }
 */
export type ScopeFilters = { readonly [type: string]: ScopeFilter | undefined };

/** Turns JSON filter entries into a `FilterNode` for a type (the parser's resolver). */
export type ScopeResolver = (type: string, entries: readonly unknown[]) => FilterNode;

/** The resolved scope of one request. */
export interface Scope {
  /** The scope filter of a type, `undefined` when the type is not restricted. */
  of(type: string): FilterNode | undefined;
  /**
   * A filter on `type` restricted to the scope: the filter with every `any`/`has`
   * narrowed to in-scope related records, ANDed with the type's scope filter.
   */
  restrict(filter: FilterNode | null, type: string): FilterNode | null;
}

/**
 * Resolves the scope filters of one request against the schema.
 * Throws a plain `Error` for a type the schema does not have (a server bug).
 *
 * @example
 * const scope = resolveScope({ person: tenantFilter }, resolveSchema(schema), resolver);
 * scope.restrict(clientFilter, 'person'); // { kind: 'and', nodes: [clientFilter', tenantFilter] }
 */
export function resolveScope(filters: ScopeFilters, schema: ResolvedSchema, resolve: ScopeResolver): Scope {
  const byType = new Map<string, FilterNode>();
  for (const [type, filter] of Object.entries(filters)) {
    if (filter === undefined) continue;
    if (!schema.types.has(type)) throw new Error(`Scope for unknown resource type "${type}"`);
    byType.set(type, isFilterEntries(filter) ? resolve(type, filter) : filter);
  }
  const of = (type: string): FilterNode | undefined => byType.get(type);

  const narrowRelationship = (node: AnyNode | HasNode, type: string): FilterNode => {
    const target = schema.types.get(type)?.relationships.get(node.relationship)?.target ?? type;
    return relationshipNode(node.kind, node.relationship, restrict(node.node, target) ?? node.node);
  };
  const narrow = (node: FilterNode, type: string): FilterNode =>
    mapFilter(node, { any: narrowRelationship, has: narrowRelationship }, type);

  const restrict = (filter: FilterNode | null, type: string): FilterNode | null => {
    const narrowed = filter === null || byType.size === 0 ? filter : narrow(filter, type);
    const scope = byType.get(type);
    if (scope === undefined) return narrowed;
    return narrowed === null ? scope : andNode([narrowed, scope]);
  };

  return { of, restrict };
}

/** An `and` node of filters (`andNode`, under the name the handler uses). */
export { andNode as and };

function isFilterEntries(filter: ScopeFilter): filter is readonly unknown[] {
  return Array.isArray(filter);
}
