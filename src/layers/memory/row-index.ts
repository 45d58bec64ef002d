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
 * The hash is not keyed, so ids can be chosen to collide (a client creating resources
 * with ids of its own): a table where a lookup could walk more than `MAX_RUN` filled
 * slots is not kept, and the rows are indexed by a `Map` instead, whose hash the
 * JavaScript engine seeds at random (`indexById`).
 *
 * @example
 * const byId = indexById(rows);
 * byId.get('42'); // the row with id '42', or undefined
 */
export class RowIndex implements RowsById {
  readonly #rows: readonly StoredRow[];
  readonly #table: Int32Array;
  readonly #mask: number;

  /** The index of `rows` over `table`, as `indexById` built it. */
  constructor(rows: readonly StoredRow[], table: Int32Array) {
    this.#rows = rows;
    this.#table = table;
    this.#mask = table.length - 1;
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
 * The longest run of filled slots a table may have, so the most ids a lookup compares.
 * Ids as they come (sequential numbers or texts, UUIDs) stay under 64 at 3 million rows.
 */
export const MAX_RUN = 256;

/**
 * The rows of a type by id (ids distinct; `rows` must not change afterwards): a
 * `RowIndex`, or a `Map` when the ids collide so much that a lookup could compare more
 * than `MAX_RUN` of them.
 *
 * @example
 * indexById([{ id: '1' }, { id: '2' }]).get('2'); // { id: '2' }
 */
export function indexById(rows: readonly StoredRow[]): RowsById {
  let capacity = 8;
  while (capacity < rows.length * 1.5) capacity *= 2;
  const table = new Int32Array(capacity);
  const mask = capacity - 1;
  for (let position = 0; position < rows.length; position++) {
    let at = hashId((rows[position] as StoredRow).id) & mask;
    while (table[at] !== 0) at = (at + 1) & mask;
    table[at] = position + 1;
  }
  return longestRun(table) > MAX_RUN ? new Map(rows.map((row) => [row.id, row])) : new RowIndex(rows, table);
}

/** The most consecutive filled slots of a table, counted around its end (one slot is always empty). */
function longestRun(table: Int32Array): number {
  const start = table.indexOf(0);
  let longest = 0;
  let run = 0;
  for (let step = 1; step <= table.length; step++) {
    if (table[(start + step) % table.length] === 0) run = 0;
    else longest = Math.max(longest, ++run);
  }
  return longest;
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

/**
 * A 32-bit hash of an id: FNV-1a over a string's UTF-16 units; a number's two 32-bit halves mixed.
 *
 * @example
 * hashId('42') === hashId('42'); // true
 */
export function hashId(id: Id): number {
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
