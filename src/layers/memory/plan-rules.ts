import type { Row } from '../data-layer.js';
import { access, linkAccess } from './source-text.js';
import type { FilterPlan } from './query-plan.js';
import { codePointCompare, nativeCompare } from './sort-order.js';
import { linkKey, POSITION, type LinkSlot, type StoredRow } from './store.js';
import { valueTestRule, type ValueWriter } from './value-test-rules.js';

/** A predicate compiled once per shape; the query's constants are passed per call. */
export type BoundPredicate = (row: Row, constants: readonly unknown[]) => boolean;

/** What the source side of a rule writes with (the generated code's emitter). */
export interface PlanWriter extends ValueWriter {
  /** Emits a predicate function for a plan and returns its name. */
  predicate(plan: FilterPlan): string;
  /** Emits a helper function written by `source` (given its fresh name) and returns the name. */
  helper(source: (name: string) => string): string;
}

/**
 * The rule of one plan kind, written once with both evaluations side by side:
 * `closure` builds the closure evaluation (children through `compile`), `source`
 * the generated code's expression on row variable `row` (children through
 * `expression`). Change one, change both; the tests run both on every case.
 */
interface PlanRule<P extends FilterPlan> {
  closure(plan: P, compile: (plan: FilterPlan) => BoundPredicate): BoundPredicate;
  source(plan: P, row: string, writer: PlanWriter, expression: (plan: FilterPlan, row: string) => string): string;
}

type Rule<K extends FilterPlan['kind']> = PlanRule<FilterPlan & { readonly kind: K }>;

/** `!(…)` when the plan asks for the FALSE of a test. */
const polarity = (negate: boolean, holds: string): string => (negate ? `!(${holds})` : `(${holds})`);

const junction: Rule<'and' | 'or'> = {
  closure: ({ kind, items }, compile) => {
    const compiled = items.map(compile);
    return kind === 'and'
      ? (row, constants) => compiled.every((item) => item(row, constants))
      : (row, constants) => compiled.some((item) => item(row, constants));
  },
  source: ({ kind, items }, row, _, expression) => `(${items.map((item) => expression(item, row)).join(kind === 'and' ? ' && ' : ' || ')})`,
};

/** Operators of `compare_fields`: the test on the sign of a comparison, and its token. */
const FIELD_ORDER = {
  eq: { holds: (sign: number) => sign === 0, token: '===' },
  ne: { holds: (sign: number) => sign !== 0, token: '!==' },
  lt: { holds: (sign: number) => sign < 0, token: '<' },
  le: { holds: (sign: number) => sign <= 0, token: '<=' },
  gt: { holds: (sign: number) => sign > 0, token: '>' },
  ge: { holds: (sign: number) => sign >= 0, token: '>=' },
} as const;

