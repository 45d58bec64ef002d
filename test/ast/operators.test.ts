/**
 * `isOperator` (read by the conformance kit's skip table): the operators of the
 * specification's table, and no name an object inherits.
 */
import { describe, expect, it } from 'vitest';
import { OPERATORS, isOperator } from '../../src/ast/operators.js';

describe('isOperator', () => {
  it('accepts every operator of the table', () => {
    expect(OPERATORS.filter((name) => !isOperator(name))).toEqual([]);
  });

  it.each(['', 'EQ', 'in', '__proto__', 'toString', 'constructor', 'hasOwnProperty'])('refuses %j', (name) => {
    expect(isOperator(name)).toBe(false);
  });
});
