/**
 * Applies a list of write operations to a memory store, all or nothing: the
 * operations change a copy-on-write draft of the records, and only when every one
 * succeeds and every changed resource is inside the scope does the draft become a
 * new store sharing every row it did not change (docs/writes.md). The old store is never touched, so a failure leaves the state
 * exactly as it was and readers see the state before the list or after it.
 */
import { andNode, compareNode } from '../../ast/filter-factories.js';
import type { FilterNode } from '../../ast/filter-node.js';
import { namedIds } from '../../operations/named-ids.js';
import { OperationError } from '../../operations/operation-error.js';
import type { GuardedOperation, RelationshipValue, Operation, ResourceFields, ResourceRef } from '../../operations/operation-node.js';
import { ID_ORDER } from '../../rules/id-tie-break.js';
import type { ResolvedRelationship, ResolvedSchema } from '../../schema/resolved-schema.js';
import type { Id, OperationList, Row, WriteRequest } from '../data-layer.js';
import { changeOf, WritePermissions, type MatchFilter } from '../write-permissions.js';
import { commitDraft } from './commit-draft.js';
import { requireStore } from './query-plan.js';
import type { QueryRunner } from './run-query.js';
import type { Store } from './store.js';
import { WriteDraft } from './write-draft.js';

/** A memory store and the ids it generated: what reads see. */
export interface MemoryState {
  readonly store: Store;
  /** Per type, the last id the layer generated (never reused, even after a delete). */
  readonly sequences: ReadonlyMap<string, number>;
}

/** The outcome of a list: the new state, and the id each operation created or updated. */
export interface AppliedList {
  readonly state: MemoryState;
  readonly ids: readonly (Id | null)[];
}

/**
 * Applies the list to a draft of `state` and returns the new state; throws
 * `OperationError` (nothing applied) for a missing resource, a taken id or a write
 * outside the scope, checked with `runner`, and rethrows what a hook throws. The
 * hooks see the draft (`list.read`); `state` is never changed, so the caller decides
 * when the new state replaces it.
 */
