/**
 * The rows of one type after writes, without copying the type's rows per write: the
 * rows of the last full build (in primary key order, with their index by id) and a
 * log of the rows written since, in write order. Successive stores share one log,
 * which only grows at its end; each store sees the entries that existed when it was
 * made, so a store held by a reader stays exactly as it was. A write costs the rows
 * it writes (a store that is not the newest copies the entries it sees first); the
 * rows in primary key order are built on first use, as a scan needs them. The
 * caller folds the log into a new build (`folded`) once it outweighs an eighth of
 * the rows, so a write costs a constant amount of copying, amortized.
 */
import type { Id } from '../data-layer.js';
import { indexById, mapKey } from './row-index.js';
import { linkOf, type RowsById, type StoredRow } from './store.js';

/** What successive stores share: entries only ever appended. */
interface Log {
  readonly rows: StoredRow[];
  /** Per entry, the entry of the previous version of the same row (`-1`: none in the log). */
  readonly previous: number[];
  /** Per id, its newest entry. */
  readonly latest: Map<Id, number>;
}

/**
 * Elements copied on the write path (log entries copied by a store that is not the
 * newest, rows copied by `folded`): what the tests count to show
 * that a write's cost does not grow with the store.
 */
export const rowLogCopies = { count: 0 };

/** The rows of one type by id, and in primary key order (`rows`). */
export class RowLog implements RowsById {
  #rows: readonly StoredRow[] | undefined;

  private constructor(
    private readonly base: readonly StoredRow[],
    private readonly baseIds: RowsById,
    private readonly compare: (a: Id, b: Id) => number,
    private readonly log: Log,
    /** How many of the log's entries this store sees. */
    private readonly seen: number,
    readonly size: number,
    /** The entries this store sees, each counted with its links: how much a fold saves. */
    readonly weight: number,
  ) {}

  /**
   * Built rows (in primary key order) and their index, with nothing written since.
   *
   * @example
   * const log = RowLog.of(typeStore.rows, typeStore.byId, idComparator('string'));
   * const next = log.with([newRow], typeStore.slots.size); // `log` is left as it was
   */
  static of(rows: readonly StoredRow[], byId: RowsById, compare: (a: Id, b: Id) => number): RowLog {
    return new RowLog(rows, byId, compare, { rows: [], previous: [], latest: new Map() }, 0, rows.length, 0);
  }

  /**
   * These rows with `written` (new rows, or new versions of rows by id, each id once,
   * with `slotCount` relationship slots) added; this store is left as it was.
   */
  with(written: readonly StoredRow[], slotCount: number): RowLog {
    const log = this.log.rows.length === this.seen ? this.log : this.forked();
    let { size, weight } = this;
    for (const row of written) {
      if (!this.has(row.id)) size++;
      weight += 1 + linkCount(row, slotCount);
      log.previous.push(log.latest.get(row.id) ?? -1);
      log.latest.set(row.id, log.rows.length);
      log.rows.push(row);
    }
    return new RowLog(this.base, this.baseIds, this.compare, log, log.rows.length, size, weight);
  }

  /** The same rows as a new build, with an empty log. */
  folded(): RowLog {
    const rows = this.rows;
    rowLogCopies.count += rows.length;
    return RowLog.of(rows, indexById(rows), this.compare);
  }

  /** The rows in primary key order, built on first use. */
  get rows(): readonly StoredRow[] {
    if (this.#rows === undefined) this.#rows = this.seen === 0 ? this.base : this.ordered();
    return this.#rows;
  }

  get(id: Id): StoredRow | undefined {
    let entry = this.log.latest.get(id) ?? -1;
    while (entry >= this.seen) entry = this.log.previous[entry] as number;
    return entry >= 0 ? this.log.rows[entry] : this.baseIds.get(id);
  }

  has(id: Id): boolean {
    return this.get(id) !== undefined;
  }

  /** The ids in primary key order (`-0` as `0`, as a `Map`'s keys). */
  *keys(): IterableIterator<Id> {
    for (const row of this.rows) yield mapKey(row.id);
  }

  /** The log's entries this store sees, as a log of their own (the shared one has grown past them). */
  private forked(): Log {
    const rows = this.log.rows.slice(0, this.seen);
    const previous = this.log.previous.slice(0, this.seen);
    const latest = new Map<Id, number>();
    rows.forEach((row, entry) => latest.set(row.id, entry));
    rowLogCopies.count += this.seen;
    return { rows, previous, latest };
  }

  /** The built rows with the newest version of each logged row in its place, new rows merged in by id. */
  private ordered(): StoredRow[] {
    const newest = new Map<Id, StoredRow>();
    for (let entry = this.seen - 1; entry >= 0; entry--) {
      const row = this.log.rows[entry] as StoredRow;
      if (!newest.has(row.id)) newest.set(row.id, row);
    }
    const rows = this.base.slice();
    const fresh: StoredRow[] = [];
    for (const [id, row] of newest) {
      if (this.baseIds.has(id)) rows[indexOf(rows, id, this.compare)] = row;
      else fresh.push(row);
    }
    if (fresh.length === 0) return rows;
    fresh.sort((a, b) => this.compare(a.id, b.id));
    return merged(rows, fresh, this.compare);
  }
}

/** How many rows a row links to. */
function linkCount(row: StoredRow, slotCount: number): number {
  let count = 0;
  for (let slot = 0; slot < slotCount; slot++) {
    const linked = linkOf(row, slot);
    count += linked === null ? 0 : Array.isArray(linked) ? linked.length : 1;
  }
  return count;
}

/** The index of the row with `id` in `rows` (in primary key order; the row is there). */
function indexOf(rows: readonly StoredRow[], id: Id, compare: (a: Id, b: Id) => number): number {
  let low = 0;
  let high = rows.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = compare((rows[middle] as StoredRow).id, id);
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  throw new Error(`No row ${String(id)} to replace`);
}

/** Two lists of rows in primary key order as one (no id in both). */
function merged(rows: readonly StoredRow[], fresh: readonly StoredRow[], compare: (a: Id, b: Id) => number): StoredRow[] {
  const last = rows.at(-1);
  if (last === undefined || compare((fresh[0] as StoredRow).id, last.id) > 0) return [...rows, ...fresh];
  const out: StoredRow[] = [];
  let next = 0;
  for (const row of rows) {
    while (next < fresh.length && compare((fresh[next] as StoredRow).id, row.id) < 0) out.push(fresh[next++] as StoredRow);
    out.push(row);
  }
  while (next < fresh.length) out.push(fresh[next++] as StoredRow);
  return out;
}
