/**
 * Per-request scopes: a server-side filter per resource type (a tenant, an owner)
 * that every read of that type must satisfy. It is ANDed with the client's filter,
 * and every `any`/`has` in the client's filter is narrowed to in-scope related
 * records, so no client filter can widen it or observe records outside it.
 */
import { andNode, compareNode, relationshipNode } from '../ast/filter-factories.js';
import type { AnyNode, FilterNode, HasNode } from '../ast/filter-node.js';
import { mapFilter } from '../ast/fold-filter.js';
import type { Operator } from '../ast/operators.js';
import { unevaluatedFilter, type ResolvedCapabilities } from '../layers/capabilities.js';
import { isQueryError } from '../errors/query-error.js';
import type { TypeName } from '../schema/infer.js';
import { knownField, knownRelationship, relationshipOperator, supportedOperator } from '../rules/filter-rules.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import { ScopeError } from './scope-error.js';

/**
 * The scope of one type: a `FilterNode` (typed from a schema declared `as const`, as
 * `filterHelper` builds it), or filter entries in the JSON form of the `filter`
 * parameter (resolved like a client's filter, so its fields must be filterable).
 *
 * @example
 * [{ name: 'gender', op: 'eq', val: 'f' }]
 */
export type ScopeFilter<S extends ResourceSchema = ResourceSchema, T extends string = string> =
  | FilterNode<S, T>
  | readonly unknown[];

/**
 * Scope filters by resource type: the handler's `scope` option, fixed or returned per
 * request. A type without an entry is not restricted.
 *
 * @example
 * { person: filterHelper(exampleSchema, 'person').eq('gender', 'f') }
 */
export type ScopeFilters<S extends ResourceSchema = ResourceSchema> = {
  readonly [T in TypeName<S>]?: ScopeFilter<S, T> | undefined;
};

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
 * Resolves the scope filters of one request against the schema. Throws a
 * `ScopeError` naming the type (and field, relationship or operator) for a scope
 * that does not fit the schema, the layer's operators or its capabilities (a scope
 * is ANDed with the client's filter, so the layer must also evaluate `and`): a
 * server bug, never the client's.
 */
