/**
 * The comparison operators as SQL: one small function per operator. Values are
 * always bound parameters; the operand is a column reference from the mapping.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { CompareNode } from '../../ast/filter-node.js';
import { lowerCasePattern } from '../../ast/like-pattern.js';
import type {
  ComparisonOperator,
  IsOperator,
  ListOperator,
  PatternOperator,
  ScalarOperator,
} from '../../ast/operators.js';
import type { ResolvedAttribute } from '../../schema/resolved-schema.js';
import { affixPattern } from './like-syntax.js';
import type { SqlDialect } from './sql-dialect.js';

/** A column to compare, with what the schema says about it. */
export interface ColumnOperand {
  readonly column: Expression<unknown>;
  readonly attribute: ResolvedAttribute;
}

/** The compare node shape whose operators include every operator of `O`. */
type CompareNodeOf<O extends ComparisonOperator> = CompareNode extends infer N
  ? N extends { readonly op: infer P }
    ? [O] extends [P]
      ? N
      : never
    : never
  : never;

type OperatorCompiler<O extends ComparisonOperator> = (
  operand: ColumnOperand,
  node: CompareNodeOf<O>,
  dialect: SqlDialect,
) => RawBuilder<SqlBool>;

/** Always true / always false, in a form every engine accepts anywhere a condition goes. */
export const SQL_TRUE = sql<SqlBool>`1 = 1`;
export const SQL_FALSE = sql<SqlBool>`1 = 0`;

/**
 * The column as compared: strings in code-point order (`equality` or `order`
 * purpose), other kinds as stored.
 */
export function comparable(operand: ColumnOperand, dialect: SqlDialect, purpose: 'equality' | 'order'): Expression<unknown> {
  return operand.attribute.kind === 'string' ? dialect.binary(operand.column, purpose) : operand.column;
}

/** A value as bound: booleans in the engine's form, the rest unchanged. */
export function encodeValue(value: unknown, dialect: SqlDialect): unknown {
  return typeof value === 'boolean' ? dialect.encodeBoolean(value) : value;
}

function compareWith(op: '=' | '<>' | '<' | '<=' | '>' | '>=', purpose: 'equality' | 'order'): OperatorCompiler<ScalarOperator> {
  const operator = sql.raw(op);
  return (operand, { value }, dialect) =>
    sql<SqlBool>`${comparable(operand, dialect, purpose)} ${operator} ${encodeValue(value, dialect)}`;
}

function inList(negated: boolean): OperatorCompiler<ListOperator> {
  return (operand, { value: items }, dialect) => {
    // `in_ []` matches nothing and `notin_ []` everything, null fields included.
    if (items.length === 0) return negated ? SQL_TRUE : SQL_FALSE;
    const values = sql.join(items.map((item) => encodeValue(item, dialect)));
    const column = comparable(operand, dialect, 'equality');
    return negated ? sql<SqlBool>`${column} not in (${values})` : sql<SqlBool>`${column} in (${values})`;
  };
}

function isValue(negated: boolean): OperatorCompiler<IsOperator> {
  return (operand, { value }) => {
    const { column } = operand;
    if (value === null) return negated ? sql<SqlBool>`${column} is not null` : sql<SqlBool>`${column} is null`;
    if (value === true) return negated ? sql<SqlBool>`${column} is not true` : sql<SqlBool>`${column} is true`;
    return negated ? sql<SqlBool>`${column} is not false` : sql<SqlBool>`${column} is false`;
  };
}

function not(condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`not (${condition})`;
}

function like(operand: ColumnOperand, { pattern }: CompareNodeOf<PatternOperator>, dialect: SqlDialect): RawBuilder<SqlBool> {
  return dialect.like(operand.column, pattern);
}

function ilike(operand: ColumnOperand, { pattern }: CompareNodeOf<PatternOperator>, dialect: SqlDialect): RawBuilder<SqlBool> {
  const tokens = lowerCasePattern(pattern);
  const against = {
    text: tokens.map((token) => (token.kind === 'text' ? token.text : '')).join(''),
    oneWildcard: tokens.some((token) => token.kind === 'one'),
  };
  return dialect.ilike?.(operand.column, tokens, against) ?? dialect.likeLowered(dialect.lower(operand.column, against), tokens);
}

/**
 * Every comparison operator of the AST as SQL. Three-valued logic comes from SQL
 * itself: a null column makes every comparison unknown except `is_`/`isnot` and
 * the constant empty-list cases.
 */
const SQL_OPERATORS = {
  eq: compareWith('=', 'equality'),
  ne: compareWith('<>', 'equality'),
  lt: compareWith('<', 'order'),
  le: compareWith('<=', 'order'),
  gt: compareWith('>', 'order'),
  ge: compareWith('>=', 'order'),
  between: (operand, { value: [low, high] }, dialect) => {
    return sql<SqlBool>`${comparable(operand, dialect, 'order')} between ${encodeValue(low, dialect)} and ${encodeValue(high, dialect)}`;
  },
  in_: inList(false),
  notin_: inList(true),
  is_: isValue(false),
  isnot: isValue(true),
  like,
  ilike,
  notlike: (operand, node, dialect) => not(like(operand, node, dialect)),
  notilike: (operand, node, dialect) => not(ilike(operand, node, dialect)),
  startswith: (operand, { op, value }, dialect) => dialect.like(operand.column, affixPattern(op, value)),
  endswith: (operand, { op, value }, dialect) => dialect.like(operand.column, affixPattern(op, value)),
  match: (operand, { words }, dialect) =>
    sql<SqlBool>`(${sql.join(
      words.map((word) => dialect.hasWord(operand.column, word)),
      sql` and `,
    )})`,
} satisfies { readonly [O in ComparisonOperator]: OperatorCompiler<O> };

/** The SQL condition of a compare node on its column. */
export function compareSql(operand: ColumnOperand, node: CompareNode, dialect: SqlDialect): RawBuilder<SqlBool> {
  // `SQL_OPERATORS[node.op]` takes the node of that operator; TypeScript cannot correlate the two.
  const compile = SQL_OPERATORS[node.op] as (operand: ColumnOperand, node: CompareNode, dialect: SqlDialect) => RawBuilder<SqlBool>;
  return compile(operand, node, dialect);
}
