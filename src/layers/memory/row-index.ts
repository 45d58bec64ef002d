import type { Id } from '../data-layer.js';
import type { RowsById, StoredRow } from './store.js';

/**
 * A type's rows by id in a hash table of positions: open addressing over an
 * `Int32Array` (a row's index in `rows` plus one; `0` is an empty slot), at most two
 * thirds full. A `Map` of the same rows costs about 38 bytes a row (three words an
 * entry, its table rounded up to a power of two); this table 6–11. A lookup hashes
 * the id and compares ids with `===`, so it finds exactly what the `Map` found (an
 * id of the other type finds nothing, `-0` finds `0`).
 *
 * @example
 * const byId = new RowIndex(rows);
 * byId.get('42'); // the row with id '42', or undefined
 */
export class RowIndex implements RowsById {
  readonly #rows: readonly StoredRow[];
  readonly #table: Int32Array;
  readonly #mask: number;

  /** Indexes `rows` (ids distinct), which must not change afterwards. */
  constructor(rows: readonly StoredRow[]) {
    let capacity = 8;
    while (capacity < rows.length * 1.5) capacity *= 2;
    const table = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let position = 0; position < rows.length; position++) {
      let at = hashId((rows[position] as StoredRow).id) & mask;
      while (table[at] !== 0) at = (at + 1) & mask;
      table[at] = position + 1;
    }
    this.#rows = rows;
    this.#table = table;
    this.#mask = mask;
  }

  get size(): number {
    return this.#rows.length;
  }

  get(id: Id): StoredRow | undefined {
    const table = this.#table;
    const mask = this.#mask;
    let at = hashId(id) & mask;
    for (let entry = table[at] as number; entry !== 0; entry = table[at] as number) {
      const row = this.#rows[entry - 1] as StoredRow;
      if (row.id === id) return row;
      at = (at + 1) & mask;
    }
    return undefined;
  }

  has(id: Id): boolean {
    return this.get(id) !== undefined;
  }

  /** The ids in the order of the rows (`-0` as `0`, as a `Map`'s keys). */
  *keys(): IterableIterator<Id> {
    for (const row of this.#rows) yield mapKey(row.id);
  }
}

/**
 * An id as a `Map` holds it as a key: `-0` becomes `0`.
 *
 * @example
 * mapKey(-0); // 0
 */
export function mapKey(id: Id): Id {
  return id === 0 ? 0 : id;
}

/** A 32-bit hash of an id: FNV-1a over a string's UTF-16 units; a number's two 32-bit halves mixed. */
function hashId(id: Id): number {
  let hash: number;
  if (typeof id === 'number') {
    // `| 0` maps -0, NaN and the infinities to 0: they hash, and then compare unequal to every id (or equal, -0 to 0).
    hash = Math.imul((id | 0) ^ (Math.floor(id / 4_294_967_296) | 0), 0x9e_37_79_b1);
  } else {
    hash = 0x81_1c_9d_c5;
    for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01_00_01_93);
  }
  return hash ^ (hash >>> 15);
}