export function resolveScope(
  filters: ScopeFilters,
  schema: ResolvedSchema,
  resolve: ScopeResolver,
  operators: ReadonlySet<Operator>,
  capabilitiesOf?: (type: string) => ResolvedCapabilities,
): Scope {
  const byType = new Map<string, FilterNode>();
  for (const [type, filter] of Object.entries(filters) as [string, ScopeFilter | undefined][]) {
    if (filter === undefined) continue;
    if (!schema.types.has(type)) throw new ScopeError(type, `The schema has no resource type "${type}".`);
    const node = isFilterEntries(filter) ? resolveEntries(resolve, type, filter) : checked(filter, type, schema, operators);
    if (capabilitiesOf !== undefined) checkEvaluated(node, type, schema, capabilitiesOf(type));
    byType.set(type, node);
  }
  if (capabilitiesOf !== undefined) checkNested(byType, schema, capabilitiesOf);
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

/** The layer evaluates the scope filter of a type on reads of that type, and the `and` joining it to a client's filter. */
function checkEvaluated(node: FilterNode, type: string, schema: ResolvedSchema, capabilities: ResolvedCapabilities): void {
  const reason = capabilities.nodes.has('and') ? unevaluatedFilter(capabilities, schema, type, node) : 'node "and" (which joins a scope to the client\'s filter)';
  if (reason !== undefined) {
    throw new ScopeError(type, `The data layer does not evaluate ${reason}; declare it in its capabilities, or serve it through withFallback.`);
  }
}

/**
 * Each scope is also evaluated inside the `any`/`has` of another type's reads (a
 * client's relationship filter is narrowed to in-scope related records), under the
 * capabilities of the type read: every type whose layer follows a chain of
 * filterable relationships to a scoped type must evaluate that scope, and the `and`
 * joining it to the client's nested filter. Chains are followed whatever their
 * length (the depth limits aside), so a misconfiguration is found at start-up.
 */
function checkNested(byType: ReadonlyMap<string, FilterNode>, schema: ResolvedSchema, capabilitiesOf: (type: string) => ResolvedCapabilities): void {
  if (byType.size === 0) return;
  for (const reader of schema.types.values()) {
    const capabilities = capabilitiesOf(reader.name);
    const reached = new Set<string>();
    const pending = [reader];
    for (let type = pending.pop(); type !== undefined; type = pending.pop()) {
      for (const relationship of type.relationships.values()) {
        if (!relationship.filterable || !capabilities.nodes.has(relationship.toMany ? 'any' : 'has') || reached.has(relationship.target)) continue;
        reached.add(relationship.target);
        const target = schema.types.get(relationship.target);
        if (target !== undefined) pending.push(target);
      }
    }
    for (const target of reached) {
      const scope = byType.get(target);
      if (scope === undefined) continue;
      const reason = capabilities.nodes.has('and') ? unevaluatedFilter(capabilities, schema, target, scope) : 'node "and" (which joins a scope to the client\'s filter)';
      if (reason !== undefined) {
        throw new ScopeError(
          target,
          `A filter on "${reader.name}" may reach "${target}" through its relationships, and the data layer does not evaluate ${reason} on reads of "${reader.name}"; declare it in its capabilities, or serve it through withFallback.`,
        );
      }
    }
  }
}

function isFilterEntries(filter: ScopeFilter): filter is readonly unknown[] {
  return Array.isArray(filter);
}

/** Resolves JSON entries; the parser's 400 becomes the server's `ScopeError`. */
function resolveEntries(resolve: ScopeResolver, type: string, entries: readonly unknown[]): FilterNode {
  try {
    return resolve(type, entries);
  } catch (error) {
    if (!isQueryError(error)) throw error;
    throw new ScopeError(type, error.errors.map((item) => item.detail).join(' '), { cause: error });
  }
}

/**
 * Checks a scope given as a `FilterNode` against the filter rules the parser's
 * resolver reads (rules/filter-rules.ts): every field is `id` or an attribute of the
 * type it is evaluated on, every relationship exists with the right cardinality,
 * every operator is the layer's. A sentence of a `ScopeError` ends with a period.
 *
 * Not through the resolver itself (as JSON entries): a node is the server's own,
 * already resolved filter, so it may use fields clients cannot filter on
 * (`filterable: false`, docs/handler.md "Scopes") and its values and size are not a
 * client's to check; and the resolver reads a relationship as a name, so an unknown
 * one would be reported as an unknown field.
 */
function checked(filter: FilterNode, scopeType: string, schema: ResolvedSchema, operators: ReadonlySet<Operator>): FilterNode {
  const fail = (detail: string): never => {
    throw new ScopeError(scopeType, `${detail}.`);
  };
  const field = (type: string, name: string): void => {
    if (name !== 'id' && schema.types.get(type)?.attributes.has(name) !== true) fail(knownField.message(type, name));
  };
  const operator = (op: Operator): void => {
    if (!supportedOperator.check(op, operators)) fail(supportedOperator.message(op));
  };
  const visit = (node: FilterNode, type: string): void => {
    switch (node.kind) {
      case 'compare':
        field(type, node.field);
        operator(node.op);
        return;
      case 'compare_fields':
        field(type, node.field);
        field(type, node.other);
        return;
      case 'and':
      case 'or':
        for (const child of node.nodes) visit(child, type);
        return;
      case 'not':
        visit(node.node, type);
        return;
      case 'any':
      case 'has': {
        operator(node.kind);
        const relationship = schema.types.get(type)?.relationships.get(node.relationship);
        if (relationship === undefined) return fail(knownRelationship.message(type, node.relationship));
        if (relationshipOperator.of(relationship) !== node.kind) fail(relationshipOperator.message(relationship, node.kind));
        visit(node.node, relationship.target);
        return;
      }
    }
  };
  visit(filter, scopeType);
  // Nodes written by hand (in JavaScript) may lack the resolved `pattern`/`words` the
  // layers read: rebuilding every comparison with `compareNode` resolves them.
  return mapFilter(filter, { compare: (node) => compareNode(node.field, node.op, node.value) });
}
