/**
 * A policy's row filter (`rowFilters`) as a condition of a statement whose rows are
 * already bounded by ids: an include's owner ids, a related read's owner.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FilterNode } from '../../ast/filter-node.js';
import { compileFilter, type CompileContext, type TableScope } from './compile-filter.js';

/**
 * The row filter compiled as any filter; on SQLite marked `likely(…)`, which changes
 * nothing but the plan: SQLite, without statistics until `ANALYZE` runs, would
 * otherwise read through an index on the filter's column (every row of a tenant, to
 * keep the few the ids name) instead of through the ids. PostgreSQL and MySQL/MariaDB
 * plan from their statistics and get the condition as it is.
 *
 * @example
 * rowFilterCondition(compareNode('tenant', 'eq', 't3'), { mapped: account, alias: 't0' }, context);
 * // SQLite: likely("t0"."tenant" collate binary = ?)
 */
export function rowFilterCondition(filter: FilterNode, scope: TableScope, context: CompileContext): RawBuilder<SqlBool> {
  const condition = compileFilter(filter, scope, context);
  return context.dialect.name === 'sqlite' ? sql<SqlBool>`likely(${condition})` : condition;
}
