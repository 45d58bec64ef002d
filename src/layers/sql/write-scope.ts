/**
 * The scope checks of a write list, inside its transaction: which of the resources
 * a list names exist and match their type's scope filter, compiled by the same
 * filter compiler as reads (docs/writes.md, "Writing a layer", rule 7).
 */
import { sql, type SqlBool } from 'kysely';
import type { FilterNode } from '../../ast/filter-node.js';
import type { Id } from '../data-layer.js';
import type { FilterMatch } from '../write-permissions.js';
import { compileContext, compileFilter } from './compile-filter.js';
import { aliasedTable, columnRef } from './relationship-sql.js';
import { decodeId } from './row-codec.js';
import type { SqlDialect } from './sql-dialect.js';
import type { SqlExecutor } from './sql-executor.js';
import { requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import { SQL_TRUE } from './sql-operators.js';

/** Ids per statement: far below every engine's limit of bound parameters. */
const IDS_PER_STATEMENT = 5_000;

/**
 * Which of `ids` of `type` exist, and which of them match `filter` (all of them for
 * no filter), as the rows are now in the transaction of `executor`. With `lock`, on
 * PostgreSQL and MySQL/MariaDB the rows stay locked until the transaction ends, so a
 * concurrent write cannot change whether they match between this check and the
 * list's writes (the write permission checks lock).
 */
export async function matchScope(
  executor: SqlExecutor,
  mapping: ResolvedSqlMapping,
  dialect: SqlDialect,
  type: string,
  ids: readonly Id[],
  filter: FilterNode | undefined,
  lock = false,
): Promise<FilterMatch> {
  const mapped = requireMappedType(mapping, type);
  const alias = 's0';
  const key = columnRef(alias, mapped.primaryKey);
  const condition = filter === undefined ? SQL_TRUE : compileFilter(filter, { mapped, alias }, compileContext(mapping, dialect, 's'));
  // Locked in key order until the list ends (PostgreSQL, MySQL/MariaDB): a row judged here
  // cannot change under the list before it writes (SQLite's write lock covers the whole list).
  const locking = lock && dialect.name !== 'sqlite' ? sql` order by ${key} for update` : sql``;
  const existing = new Set<Id>();
  const matching = new Set<Id>();
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const chunk = ids.slice(start, start + IDS_PER_STATEMENT);
    const { rows } = await sql<{ k: unknown; m: unknown }>`select ${key} as ${sql.id('k')}, case when ${sql<SqlBool>`${condition}`} then 1 else 0 end as ${sql.id('m')} from ${aliasedTable(mapped.table, alias)} where ${key} in (${sql.join(chunk)})${locking}`.execute(
      executor,
    );
    for (const row of rows) {
      const id = decodeId(mapped.type.id, row.k);
      existing.add(id);
      if (Number(row.m) === 1) matching.add(id);
    }
  }
  return { existing, matching };
}
