/**
 * The records of a memory store in the shape the layer loads (`MemoryData`): per
 * type, in primary key order, each row's `id`, every attribute and the ids of every
 * relationship. Loading the snapshot gives the same store back.
 */
import type { Id } from '../data-layer.js';
import type { MemoryData } from './load-store.js';
import { linkOf, type LinkSlot, type Store } from './store.js';

/** Copies `store` out as plain records (see the module's comment). */
export function snapshotStore(store: Store): MemoryData {
  const data: Record<string, object[]> = {};
  for (const [name, typeStore] of store.types) {
    const relationships = [...typeStore.slots];
    data[name] = typeStore.rows.map((row) => {
      const record: Record<string, unknown> = { ...row };
      for (const [relationship, slot] of relationships) record[relationship] = linkedIds(linkOf(row, slot) ?? null);
      return record;
    });
  }
  return data;
}

function linkedIds(slot: LinkSlot): Id | null | Id[] {
  if (slot === null) return null;
  if (Array.isArray(slot)) return (slot as readonly { readonly id: Id }[]).map((row) => row.id);
  return (slot as { readonly id: Id }).id;
}