export async function applyOperations(
  schema: ResolvedSchema,
  state: MemoryState,
  request: WriteRequest,
  runner: QueryRunner,
): Promise<AppliedList> {
  const { operations, scope, hooks } = request;
  const draft = new WriteDraft(schema, state.store);
  const wasInScope = scopeBefore(state, runner, operations, scope);
  const permissions = await WritePermissions.before(operations, request.permits, matchIn(state, runner));
  const sequences = new Map(state.sequences);
  const ids: (Id | null)[] = [];
  /** Resources the list created: they need not have been in scope before it. */
  const created = new Set<string>();
  /** Resources the list created or changed, with the first operation that did. */
  const changed = new Map<string, { readonly type: string; readonly id: Id; readonly operation: number }>();
  const key = (type: string, id: Id): string => `${type}\u0000${typeof id}\u0000${String(id)}`;
  const change = (type: string, id: Id, operation: number): void => {
    if (!changed.has(key(type, id))) changed.set(key(type, id), { type, id, operation });
  };

  const existing = (ref: ResourceRef, fault: () => OperationError): Id => {
    const id = ref.kind === 'id' ? ref.id : ids[ref.operation];
    if (id === null || id === undefined || draft.row(ref.type, id) === undefined) throw fault();
    if (!created.has(key(ref.type, id)) && !wasInScope(ref.type, id)) throw fault();
    return id;
  };
  /** The id of the resource an operation is addressed to: existing, visible, and one the request may change so. */
  const addressed = (operation: Exclude<Operation, { kind: 'create' }>, index: number): Id => {
    const id = existing(operation.ref, () => new OperationError('not_found', index));
    permissions.require(operation.ref.type, id, changeOf(operation), index, created.has(key(operation.ref.type, id)));
    return id;
  };
  const related = (ref: ResourceRef, index: number, relationship: string, item?: number): Id =>
    existing(ref, () => new OperationError('related_not_found', index, { relationship, ...(item === undefined ? {} : { index: item }) }));
  const setLinkage = (type: string, id: Id, relationship: ResolvedRelationship, linkage: RelationshipValue, index: number): void => {
    const wanted = (Array.isArray(linkage) ? linkage : linkage === null ? [] : [linkage]) as readonly ResourceRef[];
    const next = wanted.map((ref, item) => related(ref, index, relationship.name, Array.isArray(linkage) ? item : undefined));
    const current = draft.linked(type, id, relationship);
    // A to-many keeps its links to rows outside the scope: the requester could not name them (docs/writes.md, rule 7).
    const kept = relationship.toMany ? hiddenOf(relationship.target, current) : new Set<Id>();
    for (const linked of current) {
      if (!next.includes(linked) && !kept.has(linked)) draft.disconnect(type, id, relationship, linked);
    }
    for (const target of next) draft.connect(type, id, relationship, target);
  };
  /** Of some ids of `type`, those outside the scope: not created by the list, and outside its filter before the list. */
  const hiddenOf = (type: string, ids: readonly Id[]): ReadonlySet<Id> => {
    const filter = scope?.(type);
    if (filter === undefined) return new Set();
    const before = ids.filter((id) => !created.has(key(type, id)) && requireStore(state.store, type).byId.has(id));
    if (before.length === 0) return new Set();
    const visible = inScope(state, runner, type, before, filter);
    return new Set(before.filter((id) => !visible.has(id)));
  };
  const setFields = (type: string, id: Id, fields: ResourceFields, index: number): void => {
    draft.assign(type, id, fields.attributes);
    for (const [name, linkage] of Object.entries(fields.relationships)) setLinkage(type, id, relationshipOf(schema, type, name), linkage, index);
  };

  /** Checks the precondition of an operation addressed to `id` and bumps the resource's version (docs/writes.md, "Versions"). */
  const claim = (operation: GuardedOperation, id: Id, index: number): void => {
    const { type } = operation.ref;
    const version = schema.types.get(type)?.version;
    const current = version === undefined ? undefined : draft.row(type, id)?.values[version];
    if (operation.ifMatch !== undefined && (typeof current !== 'number' || !operation.ifMatch.includes(current))) {
      throw new OperationError('precondition_failed', index);
    }
    if (version !== undefined) draft.assign(type, id, { [version]: (typeof current === 'number' ? current : 0) + 1 });
  };

  const list: OperationList = {
    ids,
    read: (type, id) => Promise.resolve(rowOf(draft, type, id)),
  };
  for (const [index, given] of operations.entries()) {
    // A hook sees an operation whose target exists and may be changed.
    if (given.kind !== 'create') addressed(given, index);
    const operation = hooks === undefined ? given : await hooks.before(index, given, list);
    applyOne(operation, index);
    await hooks?.after(index, operation, list);
  }

  function applyOne(operation: Operation, index: number): void {
    switch (operation.kind) {
      case 'create': {
        const id = operation.id ?? nextId(schema, draft, sequences, operation.type);
        if (draft.row(operation.type, id) !== undefined) throw new OperationError('duplicate_id', index);
        const version = schema.types.get(operation.type)?.version;
        draft.insert(operation.type, id, version === undefined ? operation.attributes : { ...operation.attributes, [version]: 1 });
        created.add(key(operation.type, id));
        ids.push(id);
        setFields(operation.type, id, { attributes: {}, relationships: operation.relationships }, index);
        change(operation.type, id, index);
        return;
      }
      case 'update': {
        const id = addressed(operation, index);
        claim(operation, id, index);
        setFields(operation.ref.type, id, operation, index);
        ids.push(id);
        change(operation.ref.type, id, index);
        return;
      }
      case 'delete': {
        const id = addressed(operation, index);
        claim(operation, id, index);
        draft.remove(operation.ref.type, id);
        ids.push(null);
        return;
      }
      case 'set_relationship':
      case 'add_to_relationship':
      case 'remove_from_relationship': {
        const { type } = operation.ref;
        const id = addressed(operation, index);
        claim(operation, id, index);
        const relationship = relationshipOf(schema, type, operation.relationship);
        if (operation.kind === 'set_relationship') setLinkage(type, id, relationship, operation.linkage, index);
        else {
          const members = operation.members.map((ref, item) => related(ref, index, relationship.name, item));
          for (const member of members) {
            if (operation.kind === 'add_to_relationship') draft.connect(type, id, relationship, member);
            else draft.disconnect(type, id, relationship, member);
          }
        }
        ids.push(null);
        change(type, id, index);
        return;
      }
    }
  }

  const store = commitDraft(schema, draft);
  checkScopeAfter({ store, sequences }, runner, [...changed.values()], scope);
  await permissions.after([...changed.values()], (type, id) => created.has(key(type, id)), matchIn({ store, sequences }, runner));
  return { state: { store, sequences }, ids };
}

