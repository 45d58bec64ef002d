import type { ResolvedType } from '../../schema/resolved-schema.js';
import { isCodeUnitSafe } from './code-point-order.js';
import { POSITION, type FieldCodes, type RowsById, type StoredRow, type TypeStore } from './store.js';

/** Most distinct values a field's dictionary holds; a field with more is tested with a `Set`. */
const MAX_CODES = 65_536;

/**
 * The store of one type's loaded rows: whether a string field is code-unit safe,
 * and the derived columns, each built on first use (lower-cased values for
 * `ilike`, dictionary codes for set tests).
 */
export function typeStore({ type, rows: given, byId, slots, makeRow, capacity: capacityGiven }: {
  readonly type: ResolvedType;
  /** The rows in primary key order, or how to order them on first use. */
  readonly rows: readonly StoredRow[] | (() => readonly StoredRow[]);
  /** The rows by id, or how to index them on first use. */
  readonly byId: RowsById | (() => RowsById);
  readonly slots: ReadonlyMap<string, number>;
  readonly makeRow?: (values: readonly unknown[]) => StoredRow;
  /** Above every row's `POSITION`; default: the number of rows (each row's position its index). */
  readonly capacity?: number;
}): TypeStore {
  const safe = new Map<string, boolean>();
  const lowered = new Map<string, readonly (string | null)[]>();
  const codes = new Map<string, FieldCodes | null>();
  let ordered = typeof given === 'function' ? undefined : given;
  const rowsOf = (): readonly StoredRow[] => (ordered ??= (given as () => readonly StoredRow[])());
  const capacity = capacityGiven ?? rowsOf().length;
  return {
    type,
    get rows() {
      return rowsOf();
    },
    get byId() {
      if (typeof byId === 'function') byId = byId();
      return byId;
    },
    slots,
    capacity,
    ...(makeRow === undefined ? {} : { makeRow }),
    codeUnitSafe(field) {
      let found = safe.get(field);
      if (found === undefined) {
        found = rowsOf().every((row) => typeof row[field] !== 'string' || isCodeUnitSafe(row[field] as string));
        safe.set(field, found);
      }
      return found;
    },
    lowered(field) {
      let column = lowered.get(field);
      if (column === undefined) {
        const values = new Array<string | null>(capacity).fill(null);
        for (const row of rowsOf()) {
          const value = row[field];
          if (typeof value === 'string') values[row[POSITION]] = value.toLowerCase();
        }
        column = values;
        lowered.set(field, column);
      }
      return column;
    },
    codes(field) {
      let found = codes.get(field);
      if (found === undefined) {
        found = codesOf(rowsOf(), field, capacity);
        codes.set(field, found);
      }
      return found;
    },
  };
}

/** A field's dictionary codes, or `null` when it has more than `MAX_CODES` distinct values. */
function codesOf(rows: readonly StoredRow[], field: string, capacity: number): FieldCodes | null {
  const dictionary = new Map<unknown, number>();
  const column = new Int32Array(capacity).fill(-1);
  for (const row of rows) {
    const value = row[field];
    const position = row[POSITION];
    if (value === null || value === undefined) continue;
    let code = dictionary.get(value);
    if (code === undefined) {
      if (dictionary.size >= MAX_CODES) return null;
      dictionary.set(value, (code = dictionary.size));
    }
    column[position] = code;
  }
  return { column, dictionary };
}
