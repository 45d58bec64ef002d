/**
 * A mutable copy of a memory store's records on which a list of operations is
 * applied: attribute values by row, and relationships kept on both sides of every
 * inverse pair, as a database keeps a foreign key and its reverse lookup consistent.
 * Once the list succeeds, the draft becomes the records of a new store.
 */
import type { Id } from '../data-layer.js';
import type { ResolvedRelationship, ResolvedSchema } from '../../schema/resolved-schema.js';
import type { MemoryData } from './load-store.js';
import { LINKS, type Store, type StoredRow } from './store.js';

/** One row of the draft: its values (`id` and attributes) and its relationships by name. */
export interface DraftRow {
  readonly values: Record<string, unknown>;
  readonly links: Map<string, Id | null | Set<Id>>;
}

/** The draft of a store: rows by type and id. */
export class WriteDraft {
  private readonly types = new Map<string, Map<Id, DraftRow>>();

  constructor(
    private readonly schema: ResolvedSchema,
    store: Store,
  ) {
    for (const [name, typeStore] of store.types) {
      const rows = new Map<Id, DraftRow>();
      const names = [...typeStore.slots.keys()];
      for (const row of typeStore.rows) rows.set(row.id, draftRow(row, ['id', ...typeStore.type.attributes.keys()], names));
      this.types.set(name, rows);
    }
  }

  /** A row, or `undefined` when there is none. */
  row(type: string, id: Id): DraftRow | undefined {
    return this.rowsOf(type).get(id);
  }

  /** Every id of a type. */
  ids(type: string): IterableIterator<Id> {
    return this.rowsOf(type).keys();
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
    this.rowsOf(type).set(id, { values, links });
  }

  /** Removes a row and unlinks it from every relationship that points at it. */
  remove(type: string, id: Id): void {
    const row = this.rowsOf(type).get(id);
    if (row === undefined) return;
    for (const relationship of this.relationshipsOf(type)) {
      for (const related of members(row.links.get(relationship.name))) this.disconnect(type, id, relationship, related);
    }
    for (const owner of this.schema.types.values()) {
      for (const relationship of owner.relationships.values()) {
        if (relationship.target !== type) continue;
        for (const other of this.rowsOf(owner.name).values()) detach(other, relationship, id);
      }
    }
    this.rowsOf(type).delete(id);
  }

  /** Sets attribute values of a row. */
  assign(type: string, id: Id, attributes: Readonly<Record<string, unknown>>): void {
    const row = this.rowsOf(type).get(id);
    if (row === undefined) throw new Error(`No ${type} ${String(id)} in the draft`);
    for (const [name, value] of Object.entries(attributes)) row.values[name] = value;
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
    if (row !== undefined) detach(row, relationship, related);
    const inverse = this.inverseOf(relationship);
    const other = this.row(relationship.target, related);
    if (inverse !== undefined && other !== undefined) detach(other, inverse, id);
  }

  /** The draft as the records of a memory layer: every relationship given on both sides. */
  toData(): MemoryData {
    const data: Record<string, object[]> = {};
    for (const [type, rows] of this.types) {
      data[type] = [...rows.values()].map(({ values, links }) => {
        const record: Record<string, unknown> = { ...values };
        for (const [name, value] of links) {
          Object.defineProperty(record, name, { value: value instanceof Set ? [...value] : value, enumerable: true });
        }
        return record;
      });
    }
    return data;
  }

  private attach(type: string, id: Id, relationship: ResolvedRelationship, related: Id): void {
    const row = this.row(type, id);
    if (row === undefined) return;
    const current = row.links.get(relationship.name);
    if (current instanceof Set) {
      current.add(related);
      return;
    }
    if (current === related) return;
    if (current !== null && current !== undefined) this.disconnect(type, id, relationship, current);
    row.links.set(relationship.name, related);
  }

  private inverseOf(relationship: ResolvedRelationship): ResolvedRelationship | undefined {
    if (relationship.inverse === undefined) return undefined;
    return this.schema.types.get(relationship.target)?.relationships.get(relationship.inverse);
  }

  private relationshipsOf(type: string): Iterable<ResolvedRelationship> {
    return this.schema.types.get(type)?.relationships.values() ?? [];
  }

  private rowsOf(type: string): Map<Id, DraftRow> {
    const rows = this.types.get(type);
    if (rows === undefined) throw new Error(`Unknown type "${type}"`);
    return rows;
  }
}

function draftRow(row: StoredRow, valueNames: readonly string[], relationshipNames: readonly string[]): DraftRow {
  const values: Record<string, unknown> = {};
  for (const name of valueNames) values[name] = row[name];
  const links = new Map<string, Id | null | Set<Id>>();
  relationshipNames.forEach((name, slot) => {
    const linked = row[LINKS][slot];
    links.set(name, Array.isArray(linked) ? new Set((linked as readonly StoredRow[]).map((related) => related.id)) : ((linked as StoredRow | null)?.id ?? null));
  });
  return { values, links };
}

function members(value: Id | null | Set<Id> | undefined): Iterable<Id> {
  if (value instanceof Set) return [...value];
  return value === null || value === undefined ? [] : [value];
}

function detach(row: DraftRow, relationship: ResolvedRelationship, related: Id): void {
  const current = row.links.get(relationship.name);
  if (current instanceof Set) current.delete(related);
  else if (current === related) row.links.set(relationship.name, null);
}