/** A resource of the draft as a hook reads it: a copy of its id and attributes. */
function rowOf(draft: WriteDraft, type: string, id: Id): Row | null {
  const row = draft.row(type, id);
  return row === undefined ? null : ({ ...row.values } as Row);
}

/** The ids of every resource the list names by id, per scoped type, that are inside the scope before the list. */
/**
 * Whether a resource was inside the scope before the list, judged on `state` (which the
 * list never changes): the ids the list names are read at once per type; an id only a
 * hook names (an operation it returns, a relationship it sets) when first asked.
 */
function scopeBefore(
  state: MemoryState,
  runner: QueryRunner,
  operations: readonly Operation[],
  scope: WriteRequest['scope'],
): (type: string, id: Id) => boolean {
  const known = new Map<string, Map<Id, boolean>>();
  for (const [type, ids] of namedIds(operations, (named) => scope?.(named) !== undefined)) {
    const visible = inScope(state, runner, type, [...ids], scope?.(type));
    known.set(type, new Map([...ids].map((id) => [id, visible.has(id)])));
  }
  return (type, id) => {
    const filter = scope?.(type);
    if (filter === undefined) return true;
    let ofType = known.get(type);
    if (ofType === undefined) known.set(type, (ofType = new Map()));
    let visible = ofType.get(id);
    if (visible === undefined) {
      visible = inScope(state, runner, type, [id], filter).has(id);
      ofType.set(id, visible);
    }
    return visible;
  };
}

/** Throws `out_of_scope` for the first changed resource (in list order) outside the scope after the list. */
function checkScopeAfter(
  state: MemoryState,
  runner: QueryRunner,
  changed: readonly { readonly type: string; readonly id: Id; readonly operation: number }[],
  scope: WriteRequest['scope'],
): void {
  if (scope === undefined) return;
  const byType = new Map<string, Id[]>();
  for (const { type, id } of changed) {
    if (scope(type) === undefined || !requireStore(state.store, type).byId.has(id)) continue;
    byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  const outside = new Set<string>();
  for (const [type, ids] of byType) {
    const visible = inScope(state, runner, type, ids, scope(type));
    for (const id of ids) if (!visible.has(id)) outside.add(`${type}\u0000${String(id)}`);
  }
  const first = changed.find(({ type, id }) => outside.has(`${type}\u0000${String(id)}`));
  if (first !== undefined) throw new OperationError('out_of_scope', first.operation);
}

/** Which of some ids exist in the state's store, and which of them match a filter. */
function matchIn(state: MemoryState, runner: QueryRunner): MatchFilter {
  return (type, ids, filter) => {
    const { byId } = requireStore(state.store, type);
    const existing = new Set(ids.filter((id) => byId.has(id)));
    const matching = existing.size === 0 ? existing : inScope(state, runner, type, [...existing], filter);
    return Promise.resolve({ existing, matching });
  };
}

/** Which of `ids` of `type` match `filter` in the state's store. */
function inScope(state: MemoryState, runner: QueryRunner, type: string, ids: readonly Id[], filter: FilterNode | undefined): ReadonlySet<Id> {
  const typeStore = requireStore(state.store, type);
  if (filter === undefined) return new Set(ids);
  const query = { filter: andNode([compareNode('id', 'in_', ids), filter]), sort: ID_ORDER, offset: 0, limit: null };
  return new Set(runner.run(state.store, typeStore, typeStore.rows, query, undefined).rows.map((row) => row.id));
}

/**
 * The id the layer gives a new resource: one more than the last it generated for the
 * type (at first, than the largest decimal id it holds; decimal text for string ids),
 * never reused after a delete, skipping an id a client took.
 */
function nextId(schema: ResolvedSchema, draft: WriteDraft, sequences: Map<string, number>, type: string): Id {
  let last = sequences.get(type);
  if (last === undefined) {
    last = 0;
    for (const id of draft.ids(type)) {
      const value = typeof id === 'number' ? id : /^(?:0|[1-9][0-9]{0,15})$/.test(id) ? Number(id) : 0;
      if (value > last) last = value;
    }
  }
  const integer = schema.types.get(type)?.idType === 'integer';
  let next: Id;
  do {
    last++;
    next = integer ? last : String(last);
  } while (draft.row(type, next) !== undefined);
  sequences.set(type, last);
  return next;
}

function relationshipOf(schema: ResolvedSchema, type: string, name: string): ResolvedRelationship {
  const relationship = schema.types.get(type)?.relationships.get(name);
  if (relationship === undefined) throw new Error(`Unknown relationship "${type}.${name}"`);
  return relationship;
}
