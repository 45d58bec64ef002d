/**
 * The statements of the SQL layer's reads: one page of rows with its count, and
 * whether an owner exists. Values are bound parameters; names come from the mapping.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Id, ReadRequest, Row } from '../data-layer.js';
import { compileFilter, type CompileContext, type TableScope } from './compile-filter.js';
import { compileSort } from './compile-sort.js';
import { aliasedTable, columnRef } from './relationship-sql.js';
import { selectPlan } from './row-codec.js';
import type { SqlExecutor } from './sql-executor.js';
import type { MappedType } from './sql-mapping.js';

/** The alias of the primary table of a statement. */
export const ROOT = 't0';

/**
 * Rows and total of the records of `scope.mapped` matching `conditions` and the
 * request's filter, sorted and paged (the count only when there is a page).
 *
 * @example
 * await readPage(db, compileContext(mapping, dialect, 's'), { mapped, alias: ROOT }, aliasedTable(mapped.table, ROOT), [], request, false);
 */
export async function readPage(
  executor: SqlExecutor,
  context: CompileContext,
  scope: TableScope,
  from: RawBuilder<unknown>,
  conditions: readonly RawBuilder<SqlBool>[],
  request: Omit<ReadRequest, 'type'>,
  idsOnly: boolean,
): Promise<{ rows: Row[]; total: number }> {
  const all = request.filter === null ? conditions : [...conditions, compileFilter(request.filter, scope, context)];
  const where = all.length === 0 ? sql`` : sql` where ${sql.join(all, sql` and `)}`;
  const sort = compileSort(request.sort, scope, context);
  const plan = selectPlan(scope.mapped, scope.alias, idsOnly ? [] : request.attributes);
  const joins = sort.joins.length === 0 ? sql`` : sql` ${sql.join(sort.joins, sql` `)}`;
  const orderBy = sort.orderBy === null ? sql`` : sql` order by ${sort.orderBy}`;
  const { limit, offset } = request;
  const paging =
    limit === null
      ? offset > 0
        ? sql` limit ${Number.MAX_SAFE_INTEGER} offset ${offset}`
        : sql``
      : sql` limit ${limit} offset ${offset}`;
  const rowsQuery = sql<Record<string, unknown>>`select ${sql.join(plan.columns)} from ${from}${joins}${where}${orderBy}${paging}`;
  const countQuery = sql<{ n: unknown }>`select count(*) as ${sql.id('n')} from ${from}${where}`;
  const [result, count] = await Promise.all([
    rowsQuery.execute(executor),
    limit === null ? undefined : countQuery.execute(executor),
  ]);
  const rows = result.rows.map((raw) => plan.decode(raw));
  const total = count === undefined ? offset + rows.length : Number(count.rows[0]?.n ?? 0);
  return { rows, total };
}

/**
 * Whether the record `id` of `owner` exists.
 *
 * @example
 * await ownerExists(db, person, '1'); // true
 */
export async function ownerExists(executor: SqlExecutor, owner: MappedType, id: Id): Promise<boolean> {
  const { rows } = await sql`select 1 as ${sql.id('x')} from ${aliasedTable(owner.table, ROOT)} where ${columnRef(ROOT, owner.primaryKey)} = ${id}`.execute(
    executor,
  );
  return rows.length > 0;
}

