import type { Id, Row } from '../data-layer.js';
import type { ResolvedType } from '../../schema/resolved-schema.js';

/**
 * The keys of the hidden members of every stored row that hold its relationships,
 * one per relationship of the type (its slot, in declaration order), linked once at
 * load: the related row (or `null`) for a to-one relationship, the related rows in
 * primary key order for a to-many one. Members of the row itself rather than an
 * array beside it: a row then costs one object, not two. Every type shares the keys
 * by slot; `linkKey` makes them as slots are first used.
 */
export const LINK_KEYS: readonly symbol[] = [];

/**
 * The key of a relationship slot's hidden member (see `LINK_KEYS`).
 *
 * @example
 * const owner = (computer as unknown as Record<symbol, LinkSlot>)[linkKey(0)];
 */
export function linkKey(slot: number): symbol {
  const keys = LINK_KEYS as symbol[];
  while (keys.length <= slot) keys.push(Symbol(`jsonapi-query.link.${String(keys.length)}`));
  return keys[slot] as symbol;
}

/**
 * What a stored row links to in one slot.
 *
 * @example
 * const computers = linkOf(person, 0) as readonly StoredRow[];
 */
export function linkOf(row: StoredRow, slot: number): LinkSlot {
  return (row as unknown as Readonly<Record<symbol, LinkSlot>>)[linkKey(slot)] as LinkSlot;
}

/** The key of the hidden member holding a row's position: its index in its type's derived columns, unique in the type. */
export const POSITION: unique symbol = Symbol('jsonapi-query.position');

/** What one relationship slot of a row holds. */
export type LinkSlot = StoredRow | null | readonly StoredRow[];

/** A stored row: `id` and every attribute, plus the hidden links (`linkOf`) and position. */
export interface StoredRow extends Row {
  readonly [POSITION]: number;
}

/** A type's rows by id: what the layer asks of its index (a `Map` answers it too). */
export interface RowsById {
  readonly size: number;
  get(id: Id): StoredRow | undefined;
  has(id: Id): boolean;
  keys(): Iterable<Id>;
}

/** The rows of one type, in primary key order, with their lookup tables. */
export interface TypeStore {
  readonly type: ResolvedType;
  readonly rows: readonly StoredRow[];
  readonly byId: RowsById;
  /** Relationship name → slot (`linkOf(row, slot)`). */
  readonly slots: ReadonlyMap<string, number>;
  /**
   * Every row's `POSITION` is below it; positions are unique within the type (after
   * a load, each row's index in `rows`; a write gives a new row the next one).
   */
  readonly capacity: number;
  /**
   * A new row of the type from its values (`id`, then every attribute in declaration
   * order), of the same class as the loaded rows (so scans stay monomorphic); its
   * links and position are set by the caller, which then freezes it. Absent on a
   * store the layer never writes (a fallback's gathered rows).
   */
  readonly makeRow?: (values: readonly unknown[]) => StoredRow;
  /**
   * Whether none of a string field's values (`id` included) holds a UTF-16 unit at or
   * above U+D800: native `<` then gives code-point order against it. Checked once
   * per field, on first use.
   */
  codeUnitSafe(field: string): boolean;
  /** Lower-cased values of a string field by row `POSITION`, built on first use (`ilike`). */
  lowered(field: string): readonly (string | null)[];
  /** A field's dictionary codes, built on first use (set tests); `null` for a field with too many distinct values. */
  codes(field: string): FieldCodes | null;
}

/**
 * A field dictionary-encoded: each row's value as a small integer (`-1` for null)
 * by row `POSITION`, so a set test is two array reads instead of a hash lookup.
 */
export interface FieldCodes {
  readonly column: Int32Array;
  readonly dictionary: ReadonlyMap<unknown, number>;
}

/** Everything the layer holds. */
export interface Store {
  readonly types: ReadonlyMap<string, TypeStore>;
}
