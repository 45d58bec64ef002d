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
  closure: ({ kind, constant, codePoint }) => {
    const compare = codePoint ? codePointCompare : nativeCompare;
    const { holds } = ORDER[kind];
    return (value, constants) => holds(compare(value, constants[constant]));
  },
  source: ({ kind, constant, codePoint }, value, writer) => {
    const { token } = ORDER[kind];
    return codePoint ? `cps(${value}, ${writer.constant(constant)}) ${token} 0` : `${value} ${token} ${writer.constant(constant)}`;
  },
};

/** Every kind of value test (docs/memory-layer.md, "How it evaluates a query"). */
const VALUE_TEST_RULES = {
  eq: {
    closure: ({ constant }) => (value, constants) => value === constants[constant],
    source: ({ constant }, value, writer) => `${value} === ${writer.constant(constant)}`,
  },
  lt: order,
  le: order,
  gt: order,
  ge: order,
  between: {
    closure: ({ low, high, codePoint }) => {
      const compare = codePoint ? codePointCompare : nativeCompare;
      return (value, constants) => compare(value, constants[low]) >= 0 && compare(value, constants[high]) <= 0;
    },
    source: (test, value, writer) => {
      const { codePoint } = test;
      const [low, high] = [writer.constant(test.low), writer.constant(test.high)];
      return codePoint ? `cps(${value}, ${low}) >= 0 && cps(${value}, ${high}) <= 0` : `${value} >= ${low} && ${value} <= ${high}`;
    },
  },
  in: {
    closure: ({ constant }) => (value, constants) => (constants[constant] as ReadonlySet<unknown>).has(value),
    source: ({ constant }, value, writer) => `${writer.constant(constant)}.has(${value})`,
  },
  call: {
    closure: ({ constant }) => (value, constants) => (constants[constant] as (text: string) => boolean)(value as string),
    source: ({ constant }, value, writer) => `${writer.constant(constant)}(${value})`,
  },
  startswith: {
    closure: ({ constant }) => (value, constants) => (value as string).startsWith(constants[constant] as string),
    source: ({ constant }, value, writer) => `${value}.startsWith(${writer.constant(constant)})`,
  },
  endswith: {
    closure: ({ constant }) => (value, constants) => (value as string).endsWith(constants[constant] as string),
    source: ({ constant }, value, writer) => `${value}.endsWith(${writer.constant(constant)})`,
  },
} satisfies { readonly [K in ValueTest['kind']]: ValueTestRule<ValueTest & { readonly kind: K }> };

/**
 * The rule of a value test's kind. (TypeScript cannot correlate a union member with
 * the table entry of its kind; the table's type guarantees they match.)
 */
export function valueTestRule(test: ValueTest): ValueTestRule<ValueTest> {
  return VALUE_TEST_RULES[test.kind] as ValueTestRule<ValueTest>;
}
