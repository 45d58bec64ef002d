import type { FieldKind } from '../schema/resolved-schema.js';

/**
 * The comparison operators of the specification's table: they compare a field of
 * the current resource with a value (or, for the six ordering ones, with another field).
 */
export const COMPARISON_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'between',
  'in_',
  'notin_',
  'is_',
  'isnot',
  'like',
  'ilike',
  'notlike',
  'notilike',
  'startswith',
  'endswith',
  'match',
] as const;

/** `filter=[{"name":"name","op":"eq","val":"John"}]` → `'eq'`. */
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];

/** The relationship operators: `any` on to-many, `has` on to-one relationships. */
export const RELATIONSHIP_OPERATORS = ['any', 'has'] as const;

/** `filter=[{"name":"computers","op":"any","val":{...}}]` → `'any'`. */
export type RelationshipOperator = (typeof RELATIONSHIP_OPERATORS)[number];

/** Every operator of the specification's table. */
export type Operator = ComparisonOperator | RelationshipOperator;

/** Every operator of the specification's table, in its order. */
export const OPERATORS: readonly Operator[] = [...RELATIONSHIP_OPERATORS, ...COMPARISON_OPERATORS];

/** Operators that take a field on their right (`{"name":"a","op":"lt","field":"b"}`). */
export const FIELD_OPERATORS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;

/** `{"name":"a","op":"lt","field":"b"}` → `'lt'`. */
export type FieldOperator = (typeof FIELD_OPERATORS)[number];

/** The `like` family: patterns with `%`, `_` and `\` escapes. */
export type PatternOperator = 'like' | 'ilike' | 'notlike' | 'notilike';

/** Operators whose value is a non-empty string (patterns, literal prefixes and suffixes, words). */
export type TextOperator = PatternOperator | 'startswith' | 'endswith' | 'match';

/** Operators whose value is a list. */
export type ListOperator = 'in_' | 'notin_';

/** Operators whose value is `null`, `true` or `false` (SQL `IS`/`IS NOT`): never unknown. */
export type IsOperator = 'is_' | 'isnot';

/** Operators comparing with one scalar value (a `null` value makes the comparison unknown). */
export type ScalarOperator = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

const ordered = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'between', 'in_', 'notin_', 'is_', 'isnot'] as const;
const text = ['like', 'ilike', 'notlike', 'notilike', 'startswith', 'endswith', 'match'] as const;

/**
 * The published operator table: which comparison operators each field kind accepts.
 * A comparison with an operator not listed for the field's kind is a 400.
 *
 * @example
 * OPERATORS_BY_KIND.date.includes('like'); // false
 */
export const OPERATORS_BY_KIND = {
  string: [...ordered, ...text],
  number: ordered,
  date: ordered,
  boolean: ['eq', 'ne', 'in_', 'notin_', 'is_', 'isnot'],
} as const satisfies Record<FieldKind, readonly ComparisonOperator[]>;

/**
 * Tests whether a string names an operator of the specification, without ever
 * looking a client's text up on an object.
 */
export function isOperator(name: string): name is Operator {
  return (OPERATORS as readonly string[]).includes(name);
}
