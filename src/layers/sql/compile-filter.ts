/**
 * Compiles a filter tree of the QueryAST into one SQL condition: comparisons by
 * the operator table, `and`/`or`/`not` to any depth, `any`/`has` as correlated
 * `EXISTS` (true or false, never unknown).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AndNode, AnyNode, FilterNode, HasNode, OrNode } from '../../ast/filter-node.js';
import { foldFilter, type FilterFolder } from '../../ast/fold-filter.js';
import type { FieldOperator } from '../../ast/operators.js';
import type { ResolvedAttribute } from '../../schema/resolved-schema.js';
import { columnRef, existsSource } from './relationship-sql.js';
import type { SqlDialect } from './sql-dialect.js';
import {
  type MappedType,
  type ResolvedSqlMapping,
  requireMappedRelationship,
  requireMappedType,
} from './sql-mapping.js';
import { comparable, compareSql, type ColumnOperand, SQL_FALSE, SQL_TRUE } from './sql-operators.js';

/** What compiling needs beside the node: the mapping, the dialect, fresh aliases. */
export interface CompileContext {
  readonly mapping: ResolvedSqlMapping;
  readonly dialect: SqlDialect;
  /** A new table alias, unique within the statement. */
  nextAlias(): string;
}

/** The record a node is evaluated on: its mapped type and table alias. */
export interface TableScope {
  readonly mapped: MappedType;
  readonly alias: string;
}

/** A fresh compile context whose aliases are `prefix` followed by a counter. */
export function compileContext(mapping: ResolvedSqlMapping, dialect: SqlDialect, prefix: string): CompileContext {
  let counter = 0;
  return { mapping, dialect, nextAlias: () => `${prefix}${++counter}` };
}

/** The attribute (or `id`) of a mapped type and its column in the scope. */
export function fieldOperand(scope: TableScope, field: string): ColumnOperand {
  const { type, columns } = scope.mapped;
  const attribute: ResolvedAttribute | undefined = field === 'id' ? type.id : type.attributes.get(field);
  const column = columns.get(field);
  if (attribute === undefined || column === undefined) {
    throw new Error(`Unknown field "${field}" of type "${type.name}" (not in the schema)`);
  }
  return { attribute, column: columnRef(scope.alias, column) };
}

/** The SQL comparison symbol of each operator that compares two fields (`compare_fields`). */
const FIELD_COMPARISON_SYMBOLS = {
  eq: '=',
  ne: '<>',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
} as const satisfies Record<FieldOperator, string>;

type Compile = (node: FilterNode, scope: TableScope) => RawBuilder<SqlBool>;

/** `and`/`or` of the children; no child is `true` for `and`, `false` for `or`. */
function junction(word: 'and' | 'or', empty: RawBuilder<SqlBool>) {
  return (node: AndNode | OrNode, scope: TableScope, compile: Compile): RawBuilder<SqlBool> =>
    node.nodes.length === 0
      ? empty
      : sql<SqlBool>`(${sql.join(
          node.nodes.map((child) => compile(child, scope)),
          sql` ${sql.raw(word)} `,
        )})`;
}

function nodeCompilers(context: CompileContext): FilterFolder<RawBuilder<SqlBool>, TableScope> {
  const exists = (node: AnyNode | HasNode, scope: TableScope, compile: Compile): RawBuilder<SqlBool> =>
    compileExists(node.relationship, node.node, scope, context, compile);
  return {
    compare: (node, scope) => compareSql(fieldOperand(scope, node.field), node, context.dialect),
    compare_fields: (node, scope) => {
      const purpose = node.op === 'eq' || node.op === 'ne' ? 'equality' : 'order';
      const left = comparable(fieldOperand(scope, node.field), context.dialect, purpose);
      const right = comparable(fieldOperand(scope, node.other), context.dialect, purpose);
      return sql<SqlBool>`${left} ${sql.raw(FIELD_COMPARISON_SYMBOLS[node.op])} ${right}`;
    },
    and: junction('and', SQL_TRUE),
    or: junction('or', SQL_FALSE),
    not: (node, scope, compile) => sql<SqlBool>`not (${compile(node.node, scope)})`,
    any: exists,
    has: exists,
  };
}

function compileExists(
  relationshipName: string,
  node: FilterNode,
  scope: TableScope,
  context: CompileContext,
  compile: Compile,
): RawBuilder<SqlBool> {
  const relationship = requireMappedRelationship(scope.mapped, relationshipName);
  const target = requireMappedType(context.mapping, relationship.relationship.target);
  const alias = context.nextAlias();
  const { from, link } = existsSource(relationship, scope.mapped, scope.alias, target, alias);
  const condition = compile(node, { mapped: target, alias });
  return sql<SqlBool>`exists (select 1 from ${from} where ${link} and ${condition})`;
}

/** One SQL condition for a filter tree evaluated on the records of `scope`. */
export function compileFilter(node: FilterNode, scope: TableScope, context: CompileContext): RawBuilder<SqlBool> {
  return foldFilter(node, nodeCompilers(context), scope);
}
