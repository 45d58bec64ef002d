/**
 * Resolves a policy against the schema and the data layer: its row filters become the
 * request's scope (src/policy/scope.ts), its hidden names the requester's projected
 * schema (src/policy/project-schema.ts), its write policies the write permissions a
 * writable handler passes to the layer (src/policy/write-permits.ts) and the schema
 * write bodies are parsed with. A policy that does not fit is a `PolicyError` with a
 * JSON pointer to the value at fault.
 */
import type { Operator } from '../ast/operators.js';
import type { ResolvedCapabilities } from '../layers/capabilities.js';
import { requireType, type ResolvedSchema } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import type { Policy } from './policy.js';
import { PolicyError } from './policy-error.js';
import { projectSchema, type HiddenFields } from './project-schema.js';
import { resolveScope, type Scope, type ScopeFilter, type ScopeFilters, type ScopeResolver } from './scope.js';
import { ScopeError } from './scope-error.js';
import { checkWritePolicy, resolveWritePermits, type WriteFilters, type WritePermits } from './write-permits.js';

/** One requester's resolved policy. */
export interface ResolvedPolicy {
  /** The row filters, as a scope. */
  readonly scope: Scope;
  /** Hidden field names per type. */
  readonly hidden: HiddenFields;
  /** The schema as the requester sees it (the schema itself when nothing is hidden). */
  readonly schema: ResourceSchema;
  /** What the requester may create, update and delete (`permits` `undefined`: the row filters alone restrict writes). */
  readonly write: WritePermits;
  /** The schema write bodies are parsed with: `schema`, with the fields the requester may not write read-only. */
  readonly writeSchema: ResourceSchema;
}

/** What resolving a policy needs besides the policy. */
export interface PolicyContext {
  readonly schema: ResolvedSchema;
  readonly resolve: ScopeResolver;
  readonly operators: ReadonlySet<Operator>;
  readonly capabilitiesOf?: (type: string) => ResolvedCapabilities;
  /** The projected schema of a hidden set (and fields made read-only), cached (see `projectionCache`). */
  readonly project: (hidden: HiddenFields, readOnly?: HiddenFields) => ResourceSchema;
}

const TYPE_POLICY_MEMBERS: ReadonlySet<string> = new Set(['filter', 'hidden', 'write']);

/**
 * Checks and resolves a policy. Throws a `PolicyError` naming the type, the field and a
 * JSON pointer for: a policy that is not `{ types: { … } }`, an unknown type, a member
 * other than `filter`, `hidden` and `write`, a hidden name that is `id` or no attribute
 * or relationship of the type, a write policy that does not fit (src/policy/write-permits.ts),
 * and a row or write filter that does not fit the schema or the layer (as a scope would not).
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
  const writes = new Map<string, unknown>();
  for (const [type, typePolicy] of Object.entries(policy.types as Record<string, unknown>)) {
    const at = `/types/${escape(type)}`;
    const resolved = schema.types.get(type);
    if (resolved === undefined) throw new PolicyError(`The schema has no resource type "${type}".`, { type, pointer: at });
    if (typePolicy === undefined) continue;
    if (!isRecord(typePolicy)) throw new PolicyError('A type policy is an object with "filter", "hidden" and "write".', { type, pointer: at });
    for (const member of Object.keys(typePolicy)) {
      if (!TYPE_POLICY_MEMBERS.has(member)) {
        throw new PolicyError(`A type policy has no member "${member}"; its members are "filter", "hidden" and "write".`, { type, field: member, pointer: `${at}/${escape(member)}` });
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
    if (typePolicy['write'] !== undefined) writes.set(type, typePolicy['write']);
  }
  const writeFilters: WriteFilters = { create: {}, update: {}, delete: {} };
  const readOnly = new Map<string, ReadonlySet<string>>();
  for (const [type, write] of writes) {
    const checked = checkWritePolicy(write, requireType(schema, type), hidden.get(type) ?? new Set(), `/types/${escape(type)}/write`);
    for (const change of ['create', 'update', 'delete'] as const) {
      const filter = checked.filters[change];
      if (filter !== undefined) writeFilters[change][type] = filter;
    }
    if (checked.readOnly.size > 0) readOnly.set(type, checked.readOnly);
  }
  const projected = context.project(hidden);
  return {
    scope: scopeOf(filters, context, 'filter'),
    hidden,
    schema: projected,
    write: resolveWritePermits(writeFilters, (changeFilters, change) => scopeOf(changeFilters, context, `write/${change}`)),
    writeSchema: readOnly.size === 0 ? projected : context.project(hidden, readOnly),
  };
}

/** A scope as a policy with row filters only: its errors stay `ScopeError`s. */
export function scopeAsPolicy(filters: ScopeFilters, context: PolicyContext): ResolvedPolicy {
  const { schema, resolve, operators, capabilitiesOf } = context;
  const scope = resolveScope(filters, schema, resolve, operators, capabilitiesOf);
  return { scope, hidden: new Map(), schema: schema.schema, write: UNRESTRICTED_WRITES, writeSchema: schema.schema };
}

const UNRESTRICTED_WRITES: WritePermits = { permits: undefined, forbids: () => false };

/**
 * Projected schemas by hidden set (and set of fields made read-only), at most `size` of
 * them (the oldest dropped first), so that requesters hiding the same fields share one
 * schema object, and with it the parser's and serializer's caches.
 */
export function projectionCache(schema: ResourceSchema, size: number): (hidden: HiddenFields, readOnly?: HiddenFields) => ResourceSchema {
  const cache = new Map<string, ResourceSchema>();
  const keyOf = (fields: HiddenFields): unknown => [...fields].map(([type, names]) => [type, [...names].sort()]).sort();
  return (hidden, readOnly = new Map()) => {
    if (hidden.size === 0 && readOnly.size === 0) return schema;
    const key = JSON.stringify([keyOf(hidden), keyOf(readOnly)]);
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const projected = projectSchema(schema, hidden, readOnly);
    if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    cache.set(key, projected);
    return projected;
  };
}

/** Resolves the filters of one member of the type policies (`filter`, `write/update`, …) as a scope. */
function scopeOf(filters: ScopeFilters, context: PolicyContext, member: string): Scope {
  try {
    return resolveScope(filters, context.schema, context.resolve, context.operators, context.capabilitiesOf);
  } catch (error) {
    if (!(error instanceof ScopeError)) throw error;
    const field = member.split('/').at(-1) ?? member;
    throw new PolicyError(error.detail, { type: error.type, field, pointer: `/types/${escape(error.type)}/${member}` }, { cause: error });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A name as a JSON pointer token (RFC 6901). */
function escape(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}