/** Every plan kind (see `FilterPlan`). */
export const PLAN_RULES = {
  const: {
    closure: ({ value }) => () => value,
    source: ({ value }) => (value ? 'true' : 'false'),
  },
  and: junction,
  or: junction,
  is: {
    // The store holds null for a missing value, never undefined (load-store.ts).
    closure: ({ field, value, negate }) => (row) => (row[field] === value) !== negate,
    source: ({ field, value, negate }, row) =>
      polarity(negate, value === null ? `${access(row, field)} == null` : `${access(row, field)} === ${value ? 'true' : 'false'}`),
  },
  test: {
    closure: ({ field, nullable, negate, test }) => {
      const holds = valueTestRule(test).closure(test);
      // Stryker disable next-line ConditionalExpression: a fast path: a field that is not nullable never holds null
      if (!nullable) return (row, constants) => holds(row[field], constants) !== negate;
      return (row, constants) => {
        const value = row[field];
        return value !== null && holds(value, constants) !== negate;
      };
    },
    source: ({ field, nullable, negate, test }, row, writer) => {
      const value = access(row, field);
      const outcome = polarity(negate, valueTestRule(test).source(test, value, writer));
      return nullable ? `(${value} != null && ${outcome})` : outcome;
    },
  },
  lowered: {
    closure: ({ field, matcher, column, negate }) => (row, constants) => {
      if (row[field] === null) return false;
      const lowered = (constants[column] as readonly string[])[(row as StoredRow)[POSITION]] as string;
      return (constants[matcher] as (text: string) => boolean)(lowered) !== negate;
    },
    source: ({ field, nullable, matcher, column, negate }, row, writer) => {
      const holds = `${writer.constant(matcher)}(${writer.constant(column)}[${row}[P]])`;
      const outcome = negate ? `!${holds}` : holds;
      return nullable ? `(${access(row, field)} != null && ${outcome})` : outcome;
    },
  },
  member: {
    closure: ({ column, members, negate }) => {
      const wanted = negate ? 0 : 1;
      return (row, constants) =>
        (constants[members] as Uint8Array)[(constants[column] as Int32Array)[(row as StoredRow)[POSITION]] as number] === wanted;
    },
    source: ({ column, members, negate }, row, writer) =>
      `(${writer.constant(members)}[${writer.constant(column)}[${row}[P]]] === ${negate ? '0' : '1'})`,
  },
  fields: {
    closure: ({ field, other, op, codePoint, negate }) => {
      const compare = codePoint ? codePointCompare : nativeCompare;
      const { holds } = FIELD_ORDER[op];
      return (row) => {
        const [a, b] = [row[field], row[other]];
        if (a === null || b === null) return false;
        return holds(compare(a, b)) !== negate;
      };
    },
    source: ({ field, other, nullable, op, codePoint, negate }, row) => {
      const [a, b] = [access(row, field), access(row, other)];
      const { token } = FIELD_ORDER[op];
      const holds = codePoint ? `cps(${a}, ${b}) ${token} 0` : `${a} ${token} ${b}`;
      return nullable ? `(${a} != null && ${b} != null && ${polarity(negate, holds)})` : polarity(negate, holds);
    },
  },
  exists: {
    closure: ({ slot, toMany, item, negate }, compile) => {
      const holds = compile(item);
      const link = linkKey(slot);
      if (toMany) {
        return (row, constants) => ((row as unknown as Readonly<Record<symbol, LinkSlot>>)[link] as readonly StoredRow[]).some((other) => holds(other, constants)) !== negate;
      }
      return (row, constants) => {
        const related = (row as unknown as Readonly<Record<symbol, LinkSlot>>)[link] as StoredRow | null;
        return (related !== null && holds(related, constants)) !== negate;
      };
    },
    source: ({ slot, toMany, item, negate }, row, writer) => {
      const inner = writer.predicate(item);
      const name = writer.helper((fresh) =>
        toMany
          ? `function ${fresh}(r) { const a = ${linkAccess('r', slot)}; for (let i = 0; i < a.length; i++) { if (${inner}(a[i])) return true; } return false; }`
          : `function ${fresh}(r) { const t = ${linkAccess('r', slot)}; return t !== null && ${inner}(t); }`,
      );
      return negate ? `!${name}(${row})` : `${name}(${row})`;
    },
  },
} satisfies { readonly [K in FilterPlan['kind']]: Rule<K> };

/**
 * The rule of a plan's kind. (TypeScript cannot correlate a union member with the
 * table entry of its kind; the table's type guarantees they match.)
 */
export function planRule(plan: FilterPlan): PlanRule<FilterPlan> {
  return PLAN_RULES[plan.kind] as PlanRule<FilterPlan>;
}

/**
 * Compiles a filter plan into nested closures: the evaluation used where code
 * generation is forbidden (CSP) or disabled. Gives exactly the results of the
 * generated code (both come from `PLAN_RULES`).
 */
export function compilePredicate(plan: FilterPlan): BoundPredicate {
  return planRule(plan).closure(plan, compilePredicate);
}
