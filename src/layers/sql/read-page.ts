/**
 * The statements of the SQL layer's reads: one page of rows with its count, and
 * whether an owner exists. Values are bound parameters; names come from the mapping.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { KeyValue } from '../../ast/query-ast.js';
import type { Id, ReadRequest, Row } from '../data-layer.js';
import { compileContext, compileFilter, type CompileContext, type TableScope } from './compile-filter.js';
import { compileSort } from './compile-sort.js';
import { keysetConditions, selectKeys } from './keyset-sql.js';
import { aliasedTable, columnRef } from './relationship-sql.js';
import { selectPlan } from './row-codec.js';
import type { SqlExecutor } from './sql-executor.js';
import { type MappedType, requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import type { SqlRead } from './sql-read.js';

/** The alias of the primary table of a statement. */
export const ROOT = 't0';

/** One page of a read: the rows, the total unless `withTotal: false`, the keys for a keyset window. */
export interface PageResult {
  readonly rows: Row[];
  readonly total?: number;
  readonly keys?: KeyValue[][];
}

function whereClause(conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`` : sql` where ${sql.join(conditions, sql` and `)}`;
}

/**
 * Rows of `scope.mapped` matching `conditions` and the request's filter, inside its
 * keyset window, sorted and paged; the count of the filter (not the window) when a
 * page or window narrows the rows, unless `withTotal` is `false`; each row's sort
 * key values when there is a window.
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
): Promise<PageResult> {
  const filtered = request.filter === null ? conditions : [...conditions, compileFilter(request.filter, scope, context)];
  const sort = compileSort(request.sort, scope, context);
  const { keyset, limit, offset } = request;
  const window = keyset === undefined ? [] : keysetConditions(sort.keys, keyset, context.dialect);
  const plan = selectPlan(scope.mapped, scope.alias, idsOnly ? [] : request.attributes);
  const keyPlan = keyset === undefined ? undefined : selectKeys(sort.keys);
  const columns = keyPlan === undefined ? plan.columns : [...plan.columns, ...keyPlan.columns];
  const joins = sort.joins.length === 0 ? sql`` : sql` ${sql.join(sort.joins, sql` `)}`;
  const orderBy = sort.orderBy === null ? sql`` : sql` order by ${sort.orderBy}`;
  const paging =
    limit === null
      ? offset > 0
        ? sql` limit ${Number.MAX_SAFE_INTEGER} offset ${offset}`
        : sql``
      : sql` limit ${limit} offset ${offset}`;
  const rowsQuery = sql<Record<string, unknown>>`select ${sql.join(columns)} from ${from}${joins}${whereClause([...filtered, ...window])}${orderBy}${paging}`;
  const countQuery = sql<{ n: unknown }>`select count(*) as ${sql.id('n')} from ${from}${whereClause(filtered)}`;
  const counted = request.withTotal !== false && (limit !== null || keyset !== undefined);
  const [result, count] = await Promise.all([rowsQuery.execute(executor), counted ? countQuery.execute(executor) : undefined]);
  const rows = result.rows.map((raw) => plan.decode(raw));
  const total =
    request.withTotal === false ? undefined : count === undefined ? offset + rows.length : Number(count.rows[0]?.n ?? 0);
  return {
    rows,
    ...(total === undefined ? {} : { total }),
    ...(keyPlan === undefined ? {} : { keys: result.rows.map((raw) => keyPlan.decode(raw)) }),
  };
}

/**
 * A collection read (`GET /persons?…`): one page statement, and the count when needed.
 *
 * @example
 * await session.execute(signal, collectionRead(mapping, request));
 */
export function collectionRead(mapping: ResolvedSqlMapping, request: ReadRequest): SqlRead<PageResult> {
  const mapped = requireMappedType(mapping, request.type);
  const scope = { mapped, alias: ROOT };
  return {
    filter: request.filter,
    run: (executor, dialect) =>
      readPage(executor, compileContext(mapping, dialect, 's'), scope, aliasedTable(mapped.table, ROOT), [], request, false),
  };
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

