import type { Id } from '../data-layer.js';
import type { ResolvedType } from '../../schema/resolved-schema.js';
import { isCodeUnitSafe } from './code-point-order.js';
import type { FieldCodes, StoredRow, TypeStore } from './store.js';

/** Most distinct values a field's dictionary holds; a field with more is tested with a `Set`. */
const MAX_CODES = 65_536;

/**
 * The store of one type's loaded rows: whether a string field is code-unit safe,
 * and the derived columns, each built on first use (lower-cased values for
 * `ilike`, dictionary codes for set tests).
 */
export function typeStore({ type, rows, byId, slots, makeRow }: {
  readonly type: ResolvedType;
  readonly rows: readonly StoredRow[];
  /** The rows by id, or how to index them on first use. */
  readonly byId: ReadonlyMap<Id, StoredRow> | (() => ReadonlyMap<Id, StoredRow>);
  readonly slots: ReadonlyMap<string, number>;
  readonly makeRow?: (values: readonly unknown[]) => StoredRow;
}): TypeStore {
  const safe = new Map<string, boolean>();
  const lowered = new Map<string, readonly (string | null)[]>();
  const codes = new Map<string, FieldCodes | null>();
  return {
    type,
    rows,
    get byId() {
      if (typeof byId === 'function') byId = byId();
      return byId;
    },
    slots,
    ...(makeRow === undefined ? {} : { makeRow }),
    codeUnitSafe(field) {
      let found = safe.get(field);
      if (found === undefined) {
        found = rows.every((row) => typeof row[field] !== 'string' || isCodeUnitSafe(row[field] as string));
        safe.set(field, found);
      }
      return found;
    },
    lowered(field) {
      let column = lowered.get(field);
      if (column === undefined) {
        column = rows.map((row) => {
          const value = row[field];
          return typeof value === 'string' ? value.toLowerCase() : null;
        });
        lowered.set(field, column);
      }
      return column;
    },
    codes(field) {
      let found = codes.get(field);
      if (found === undefined) {
        found = codesOf(rows, field);
        codes.set(field, found);
      }
      return found;
    },
  };
}

/** A field's dictionary codes, or `null` when it has more than `MAX_CODES` distinct values. */
function codesOf(rows: readonly StoredRow[], field: string): FieldCodes | null {
  const dictionary = new Map<unknown, number>();
  const column = new Int32Array(rows.length);
  for (let position = 0; position < rows.length; position++) {
    const value = rows[position]?.[field];
    if (value === null || value === undefined) {
      column[position] = -1;
      continue;
    }
    let code = dictionary.get(value);
    if (code === undefined) {
      if (dictionary.size >= MAX_CODES) return null;
      dictionary.set(value, (code = dictionary.size));
    }
    column[position] = code;
  }
  return { column, dictionary };
}
