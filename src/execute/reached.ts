/** Counting the distinct resources an include reaches, by type and id (as a string, so `1` and `'1'` are one). */
import type { Row } from '../layers/data-layer.js';

/** The distinct resources met so far, by type and id (as a string). */
export class Reached {
  private readonly byType = new Map<string, Set<string>>();
  size = 0;

  /** Adds a row of a type; whether it was not met before. */
  add(type: string, row: Row): boolean {
    const ids = this.idsOf(type);
    const before = ids.size;
    ids.add(String(row.id));
    this.size += ids.size - before;
    return ids.size > before;
  }

  addAll(type: string, rows: readonly Row[]): void {
    const ids = this.idsOf(type);
    const before = ids.size;
    for (const row of rows) ids.add(String(row.id));
    this.size += ids.size - before;
  }

  private idsOf(type: string): Set<string> {
    let ids = this.byType.get(type);
    if (ids === undefined) {
      ids = new Set();
      this.byType.set(type, ids);
    }
    return ids;
  }
}

/**
 * Whether the resources reached exceed a limit, counted by type and id. The rows
 * added bound that count from above, so they are only counted one by one once the
 * bound passes the limit (an include of a few rows never builds the sets).
 */
export class ReachedCount {
  private bound = 0;
  private readonly added: { readonly type: string; readonly rows: readonly Row[] }[] = [];
  private exact: Reached | undefined;

  constructor(private readonly limit: number) {}

  add(type: string, rows: readonly Row[]): void {
    this.bound += rows.length;
    if (this.exact === undefined) this.added.push({ type, rows });
    else this.exact.addAll(type, rows);
  }

  /** Whether more than `limit` distinct resources were added. */
  exceeded(): boolean {
    if (this.bound <= this.limit) return false;
    if (this.exact === undefined) {
      this.exact = new Reached();
      for (const { type, rows } of this.added) this.exact.addAll(type, rows);
    }
    return this.exact.size > this.limit;
  }
}
