/**
 * The rows of a type by id after a write, without copying the whole index: the
 * index before it (never changed) under a small map of the rows the writes since the
 * last copy replaced or added. The overlay is copied on each write and folded into
 * a new full index once it outgrows the square root of the index, so a write costs
 * about √n and a lookup two map reads.
 */
import type { Id } from '../data-layer.js';
import type { StoredRow } from './store.js';

/** An index of rows by id: `base` with `changes` over it. */
export class OverlaidIds implements ReadonlyMap<Id, StoredRow> {
  #flat: ReadonlyMap<Id, StoredRow> | undefined;

  private constructor(
    private readonly base: ReadonlyMap<Id, StoredRow>,
    private readonly changes: ReadonlyMap<Id, StoredRow>,
  ) {}

  /**
   * `index` with `rows` added or replaced; `index` is left as it was.
   *
   * @example
   * const next = OverlaidIds.over(typeStore.byId, [newRow]);
   */
  static over(index: ReadonlyMap<Id, StoredRow>, rows: readonly StoredRow[]): ReadonlyMap<Id, StoredRow> {
    const [base, earlier] = index instanceof OverlaidIds ? [index.base, index.changes] : [index, new Map<Id, StoredRow>()];
    const changes = new Map(earlier);
    for (const row of rows) changes.set(row.id, row);
    if (changes.size * changes.size <= base.size + 256) return new OverlaidIds(base, changes);
    const flat = new Map(base);
    for (const [id, row] of changes) flat.set(id, row);
    return flat;
  }

  get(id: Id): StoredRow | undefined {
    return this.changes.get(id) ?? this.base.get(id);
  }

  has(id: Id): boolean {
    return this.changes.has(id) || this.base.has(id);
  }

  get size(): number {
    return this.flat().size;
  }

  forEach(callback: (value: StoredRow, key: Id, map: ReadonlyMap<Id, StoredRow>) => void, thisArg?: unknown): void {
    for (const [id, row] of this.flat()) callback.call(thisArg, row, id, this);
  }

  entries(): MapIterator<[Id, StoredRow]> {
    return this.flat().entries();
  }

  keys(): MapIterator<Id> {
    return this.flat().keys();
  }

  values(): MapIterator<StoredRow> {
    return this.flat().values();
  }

  [Symbol.iterator](): MapIterator<[Id, StoredRow]> {
    return this.entries();
  }

  /** The whole index as one map, built on first use (iteration, `size`). */
  private flat(): ReadonlyMap<Id, StoredRow> {
    if (this.#flat === undefined) {
      const flat = new Map(this.base);
      for (const [id, row] of this.changes) flat.set(id, row);
      this.#flat = flat;
    }
    return this.#flat;
  }
}
