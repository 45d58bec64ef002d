/**
 * The rows a list of operations changes, copied from a memory store on first use
 * (copy on write): attribute values by row, and relationships kept on both sides of
 * every inverse pair, as a database keeps a foreign key and its reverse lookup
 * consistent. Once the list succeeds, `commitDraft` makes a new store of the store
 * and the draft; the store is never changed.
 */
import type { Id } from '../data-layer.js';
import type { ResolvedRelationship, ResolvedSchema } from '../../schema/resolved-schema.js';
import type { MemoryData } from './load-store.js';
import { linkOf, type LinkSlot, type Store, type StoredRow, type TypeStore } from './store.js';

/** One row of the draft: its values (`id` and attributes) and its relationships by name. */
export interface DraftRow {
  readonly values: Record<string, unknown>;
  readonly links: Map<string, Id | null | Set<Id>>;
}

/**
 * The draft of a store, copy on write: a row is copied from the store the first time
 * the list reads or changes it; the store itself is never touched.
 */
export class WriteDraft {
  /** The rows the list read or changed, by type and id; `null` for a row it deleted. */
  private readonly local = new Map<string, Map<Id, DraftRow | null>>();
  /** The rows the list created or changed, by type. */
  private readonly changed = new Map<string, Set<Id>>();
  private deletes = false;

  constructor(
    private readonly schema: ResolvedSchema,
    readonly store: Store,
  ) {
    for (const name of store.types.keys()) {
      this.local.set(name, new Map());
      this.changed.set(name, new Set());
    }
  }

  /** A row, or `undefined` when there is none. */
  row(type: string, id: Id): DraftRow | undefined {
    const local = this.localOf(type);
    const known = local.get(id);
    if (known !== undefined) return known ?? undefined;
    const typeStore = this.storeOf(type);
    const stored = typeStore.byId.get(id);
    if (stored === undefined) return undefined;
    const row = draftRow(stored, ['id', ...typeStore.type.attributes.keys()], [...typeStore.slots.keys()]);
    local.set(id, row);
    return row;
  }

  /** Every id of a type. */
  *ids(type: string): IterableIterator<Id> {
    const local = this.localOf(type);
    for (const id of this.storeOf(type).byId.keys()) if (local.get(id) !== null) yield id;
    for (const [id, row] of local) if (row !== null && !this.storeOf(type).byId.has(id)) yield id;
  }

  /** Whether the list deleted a row. */
  get deleted(): boolean {
    return this.deletes;
  }

  /** The rows the list created or changed, by type (each read with `row`). */
  changedRows(): ReadonlyMap<string, ReadonlySet<Id>> {
    return this.changed;
  }

  /** Adds a row with the given attribute values, no relationships yet (every one empty). */
  insert(type: string, id: Id, attributes: Readonly<Record<string, unknown>>): void {
    const resolved = this.schema.types.get(type);
    if (resolved === undefined) throw new Error(`Unknown type "${type}"`);
    const values: Record<string, unknown> = { id };
    for (const attribute of resolved.attributes.values()) {
      values[attribute.name] = Object.hasOwn(attributes, attribute.name) ? attributes[attribute.name] : null;
    }
    const links = new Map<string, Id | null | Set<Id>>();
    for (const relationship of resolved.relationships.values()) links.set(relationship.name, relationship.toMany ? new Set() : null);
    this.localOf(type).set(id, { values, links });
    this.touch(type, id);
  }

  /** Removes a row and unlinks it from every relationship that points at it. */
  remove(type: string, id: Id): void {
    const row = this.row(type, id);
    if (row === undefined) return;
    for (const relationship of this.relationshipsOf(type)) {
      for (const related of members(row.links.get(relationship.name))) this.disconnect(type, id, relationship, related);
    }
    // A relationship without an inverse is not listed on this row: find the rows that name it.
    for (const owner of this.schema.types.values()) {
      for (const relationship of owner.relationships.values()) {
        if (relationship.target !== type || relationship.inverse !== undefined) continue;
        const slot = this.storeOf(owner.name).slots.get(relationship.name) ?? -1;
        const naming = new Set<Id>();
        for (const other of this.storeOf(owner.name).rows) if (linksTo(linkOf(other, slot), id)) naming.add(other.id);
        for (const [otherId, other] of this.localOf(owner.name)) if (other !== null) naming.add(otherId);
        for (const otherId of naming) {
          const other = this.row(owner.name, otherId);
          if (other !== undefined) this.detach(owner.name, otherId, other, relationship, id);
        }
      }
    }
    this.localOf(type).set(id, null);
    this.changed.get(type)?.delete(id);
    this.deletes = true;
  }

  /** Sets attribute values of a row. */
  assign(type: string, id: Id, attributes: Readonly<Record<string, unknown>>): void {
    const row = this.row(type, id);
    if (row === undefined) throw new Error(`No ${type} ${String(id)} in the draft`);
    for (const [name, value] of Object.entries(attributes)) row.values[name] = value;
    this.touch(type, id);
  }

