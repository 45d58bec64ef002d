/**
 * Resolves a policy against the schema and the data layer: its row filters become the
 * request's scope (src/policy/scope.ts), its hidden names the requester's projected
 * schema (src/policy/project-schema.ts). A policy that does not fit is a `PolicyError`
 * with a JSON pointer to the value at fault.
 */
import type { Operator } from '../ast/operators.js';
import type { ResolvedCapabilities } from '../layers/capabilities.js';
import type { ResolvedSchema } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { Policy } from './policy.js';
import { PolicyError } from './policy-error.js';
import { projectSchema, type HiddenFields } from './project-schema.js';
import { resolveScope, type Scope, type ScopeFilter, type ScopeFilters, type ScopeResolver } from './scope.js';
import { ScopeError } from './scope-error.js';

/** One requester's resolved policy. */
export interface ResolvedPolicy {
  /** The row filters, as a scope. */
  readonly scope: Scope;
  /** Hidden field names per type. */
  readonly hidden: HiddenFields;
  /** The schema as the requester sees it (the schema itself when nothing is hidden). */
  readonly schema: ResourceSchema;
}

/** What resolving a policy needs besides the policy. */
export interface PolicyContext {
  readonly schema: ResolvedSchema;
  readonly resolve: ScopeResolver;
  readonly operators: ReadonlySet<Operator>;
  readonly capabilitiesOf?: (type: string) => ResolvedCapabilities;
  /** The projected schema of a hidden set, cached (see `projectionCache`). */
  readonly project: (hidden: HiddenFields) => ResourceSchema;
}

const TYPE_POLICY_MEMBERS: ReadonlySet<string> = new Set(['filter', 'hidden']);

/**
 * Checks and resolves a policy. Throws a `PolicyError` naming the type, the field and a
 * JSON pointer for: a policy that is not `{ types: { … } }`, an unknown type, a member
 * other than `filter` and `hidden` (`write` included: write policies are not supported
 * yet), a hidden name that is `id` or no attribute or relationship of the type, and a
 * row filter that does not fit the schema or the layer (as a scope would not).
 *
 * @example
 * resolvePolicy({ types: { person: { hidden: ['birth_dat'] } } }, context);
 * // PolicyError: Invalid policy for type "person": It has no attribute or relationship "birth_dat".
 */
export function resolvePolicy(policy: Policy, context: PolicyContext): ResolvedPolicy {
  const { schema } = context;
  if (!isRecord(policy)) throw new PolicyError('A policy is an object { "types": { … } }.', { pointer: '' });
  for (const member of Object.keys(policy)) {
    if (member !== 'types') throw new PolicyError(`A policy has no member "${member}"; its only member is "types".`, { pointer: `/${escape(member)}` });
  }
  if (!isRecord(policy.types)) throw new PolicyError('"types" is an object of type policies by type name.', { pointer: '/types' });
  const filters: Record<string, ScopeFilter> = {};
  const hidden = new Map<string, ReadonlySet<string>>();
  for (const [type, typePolicy] of Object.entries(policy.types as Record<string, unknown>)) {
    const at = `/types/${escape(type)}`;
    const resolved = schema.types.get(type);
    if (resolved === undefined) throw new PolicyError(`The schema has no resource type "${type}".`, { type, pointer: at });
    if (typePolicy === undefined) continue;
    if (!isRecord(typePolicy)) throw new PolicyError('A type policy is an object with "filter" and "hidden".', { type, pointer: at });
    for (const member of Object.keys(typePolicy)) {
      if (member === 'write') {
        throw new PolicyError('Write policies are not supported yet: serve writes with a scope, or leave "write" out.', { type, field: member, pointer: `${at}/write` });
      }
      if (!TYPE_POLICY_MEMBERS.has(member)) {
        throw new PolicyError(`A type policy has no member "${member}"; its members are "filter" and "hidden".`, { type, field: member, pointer: `${at}/${escape(member)}` });
      }
    }
    const { filter, hidden: names } = typePolicy as { filter?: unknown; hidden?: unknown };
    if (filter !== undefined) {
      if (!isRecord(filter) && !Array.isArray(filter)) {
        throw new PolicyError('"filter" is a FilterNode or an array of filter entries.', { type, field: 'filter', pointer: `${at}/filter` });
      }
      filters[type] = filter as ScopeFilter;
    }
    if (names !== undefined) {
      if (!Array.isArray(names)) throw new PolicyError('"hidden" is an array of attribute and relationship names.', { type, field: 'hidden', pointer: `${at}/hidden` });
      const set = new Set<string>();
      names.forEach((name: unknown, index) => {
        const pointer = `${at}/hidden/${String(index)}`;
        if (typeof name !== 'string') throw new PolicyError('A hidden name is a string.', { type, pointer });
        if (name === 'id') throw new PolicyError('"id" cannot be hidden: hide the rows with a filter instead.', { type, field: name, pointer });
        if (!resolved.attributes.has(name) && !resolved.relationships.has(name)) {
          throw new PolicyError(`It has no attribute or relationship "${name}".`, { type, field: name, pointer });
        }
        set.add(name);
      });
      if (set.size > 0) hidden.set(type, set);
    }
  }
  return { scope: scopeOf(filters, context), hidden, schema: context.project(hidden) };
}

/** A scope as a policy with row filters only: its errors stay `ScopeError`s. */
export function scopeAsPolicy(filters: ScopeFilters, context: PolicyContext): ResolvedPolicy {
  const { schema, resolve, operators, capabilitiesOf } = context;
  return { scope: resolveScope(filters, schema, resolve, operators, capabilitiesOf), hidden: new Map(), schema: schema.schema };
}

/**
 * Projected schemas by hidden set, at most `size` of them (the oldest dropped first), so
 * that requesters hiding the same fields share one schema object, and with it the
 * parser's and serializer's caches.
 */
export function projectionCache(schema: ResourceSchema, size: number): (hidden: HiddenFields) => ResourceSchema {
  const cache = new Map<string, ResourceSchema>();
  return (hidden) => {
    if (hidden.size === 0) return schema;
    const key = JSON.stringify([...hidden].map(([type, names]) => [type, [...names].sort()]).sort());
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const projected = projectSchema(schema, hidden);
    if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    cache.set(key, projected);
    return projected;
  };
}

function scopeOf(filters: ScopeFilters, context: PolicyContext): Scope {
  try {
    return resolveScope(filters, context.schema, context.resolve, context.operators, context.capabilitiesOf);
  } catch (error) {
    if (!(error instanceof ScopeError)) throw error;
    throw new PolicyError(error.detail, { type: error.type, field: 'filter', pointer: `/types/${escape(error.type)}/filter` }, { cause: error });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A name as a JSON pointer token (RFC 6901). */
function escape(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
