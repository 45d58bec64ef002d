/**
 * The store after a list: the store before it with the rows the draft changed
 * replaced. A stored row holds its related rows themselves, so a row linked to a
 * replaced row is replaced too (it would hold the old one), and so on along inverse
 * relationships; every other row, and every type no replaced row belongs to, is
 * shared with the store before, which stays exactly as it was (readers holding it
 * see the state before the list). A new row takes the type's next `POSITION` and its
 * place in primary key order. A type's rows are a `RowLog`: the written rows are
 * logged, not copied into a new array of the type's rows, so a write's cost does not
 * grow with the store. A list that deletes, changes a type an inverse-less
 * relationship points at, or replaces more than an eighth of the rows is loaded
 * whole again instead, as at start-up.
 */
import type { Id } from '../data-layer.js';
import type { ResolvedSchema } from '../../schema/resolved-schema.js';
import { idComparator, loadStore } from './load-store.js';
import { RowLog } from './row-log.js';
import { linkKey, POSITION, type LinkSlot, type Store, type StoredRow, type TypeStore } from './store.js';
import { typeStore } from './type-store.js';
import type { DraftRow, WriteDraft } from './write-draft.js';

/**
 * The new store of a draft whose list succeeded.
 *
 * @example
 * const draft = new WriteDraft(schema, state.store);
 * draft.insert('computer', '7', { serial: 'X' });
 * const store = commitDraft(schema, draft);
 */
export function commitDraft(schema: ResolvedSchema, draft: WriteDraft): Store {
  return replaced(schema, draft) ?? loadStore(schema, draft.toData());
}

/** The store with the changed rows (and the rows linked to them) replaced; `undefined` when it must be loaded whole. */
function replaced(schema: ResolvedSchema, draft: WriteDraft): Store | undefined {
  const { store } = draft;
  if (draft.deleted) return undefined;
  const rebuilt = rowsToRebuild(schema, draft);
  if (rebuilt === undefined) return undefined;
  if (rebuilt.size === 0) return store;
  const built = new Map<string, Map<Id, StoredRow>>();
  const added = new Map<string, readonly Id[]>();
  for (const [type, ids] of rebuilt) {
    const before = requireType(store, type);
    const { makeRow } = before;
    if (makeRow === undefined) return undefined;
    added.set(type, [...ids].filter((id) => !before.byId.has(id)).sort(idComparator(before.type.idType)));
    const names = ['id', ...before.type.attributes.keys()];
    const rows = new Map<Id, StoredRow>();
    for (const id of ids) rows.set(id, makeRow(names.map((name) => draftRowOf(draft, type, id).values[name])));
    built.set(type, rows);
  }
  const find = (type: string, id: Id): StoredRow => {
    const row = built.get(type)?.get(id) ?? requireType(store, type).byId.get(id);
    if (row === undefined) throw new Error(`No ${type} ${String(id)} to link to`);
    return row;
  };
  const types = new Map(store.types);
  for (const [type, rows] of built) {
    const before = requireType(store, type);
    const { makeRow } = before;
    if (makeRow === undefined) return undefined;
    const fresh = added.get(type) ?? [];
    for (const [id, row] of rows) {
      const draftRow = draftRowOf(draft, type, id);
      const writable = row as unknown as Record<symbol, LinkSlot | number>;
      for (const [name, slot] of before.slots) {
        const relationship = before.type.relationships.get(name);
        if (relationship === undefined) throw new Error(`Unknown relationship "${type}.${name}"`);
        const value = draftRow.links.get(name);
        const compare = idComparator(requireType(store, relationship.target).type.idType);
        writable[linkKey(slot)] =
          value instanceof Set
            ? [...value].sort(compare).map((related) => find(relationship.target, related))
            : value === null || value === undefined
              ? null
              : find(relationship.target, value);
      }
      const existing = before.byId.get(id);
      writable[POSITION] = existing === undefined ? before.capacity + fresh.indexOf(id) : existing[POSITION];
      Object.freeze(row);
    }
    const log = (before.byId instanceof RowLog ? before.byId : RowLog.of(before.rows, before.byId, idComparator(before.type.idType))).with([...rows.values()], before.slots.size);
    // Folded once the log outweighs an eighth of the rows: a write then costs a constant amount of copying, amortized.
    const byId = log.weight > 64 + log.size / 8 ? log.folded() : log;
    types.set(type, typeStore({ type: before.type, rows: () => byId.rows, byId, slots: before.slots, makeRow, capacity: before.capacity + fresh.length }));
  }
  return { types };
}

/**
 * The rows to build anew, by type: every row the draft changed, and every row
 * linked to one along an inverse relationship (found on the changed row's own
 * links). `undefined` when a changed type is the target of an inverse-less
 * relationship (the rows naming it are not listed anywhere) or there are too many.
 */
function rowsToRebuild(schema: ResolvedSchema, draft: WriteDraft): Map<string, Set<Id>> | undefined {
  const oneWay = new Set<string>();
  for (const type of schema.types.values()) {
    for (const relationship of type.relationships.values()) if (relationship.inverse === undefined) oneWay.add(relationship.target);
  }
  let total = 0;
  for (const typeStore of draft.store.types.values()) total += typeStore.byId.size;
  const limit = 64 + total / 8;
  const rebuilt = new Map<string, Set<Id>>();
  const queue: (readonly [string, Id])[] = [];
  const add = (type: string, id: Id): void => {
    let ids = rebuilt.get(type);
    if (ids === undefined) rebuilt.set(type, (ids = new Set()));
    if (ids.has(id)) return;
    ids.add(id);
    queue.push([type, id]);
  };
  for (const [type, ids] of draft.changedRows()) for (const id of ids) add(type, id);
  for (let next = 0; next < queue.length; next++) {
    if (queue.length > limit) return undefined;
    const [type, id] = queue[next] as readonly [string, Id];
    if (oneWay.has(type)) return undefined;
    const row = draftRowOf(draft, type, id);
    for (const relationship of schema.types.get(type)?.relationships.values() ?? []) {
      if (relationship.inverse === undefined) continue;
      const value = row.links.get(relationship.name);
      if (value instanceof Set) for (const related of value) add(relationship.target, related);
      else if (value !== null && value !== undefined) add(relationship.target, value);
    }
  }
  return rebuilt;
}

function draftRowOf(draft: WriteDraft, type: string, id: Id): DraftRow {
  const row = draft.row(type, id);
  if (row === undefined) throw new Error(`No ${type} ${String(id)} in the draft`);
  return row;
}

function requireType(store: Store, type: string): TypeStore {
  const found = store.types.get(type);
  if (found === undefined) throw new Error(`Unknown type "${type}"`);
  return found;
}
