import { OPERATORS, isOperator, type Operator } from '../../ast/operators.js';

/** The whole suites `skip` may name. */
const SUITES = ['examples', 'differential', 'writes', 'hooks'] as const;

/** `describeDataLayer`'s `skip` option, checked and split by kind of key. */
export interface SkipTable {
  /** The reason a case (by id) or a suite is skipped, if it is. */
  reasonFor(name: string): string | undefined;
  /** The first operator of `operators` that `skip` names, with its reason. */
  operatorReason(operators: readonly Operator[]): string | undefined;
  /** Operators `skip` names: left out of random queries. */
  readonly operators: ReadonlySet<Operator>;
}

/**
 * Checks the `skip` option: every key must be a case id, an operator or a suite
 * name, and every reason a non-empty string, so a typo never silently keeps a case.
 */
export function skipTable(skip: { readonly [key: string]: string } | undefined, caseIds: ReadonlySet<string>): SkipTable {
  const entries = new Map(Object.entries(skip ?? {}));
  for (const [key, reason] of entries) {
    if (!caseIds.has(key) && !isOperator(key) && !(SUITES as readonly string[]).includes(key)) {
      throw new Error(
        `describeDataLayer: skip key "${key}" is neither a case id, an operator (${OPERATORS.join(', ')}) nor a suite (${SUITES.join(', ')})`,
      );
    }
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new Error(`describeDataLayer: skip "${key}" needs a reason`);
    }
  }
  const operators = new Set(OPERATORS.filter((operator) => entries.has(operator)));
  return {
    reasonFor: (name) => entries.get(name),
    operatorReason: (used) => {
      const operator = used.find((candidate) => operators.has(candidate));
      return operator === undefined ? undefined : `operator ${operator}: ${entries.get(operator) ?? ''}`;
    },
    operators,
  };
}
