/**
 * Write policies (docs/policies.md, "Write policies"): the `write` member of a type
 * policy, checked against the type, and the write permissions a writable handler
 * passes to the data layer (`WriteRequest.permits`) once its filters are resolved.
 */
import { junctionNode } from '../ast/filter-factories.js';
import type { FilterNode } from '../ast/filter-node.js';
import type { WriteChange, WriteRequest } from '../layers/data-layer.js';
import type { ResolvedType } from '../schema/resolved-schema.js';
import type { ResourceSchema } from '../schema/schema.js';
import { jsonPointer } from '../write/json-pointer.js';
import { PolicyError } from './policy-error.js';
import type { HiddenFields } from './project-schema.js';
import type { Scope, ScopeFilter, ScopeFilters } from './scope.js';

/** The changes a write policy restricts, in the order of its members. */
const CHANGES: readonly WriteChange[] = ['create', 'update', 'delete'];

const WRITE_POLICY_MEMBERS: ReadonlySet<string> = new Set([...CHANGES, 'fields']);

/** A filter that matches no row: the permit of a change a policy never allows (`false`). */
const NOTHING: FilterNode = junctionNode('or', []);

/** Per change, the filter of each type whose write policy restricts it (`false`: never allowed). */
export type WriteFilters = Record<WriteChange, Record<string, ScopeFilter | false>>;

/** A type's write policy, checked: its filters by change, and the fields it makes read-only. */
export interface CheckedWritePolicy {
  readonly filters: Partial<Record<WriteChange, ScopeFilter | false>>;
  /** The attributes and relationships the requester sees but may not write. */
  readonly readOnly: ReadonlySet<string>;
}

/**
 * Checks the `write` member of the policy of `type` (its filters are resolved later,
 * with the row filters). Throws a `PolicyError` with a pointer under `at` for a value
 * that is not an object, an unknown member, a change that is neither a boolean nor a
 * filter, a `fields` entry that is not an attribute or relationship the requester
 * sees (`id` and hidden fields included), and `fields` without an attribute every
 * create must give while creates are allowed.
 *
 * @example
 * checkWritePolicy({ delete: false, fields: ['name'] }, personType, new Set(), '/types/person/write');
 * // { filters: { delete: false }, readOnly: Set { 'display_name', 'gender', 'birth_date', 'computers', … } }
 */
export function checkWritePolicy(write: unknown, type: ResolvedType, hidden: ReadonlySet<string>, at: string): CheckedWritePolicy {
  const fail = (detail: string, pointer: string, field?: string): never => {
    throw new PolicyError(detail, { type: type.name, ...(field === undefined ? {} : { field }), pointer });
  };
  if (typeof write !== 'object' || write === null || Array.isArray(write)) {
    return fail('"write" is an object with "create", "update", "delete" and "fields".', at, 'write');
  }
  const members = write as Record<string, unknown>;
  for (const member of Object.keys(members)) {
    if (!WRITE_POLICY_MEMBERS.has(member)) {
      fail(`A write policy has no member "${member}"; its members are "create", "update", "delete" and "fields".`, jsonPointer(at, member), member);
    }
  }
  const filters: Partial<Record<WriteChange, ScopeFilter | false>> = {};
  for (const change of CHANGES) {
    const value = members[change];
    if (value === undefined || value === true) continue;
    if (value !== false && (typeof value !== 'object' || value === null)) {
      fail(`"${change}" is true, false, a FilterNode or an array of filter entries.`, `${at}/${change}`, change);
    }
    filters[change] = value as ScopeFilter | false;
  }
  const { fields } = members;
  if (fields === undefined) return { filters, readOnly: new Set() };
  if (!Array.isArray(fields)) return fail('"fields" is an array of the attribute and relationship names the requester may write.', `${at}/fields`, 'fields');
  const writable = new Set<string>();
  fields.forEach((name: unknown, index) => {
    const pointer = `${at}/fields/${String(index)}`;
    if (typeof name !== 'string') return fail('A field name is a string.', pointer);
    if (!type.attributes.has(name) && !type.relationships.has(name)) fail(`It has no attribute or relationship "${name}".`, pointer, name);
    if (hidden.has(name)) fail(`"${name}" is hidden from the requester, so it cannot be writable.`, pointer, name);
    writable.add(name);
  });
  const required = [...type.requiredOnCreate].find((name) => !writable.has(name) && !hidden.has(name));
  if (required !== undefined && filters.create !== false) {
    fail(`A create must give the attribute "${required}", so "fields" lists it, or "create" is false.`, `${at}/fields`, required);
  }
  const visible = [...type.attributes.keys(), ...type.relationships.keys()].filter((name) => name !== 'id' && !hidden.has(name));
  return { filters, readOnly: new Set(visible.filter((name) => !writable.has(name))) };
}

/** The write permissions of a policy, resolved. */
export interface WritePermits {
  /** What the data layer checks (`WriteRequest.permits`); `undefined` when no write policy restricts a change. */
  readonly permits: WriteRequest['permits'];
  /** Whether the policy never allows `change` on `type` (`false`): the handler refuses such a create before the layer sees it. */
  forbids(type: string, change: WriteChange): boolean;
}

/**
 * The fields each type's write policy makes read-only (those the requester sees and
 * `fields` leaves out), by type. Entries that are not strings are ignored: `createHandler`
 * refuses such a policy.
 *
 * @example
 * readOnlyFields(exampleSchema, { types: { person: { write: { create: false, fields: ['name'] } } } }, new Map()).get('person');
 * // Set { 'display_name', 'birth_date', 'gender', 'computers' }
 */
export function readOnlyFields(
  schema: ResourceSchema,
  policy: { readonly types: { readonly [type: string]: { readonly write?: { readonly fields?: readonly string[] } } | undefined } },
  hidden: HiddenFields,
): HiddenFields {
  const readOnly = new Map<string, ReadonlySet<string>>();
  for (const [type, typePolicy] of Object.entries(policy.types)) {
    const fields = typePolicy?.write?.fields;
    const definition = schema.types[type];
    if (!Array.isArray(fields) || definition === undefined) continue;
    const names = [...Object.keys(definition.attributes ?? {}), ...Object.keys(definition.relationships ?? {})];
    const fixed = names.filter((name) => !fields.includes(name) && hidden.get(type)?.has(name) !== true);
    if (fixed.length > 0) readOnly.set(type, new Set(fixed));
  }
  return readOnly;
}

/**
 * The write permissions of a policy: per change, its filters resolved as a scope by
 * `resolve` (which checks them as row filters are checked).
 *
 * @example
 * resolveWritePermits({ create: {}, update: {}, delete: { person: false } }, resolve).permits?.('person', 'delete');
 * // { kind: 'or', nodes: [] }: matches no row
 */
export function resolveWritePermits(filters: WriteFilters, resolve: (filters: ScopeFilters, change: WriteChange) => Scope): WritePermits {
  const scopes = new Map<WriteChange, Scope>();
  for (const change of CHANGES) {
    const given = Object.entries(filters[change]);
    if (given.length === 0) continue;
    const restricted = given.filter((entry): entry is [string, ScopeFilter] => entry[1] !== false);
    scopes.set(change, resolve(Object.fromEntries(restricted), change));
  }
  const forbids = (type: string, change: WriteChange): boolean => filters[change][type] === false;
  if (scopes.size === 0) return { permits: undefined, forbids };
  return { permits: (type, change) => (forbids(type, change) ? NOTHING : scopes.get(change)?.of(type)), forbids };
}

