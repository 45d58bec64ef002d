/**
 * The comparison operators as SQL: one small function per operator. Values are
 * always bound parameters; the operand is a column reference from the mapping.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { words } from '../../ast/match-words.js';
import type { ComparisonOperator } from '../../ast/operators.js';
import type { CompareValue } from '../../ast/filter-node.js';
import type { ResolvedAttribute } from '../../schema/resolved-schema.js';
import { literalTokens, lowerTokens, parsePattern, type PatternToken } from './like-pattern.js';
import type { SqlDialect } from './sql-dialect.js';

/** A column to compare, with what the schema says about it. */
export interface Operand {
  readonly column: Expression<unknown>;
  readonly attribute: ResolvedAttribute;
}

type OperatorCompiler = (operand: Operand, value: CompareValue, dialect: SqlDialect) => RawBuilder<SqlBool>;

/** Always true / always false, in a form every engine accepts anywhere a condition goes. */
export const SQL_TRUE = sql<SqlBool>`1 = 1`;
export const SQL_FALSE = sql<SqlBool>`1 = 0`;

/** A word of `match`: a run of letters and digits, lower-cased after splitting. */

/**
 * The column as compared: strings in code-point order (`equality` or `order`
 * purpose), other kinds as stored.
 */
export function comparable(operand: Operand, dialect: SqlDialect, purpose: 'equality' | 'order'): Expression<unknown> {
  return operand.attribute.kind === 'string' ? dialect.binary(operand.column, purpose) : operand.column;
}

/** A value as bound: booleans in the engine's form, the rest unchanged. */
export function encodeValue(value: unknown, dialect: SqlDialect): unknown {
  return typeof value === 'boolean' ? dialect.encodeBoolean(value) : value;
}

function compareWith(op: '=' | '<>' | '<' | '<=' | '>' | '>=', purpose: 'equality' | 'order'): OperatorCompiler {
  const operator = sql.raw(op);
  return (operand, value, dialect) =>
    sql<SqlBool>`${comparable(operand, dialect, purpose)} ${operator} ${encodeValue(value, dialect)}`;
}

function list(value: CompareValue): readonly unknown[] {
  return Array.isArray(value) ? (value as readonly unknown[]) : [value];
}

function text(value: CompareValue): string {
  return String(value);
}

function inList(negated: boolean): OperatorCompiler {
  return (operand, value, dialect) => {
    const items = list(value);
    // `in_ []` matches nothing and `notin_ []` everything, null fields included.
    if (items.length === 0) return negated ? SQL_TRUE : SQL_FALSE;
    const values = sql.join(items.map((item) => encodeValue(item, dialect)));
    const column = comparable(operand, dialect, 'equality');
    return negated ? sql<SqlBool>`${column} not in (${values})` : sql<SqlBool>`${column} in (${values})`;
  };
}

function isValue(negated: boolean): OperatorCompiler {
  return (operand, value) => {
    const { column } = operand;
    if (value === null) return negated ? sql<SqlBool>`${column} is not null` : sql<SqlBool>`${column} is null`;
    if (value === true) return negated ? sql<SqlBool>`${column} is not true` : sql<SqlBool>`${column} is true`;
    return negated ? sql<SqlBool>`${column} is not false` : sql<SqlBool>`${column} is false`;
  };
}

function not(condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`not (${condition})`;
}

function like(operand: Operand, value: CompareValue, dialect: SqlDialect): RawBuilder<SqlBool> {
  return dialect.like(operand.column, parsePattern(text(value)));
}

function ilike(operand: Operand, value: CompareValue, dialect: SqlDialect): RawBuilder<SqlBool> {
  const tokens = lowerTokens(parsePattern(text(value)));
  const against = {
    text: tokens.map((token) => (token.kind === 'text' ? token.text : '')).join(''),
    oneWildcard: tokens.some((token) => token.kind === 'one'),
  };
  return dialect.likeLowered(dialect.lower(operand.column, against), tokens);
}

const ANY: PatternToken = { kind: 'any' };

/**
 * Every comparison operator of the AST as SQL. Three-valued logic comes from SQL
 * itself: a null column makes every comparison unknown except `is_`/`isnot` and
 * the constant empty-list cases.
 */
export const SQL_OPERATORS = {
  eq: compareWith('=', 'equality'),
  ne: compareWith('<>', 'equality'),
  lt: compareWith('<', 'order'),
  le: compareWith('<=', 'order'),
  gt: compareWith('>', 'order'),
  ge: compareWith('>=', 'order'),
  between: (operand, value, dialect) => {
    const [low, high] = list(value);
    return sql<SqlBool>`${comparable(operand, dialect, 'order')} between ${encodeValue(low, dialect)} and ${encodeValue(high, dialect)}`;
  },
  in_: inList(false),
  notin_: inList(true),
  is_: isValue(false),
  isnot: isValue(true),
  like,
  ilike,
  notlike: (operand, value, dialect) => not(like(operand, value, dialect)),
  notilike: (operand, value, dialect) => not(ilike(operand, value, dialect)),
  startswith: (operand, value, dialect) => dialect.like(operand.column, [...literalTokens(text(value)), ANY]),
  endswith: (operand, value, dialect) => dialect.like(operand.column, [ANY, ...literalTokens(text(value))]),
  match: (operand, value, dialect) => {
    const wanted = [...new Set(words(text(value)))];
    // No words: true for every non-null value, unknown for null.
    if (wanted.length === 0) return sql<SqlBool>`${operand.column} = ${operand.column}`;
    return sql<SqlBool>`(${sql.join(
      wanted.map((word) => dialect.hasWord(operand.column, word)),
      sql` and `,
    )})`;
  },
} satisfies Record<ComparisonOperator, OperatorCompiler>;
