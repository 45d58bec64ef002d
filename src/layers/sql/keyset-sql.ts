/**
 * The keyset window of a cursor page as SQL (docs/sql-layer.md): a condition the
 * sort index can use, and the sort key values of each row, selected beside it.
 * Comparisons use the very expressions ORDER BY uses; values are bound parameters.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { KeyValue } from '../../ast/query-ast.js';
import { flipDirection, nullsFirst, type Direction } from '../../rules/sort-direction.js';
import type { Keyset } from '../data-layer.js';
import type { CompiledSortKey } from './compile-sort.js';
import { decodeField } from './row-codec.js';
import type { SqlDialect } from './sql-dialect.js';
import { encodeValue, SQL_FALSE, SQL_TRUE } from './sql-operators.js';

type Condition = RawBuilder<SqlBool>;

/** Rows strictly after `value` on this key alone (nulls last ascending, first descending); `null`: none. */
function beyondValue(key: CompiledSortKey, direction: Direction, value: KeyValue, dialect: SqlDialect): Condition | null {
  if (value === null) {
    if (!nullsFirst(direction)) return null;
    return key.nullable ? sql<SqlBool>`${key.operand.column} is not null` : SQL_TRUE;
  }
  const bound = encodeValue(value, dialect);
  if (direction === 'desc') return sql<SqlBool>`${key.ordered} < ${bound}`;
  return key.nullable
    ? sql<SqlBool>`(${key.ordered} > ${bound} or ${key.operand.column} is null)`
    : sql<SqlBool>`${key.ordered} > ${bound}`;
}

/** Rows tied with `value` on this key (null ties with null). */
function tiedWith(key: CompiledSortKey, value: KeyValue, dialect: SqlDialect): Condition {
  if (value === null) return key.nullable ? sql<SqlBool>`${key.operand.column} is null` : SQL_FALSE;
  return sql<SqlBool>`${key.ordered} = ${encodeValue(value, dialect)}`;
}

/**
 * Rows at or after `value` on the first key, as a plain range an index scan can
 * start from; `null` where the null rules make it no range (ascending on a
 * nullable key, whose nulls come last), no bound (descending from null), or where
 * the exact condition is already one (`k is null and …` ascending from null).
 */
function leadingRange(key: CompiledSortKey, direction: Direction, value: KeyValue, dialect: SqlDialect): Condition | null {
  if (value === null) return null;
  if (direction === 'desc') return sql<SqlBool>`${key.ordered} <= ${encodeValue(value, dialect)}`;
  return key.nullable ? null : sql<SqlBool>`${key.ordered} >= ${encodeValue(value, dialect)}`;
}

/** `(k1, k2) > (c1, c2)` when every key sorts one way, no key or value is null and the engine compares rows well. */
function rowComparison(
  keys: readonly CompiledSortKey[],
  directions: readonly Direction[],
  values: readonly KeyValue[],
  dialect: SqlDialect,
): Condition | null {
  const direction = directions[0];
  if (dialect.rowValues !== true || keys.length < 2 || direction === undefined) return null;
  if (directions.some((other) => other !== direction) || keys.some((key) => key.nullable)) return null;
  if (values.some((value) => value === null)) return null;
  const left = sql.join(keys.map((key) => key.ordered));
  const right = sql.join(values.map((value) => encodeValue(value, dialect)));
  return direction === 'asc' ? sql<SqlBool>`(${left}) > (${right})` : sql<SqlBool>`(${left}) < (${right})`;
}

/** The expanded form: `k1 after c1 or (k1 tied c1 and k2 after c2) or …`. */
function expanded(
  keys: readonly CompiledSortKey[],
  directions: readonly Direction[],
  values: readonly KeyValue[],
  dialect: SqlDialect,
): Condition {
  const terms: Condition[] = [];
  const ties: Condition[] = [];
  keys.forEach((key, index) => {
    const value = values[index] ?? null;
    const beyond = beyondValue(key, directions[index] ?? 'asc', value, dialect);
    if (beyond !== null) terms.push(ties.length === 0 ? beyond : sql<SqlBool>`(${sql.join([...ties, beyond], sql` and `)})`);
    ties.push(tiedWith(key, value, dialect));
  });
  return terms.length === 0 ? SQL_FALSE : sql<SqlBool>`(${sql.join(terms, sql` or `)})`;
}

/** Rows strictly after `values` in the order of `keys`, read backwards when `flipped`. */
function beyondRow(
  keys: readonly CompiledSortKey[],
  values: readonly KeyValue[],
  flipped: boolean,
  dialect: SqlDialect,
): Condition[] {
  if (values.length !== keys.length) {
    throw new Error(`A keyset bound holds ${values.length} values for ${keys.length} sort keys`);
  }
  const directions = keys.map(({ direction }) => (flipped ? flipDirection(direction) : direction));
  const first = keys[0];
  const leading = first === undefined ? null : leadingRange(first, directions[0] ?? 'asc', values[0] ?? null, dialect);
  const rest = rowComparison(keys, directions, values, dialect) ?? expanded(keys, directions, values, dialect);
  return leading === null ? [rest] : [leading, rest];
}

/**
 * The conditions of a keyset window on the compiled sort keys: rows strictly after
 * `after` and strictly before `before`, each as a leading range on the first key
 * (where the null rules allow one) and the exact condition.
 */
export function keysetConditions(keys: readonly CompiledSortKey[], keyset: Keyset, dialect: SqlDialect): Condition[] {
  return [
    ...(keyset.after === undefined ? [] : beyondRow(keys, keyset.after, false, dialect)),
    ...(keyset.before === undefined ? [] : beyondRow(keys, keyset.before, true, dialect)),
  ];
}

/** The select list of a row's sort key values and how to read them back. */
export interface KeyPlan {
  readonly columns: readonly RawBuilder<unknown>[];
  decode(raw: Readonly<Record<string, unknown>>): KeyValue[];
}

/**
 * Selects the sort key values of each row as `k0`, `k1`, … (through the sort's
 * joins for dotted keys), decoded as the row's own values are.
 */
export function selectKeys(keys: readonly CompiledSortKey[]): KeyPlan {
  const decoders = keys.map((key) => decodeField(key.operand.attribute, key.isId));
  return {
    columns: keys.map((key, index) => sql`${key.operand.column} as ${sql.id(`k${index}`)}`),
    decode: (raw) => decoders.map((decode, index) => decode(raw[`k${index}`]) as KeyValue),
  };
}