  /** The related ids of a row's relationship. */
  linked(type: string, id: Id, relationship: ResolvedRelationship): readonly Id[] {
    return [...members(this.row(type, id)?.links.get(relationship.name))];
  }

  /** Links `id` to `related` along `relationship`, and `related` back along the inverse, displacing what a to-one side held. */
  connect(type: string, id: Id, relationship: ResolvedRelationship, related: Id): void {
    this.attach(type, id, relationship, related);
    const inverse = this.inverseOf(relationship);
    if (inverse !== undefined) this.attach(relationship.target, related, inverse, id);
  }

  /** Unlinks `id` and `related` along `relationship` and its inverse. */
  disconnect(type: string, id: Id, relationship: ResolvedRelationship, related: Id): void {
    const row = this.row(type, id);
    if (row !== undefined) this.detach(type, id, row, relationship, related);
    const inverse = this.inverseOf(relationship);
    const other = this.row(relationship.target, related);
    if (inverse !== undefined && other !== undefined) this.detach(relationship.target, related, other, inverse, id);
  }

  /** The draft as the records of a memory layer: every relationship given on both sides. */
  toData(): MemoryData {
    const data: Record<string, object[]> = {};
    for (const [type, typeStore] of this.store.types) {
      const local = this.localOf(type);
      const records: object[] = [];
      for (const stored of typeStore.rows) {
        const row = local.has(stored.id) ? local.get(stored.id) : this.row(type, stored.id);
        if (row !== null && row !== undefined) records.push(recordOf(row));
      }
      for (const [id, row] of local) if (row !== null && !typeStore.byId.has(id)) records.push(recordOf(row));
      data[type] = records;
    }
    return data;
  }

  /** A relationship's inverse, `undefined` for a relationship without one. */
  inverseOf(relationship: ResolvedRelationship): ResolvedRelationship | undefined {
    if (relationship.inverse === undefined) return undefined;
    return this.schema.types.get(relationship.target)?.relationships.get(relationship.inverse);
  }

  private attach(type: string, id: Id, relationship: ResolvedRelationship, related: Id): void {
    const row = this.row(type, id);
    if (row === undefined) return;
    const current = row.links.get(relationship.name);
    if (current instanceof Set) {
      if (!current.has(related)) {
        current.add(related);
        this.touch(type, id);
      }
      return;
    }
    if (current === related) return;
    if (current !== null && current !== undefined) this.disconnect(type, id, relationship, current);
    row.links.set(relationship.name, related);
    this.touch(type, id);
  }

  /** Drops `related` from a row's relationship; whether it was there. */
  private detach(type: string, id: Id, row: DraftRow, relationship: ResolvedRelationship, related: Id): boolean {
    const current = row.links.get(relationship.name);
    const held = current instanceof Set ? current.delete(related) : current === related;
    if (held && !(current instanceof Set)) row.links.set(relationship.name, null);
    if (held) this.touch(type, id);
    return held;
  }

  private touch(type: string, id: Id): void {
    this.changed.get(type)?.add(id);
  }

  private relationshipsOf(type: string): Iterable<ResolvedRelationship> {
    return this.schema.types.get(type)?.relationships.values() ?? [];
  }

  private localOf(type: string): Map<Id, DraftRow | null> {
    const rows = this.local.get(type);
    if (rows === undefined) throw new Error(`Unknown type "${type}"`);
    return rows;
  }

  private storeOf(type: string): TypeStore {
    const typeStore = this.store.types.get(type);
    if (typeStore === undefined) throw new Error(`Unknown type "${type}"`);
    return typeStore;
  }
}

/** A draft row as a record of the memory layer's data: its values and its relationships' ids. */
function recordOf({ values, links }: DraftRow): object {
  const record: Record<string, unknown> = { ...values };
  for (const [name, value] of links) {
    Object.defineProperty(record, name, { value: value instanceof Set ? [...value] : value, enumerable: true });
  }
  return record;
}

/** Whether a stored link slot holds the row with `id`. */
function linksTo(slot: LinkSlot | undefined, id: Id): boolean {
  if (slot === null || slot === undefined) return false;
  if (Array.isArray(slot)) return (slot as readonly StoredRow[]).some((row) => row.id === id);
  return (slot as StoredRow).id === id;
}

function draftRow(row: StoredRow, valueNames: readonly string[], relationshipNames: readonly string[]): DraftRow {
  const values: Record<string, unknown> = {};
  for (const name of valueNames) values[name] = row[name];
  const links = new Map<string, Id | null | Set<Id>>();
  relationshipNames.forEach((name, slot) => {
    const linked = linkOf(row, slot);
    links.set(name, Array.isArray(linked) ? new Set((linked as readonly StoredRow[]).map((related) => related.id)) : ((linked as StoredRow | null)?.id ?? null));
  });
  return { values, links };
}

function members(value: Id | null | Set<Id> | undefined): Iterable<Id> {
  if (value instanceof Set) return [...value];
  return value === null || value === undefined ? [] : [value];
}
