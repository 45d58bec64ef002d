import type { KeyValue } from '../../ast/query-ast.js';
import { nullsFirst } from '../../rules/sort-direction.js';
import type { Row } from '../data-layer.js';
import { compareCodePoints } from './code-point-order.js';
import type { SortPlanKey } from './query-plan.js';
import { access, linkAccess } from './source-text.js';
import { linkKey, type LinkSlot, type StoredRow } from './store.js';

/** A compiled total order on rows. */
export type Comparator = (a: Row, b: Row) => number;

/** The order of a row against a keyset bound (one value per sort key): negative before, positive after. */
export type BoundComparator = (row: Row, bound: readonly KeyValue[]) => number;

/** Orders two non-null values of one kind. */
export type ValueCompare = (a: unknown, b: unknown) => number;

/** Native `<`: numbers, booleans, dates, and strings without units at or above U+D800. */
export const nativeCompare: ValueCompare = (a, b) => ((a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0);

/** Code-point order on strings. */
export const codePointCompare: ValueCompare = (a, b) => compareCodePoints(a as string, b as string);

/**
 * The rule of one sort key, written once: how a row gives its value (through
 * to-one links; an absent related row gives `null`) and how two values order
 * (nulls last ascending and first descending, strings by code point, the key's
 * direction). Rows are ordered by it, and keyset bounds are tested by it.
 */
interface KeyOrder {
  readonly read: (row: Row) => KeyValue;
  readonly compare: (x: unknown, y: unknown) => number;
}

/** The rule of one sort key (see `KeyOrder`). */
function keyOrder(key: SortPlanKey): KeyOrder {
  const { slots, field } = key;
  const linkKeys = slots.map((slot) => linkKey(slot));
  const read =
    // Stryker disable next-line ConditionalExpression: the direct read is a fast path; the walk over no slots reads the same
    slots.length === 0
      ? (row: Row) => (row[field] ?? null) as KeyValue
      : (row: Row) => {
          let current: StoredRow | null = row as StoredRow;
          for (const link of linkKeys) {
            current = (current as unknown as Readonly<Record<symbol, LinkSlot>>)[link] as StoredRow | null;
            if (current === null) return null;
          }
          return (current[field] ?? null) as KeyValue;
        };
  const order = key.codePoint ? codePointCompare : nativeCompare;
  const sign = key.desc ? -1 : 1;
  const nullSide = nullSideOf(key);
  const compare = (x: unknown, y: unknown): number => {
    // Values are KeyValues, never undefined: rows are read with `?? null`, bounds are decoded cursors or keys.
    if (x === null) return y === null ? 0 : nullSide;
    if (y === null) return -nullSide;
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: x === y is a fast path (order gives 0 for equal values); sign is ±1, so / is *
    return x === y ? 0 : order(x, y) * sign;
  };
  return { read, compare };
}

/**
 * The rule of one sort key: statements that return the order when the key
 * decides it (nulls last ascending and first descending, code points, direction),
 * comparing row `a`'s value with `other` (row `b`'s value, or a bound's value):
 * the generated side of `keyOrder`, kept next to it so the rule changes in one place.
 */
export function keyOrderSource(key: SortPlanKey, index: number, other: string): string {
  const read = (row: string): string => {
    // Stryker disable next-line ConditionalExpression: the direct access is a fast path; the walk over no slots reads the same
    if (key.slots.length === 0) return access(row, key.field);
    const steps = key.slots.map((slot) => `(t = ${linkAccess('t', slot)}) === null ? null : `).join('');
    return `(t = ${row}, ${steps}${access('t', key.field)})`;
  };
  const [x, y] = [`x${index}`, `y${index}`];
  const before = key.desc ? '1' : '-1';
  const after = key.desc ? '-1' : '1';
  const order = key.codePoint ? `return cps(${x}, ${y}) < 0 ? ${before} : ${after};` : `return ${x} < ${y} ? ${before} : ${after};`;
  const nullSide = nullSideOf(key);
  const statements = [
    `const ${x} = ${read('a')}, ${y} = ${other === 'b' ? read('b') : `${other}[${index}]`};`,
    `if (${x} == null) { if (${y} != null) return ${String(nullSide)}; }`,
    `else if (${y} == null) return ${String(-nullSide)};`,
    `else if (${x} !== ${y}) { ${order} }`,
  ];
  // Stryker disable next-line StringLiteral: each statement ends with ";" or "}", so the lines need no newline between them
  return statements.join('\n');
}

/** Where a null goes against a value on this key: -1 before it (descending), 1 after it (ascending). */
function nullSideOf(key: SortPlanKey): -1 | 1 {
  return nullsFirst(key.desc ? 'desc' : 'asc') ? -1 : 1;
}

/** Compiles sort keys into a comparator on rows. */
export function compileComparator(keys: readonly SortPlanKey[]): Comparator {
  const orders = keys.map(keyOrder);
  return (a, b) => {
    for (const { read, compare } of orders) {
      const order = compare(read(a), read(b));
      if (order !== 0) return order;
    }
    return 0;
  };
}

/**
 * Compiles sort keys into the comparison of a row with a keyset bound, by the
 * same rule as `compileComparator`: a row is inside `after` when the result is
 * positive, inside `before` when it is negative.
 */
export function compileBoundComparator(keys: readonly SortPlanKey[]): BoundComparator {
  const orders = keys.map(keyOrder);
  return (row, bound) => {
    for (let index = 0; index < orders.length; index++) {
      const { read, compare } = orders[index] as KeyOrder;
      const order = compare(read(row), bound[index]);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** Each row's sort key values, as the rows give them (`ReadResult.keys`). */
export function compileKeyReader(keys: readonly SortPlanKey[]): (rows: readonly Row[]) => KeyValue[][] {
  const reads = keys.map((key) => keyOrder(key).read);
  return (rows) => rows.map((row) => reads.map((read) => read(row)));
}
