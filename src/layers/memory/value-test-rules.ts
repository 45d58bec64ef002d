import type { ValueTest } from './query-plan.js';
import { codePointCompare, nativeCompare } from './sort-order.js';

/** A value test compiled to a closure: the field's non-null value and the query's constants. */
export type ValueHolds = (value: unknown, constants: readonly unknown[]) => boolean;

/** What the source side of a rule writes with. */
export interface ValueWriter {
  /** The variable of the generated code holding constant `index`. */
  constant(index: number): string;
}

/**
 * The rule of one kind of value test, written once with both evaluations side by
 * side: `closure` for the closure evaluation, `source` the expression of the
 * generated code on the (non-null) value expression `value`. Change one, change both.
 */
interface ValueTestRule<T extends ValueTest> {
  closure(test: T): ValueHolds;
  source(test: T, value: string, writer: ValueWriter): string;
}

/** Tests on the sign of a comparison, and their tokens in generated code. */
const ORDER = {
  lt: { holds: (sign: number) => sign < 0, token: '<' },
  le: { holds: (sign: number) => sign <= 0, token: '<=' },
  gt: { holds: (sign: number) => sign > 0, token: '>' },
  ge: { holds: (sign: number) => sign >= 0, token: '>=' },
} as const;

const order: ValueTestRule<ValueTest & { readonly kind: 'lt' | 'le' | 'gt' | 'ge' }> = {
  closure: ({ kind, c, codePoint }) => {
    const compare = codePoint ? codePointCompare : nativeCompare;
    const { holds } = ORDER[kind];
    return (value, constants) => holds(compare(value, constants[c]));
  },
  source: ({ kind, c, codePoint }, value, writer) => {
    const { token } = ORDER[kind];
    return codePoint ? `cps(${value}, ${writer.constant(c)}) ${token} 0` : `${value} ${token} ${writer.constant(c)}`;
  },
};

/** Every kind of value test (docs/memory-layer.md, "How it evaluates a query"). */
const VALUE_TEST_RULES = {
  eq: {
    closure: ({ c }) => (value, constants) => value === constants[c],
    source: ({ c }, value, writer) => `${value} === ${writer.constant(c)}`,
  },
  lt: order,
  le: order,
  gt: order,
  ge: order,
  between: {
    closure: ({ lo, hi, codePoint }) => {
      const compare = codePoint ? codePointCompare : nativeCompare;
      return (value, constants) => compare(value, constants[lo]) >= 0 && compare(value, constants[hi]) <= 0;
    },
    source: ({ lo, hi, codePoint }, value, writer) => {
      const [low, high] = [writer.constant(lo), writer.constant(hi)];
      return codePoint ? `cps(${value}, ${low}) >= 0 && cps(${value}, ${high}) <= 0` : `${value} >= ${low} && ${value} <= ${high}`;
    },
  },
  in: {
    closure: ({ c }) => (value, constants) => (constants[c] as ReadonlySet<unknown>).has(value),
    source: ({ c }, value, writer) => `${writer.constant(c)}.has(${value})`,
  },
  call: {
    closure: ({ c }) => (value, constants) => (constants[c] as (text: string) => boolean)(value as string),
    source: ({ c }, value, writer) => `${writer.constant(c)}(${value})`,
  },
  startswith: {
    closure: ({ c }) => (value, constants) => (value as string).startsWith(constants[c] as string),
    source: ({ c }, value, writer) => `${value}.startsWith(${writer.constant(c)})`,
  },
  endswith: {
    closure: ({ c }) => (value, constants) => (value as string).endsWith(constants[c] as string),
    source: ({ c }, value, writer) => `${value}.endsWith(${writer.constant(c)})`,
  },
} satisfies { readonly [K in ValueTest['kind']]: ValueTestRule<ValueTest & { readonly kind: K }> };

/**
 * The rule of a value test's kind. (TypeScript cannot correlate a union member with
 * the table entry of its kind; the table's type guarantees they match.)
 *
 * @example
 * valueTestRule({ kind: 'eq', c: 0, codePoint: false }).closure(test)('a', ['a']); // true
 */
export function valueTestRule(test: ValueTest): ValueTestRule<ValueTest> {
  return VALUE_TEST_RULES[test.kind] as ValueTestRule<ValueTest>;
}
