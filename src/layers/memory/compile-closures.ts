import type { Row } from '../data-layer.js';
import type { FilterPlan, ValueTest } from './query-plan.js';
import { codePointCompare, nativeCompare } from './sort-order.js';
import { LINKS, POSITION, type StoredRow } from './store.js';

/** A predicate compiled once per shape; the query's constants are passed per call. */
export type BoundPredicate = (row: Row, constants: readonly unknown[]) => boolean;


/**
 * Compiles a filter plan into nested closures: the evaluation used where code
 * generation is forbidden (CSP) or disabled. Gives exactly the results of the
 * generated code.
 *
 * @example
 * const predicate = compilePredicate(plan);
 * predicate(row, constants); // true or false
 */
export function compilePredicate(plan: FilterPlan): BoundPredicate {
  switch (plan.k) {
    case 'const': {
      const value = plan.value;
      return () => value;
    }
    case 'and': {
      const items = plan.items.map(compilePredicate);
      return (row, constants) => items.every((item) => item(row, constants));
    }
    case 'or': {
      const items = plan.items.map(compilePredicate);
      return (row, constants) => items.some((item) => item(row, constants));
    }
    case 'is': {
      const { field, value, negate } = plan;
      const holds = value === null ? (v: unknown) => v === null || v === undefined : (v: unknown) => v === value;
      return (row) => holds(row[field]) !== negate;
    }
    case 'test': {
      const { field, nullable, negate } = plan;
      const holds = compileTest(plan.test);
      if (!nullable) return (row, constants) => holds(row[field], constants) !== negate;
      return (row, constants) => {
        const value = row[field];
        return value !== null && value !== undefined && holds(value, constants) !== negate;
      };
    }
    case 'lowered': {
      const { field, matcher, column, negate } = plan;
      return (row, constants) => {
        const value = row[field];
        if (value === null || value === undefined) return false;
        const lowered = (constants[column] as readonly string[])[(row as StoredRow)[POSITION]] as string;
        return (constants[matcher] as (text: string) => boolean)(lowered) !== negate;
      };
    }
    case 'member': {
      const { column, members, negate } = plan;
      const wanted = negate ? 0 : 1;
      return (row, constants) => (constants[members] as Uint8Array)[(constants[column] as Int32Array)[(row as StoredRow)[POSITION]] as number] === wanted;
    }
    case 'fields': {
      const { field, other, op, negate } = plan;
      const compare = plan.codePoint ? codePointCompare : nativeCompare;
      const holds = ORDER_TESTS[op];
      return (row) => {
        const a = row[field];
        const b = row[other];
        if (a === null || a === undefined || b === null || b === undefined) return false;
        return holds(op === 'eq' || op === 'ne' ? (a === b ? 0 : 1) : compare(a, b)) !== negate;
      };
    }
    case 'exists': {
      const { slot, negate } = plan;
      const item = compilePredicate(plan.item);
      if (plan.toMany) {
        return (row, constants) => {
          const related = (row as StoredRow)[LINKS][slot] as readonly StoredRow[];
          return related.some((other) => item(other, constants)) !== negate;
        };
      }
      return (row, constants) => {
        const related = (row as StoredRow)[LINKS][slot] as StoredRow | null;
        return (related !== null && item(related, constants)) !== negate;
      };
    }
  }
}

/** Tests on the sign of a comparison (for `eq`/`ne` the "sign" is 0 when equal). */
const ORDER_TESTS = {
  eq: (sign: number) => sign === 0,
  ne: (sign: number) => sign !== 0,
  lt: (sign: number) => sign < 0,
  le: (sign: number) => sign <= 0,
  gt: (sign: number) => sign > 0,
  ge: (sign: number) => sign >= 0,
} as const;

function compileTest(test: ValueTest): (value: unknown, constants: readonly unknown[]) => boolean {
  switch (test.t) {
    case 'eq': {
      const { c } = test;
      return (value, constants) => value === constants[c];
    }
    case 'lt':
    case 'le':
    case 'gt':
    case 'ge': {
      const { c } = test;
      const compare = test.codePoint ? codePointCompare : nativeCompare;
      const holds = ORDER_TESTS[test.t];
      return (value, constants) => holds(compare(value, constants[c]));
    }
    case 'between': {
      const { lo, hi } = test;
      const compare = test.codePoint ? codePointCompare : nativeCompare;
      return (value, constants) => compare(value, constants[lo]) >= 0 && compare(value, constants[hi]) <= 0;
    }
    case 'in': {
      const { c } = test;
      return (value, constants) => (constants[c] as ReadonlySet<unknown>).has(value);
    }
    case 'call': {
      const { c } = test;
      return (value, constants) => (constants[c] as (text: string) => boolean)(value as string);
    }
    case 'startswith': {
      const { c } = test;
      return (value, constants) => (value as string).startsWith(constants[c] as string);
    }
    case 'endswith': {
      const { c } = test;
      return (value, constants) => (value as string).endsWith(constants[c] as string);
    }
  }
}
