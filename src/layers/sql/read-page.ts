/**
 * The statements of the SQL layer's reads: one page of rows with its count, and
 * whether an owner exists. Values are bound parameters; names come from the mapping.
 */
import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { KeyValue } from '../../ast/query-ast.js';
import type { Id, ReadRequest, Row } from '../data-layer.js';
import { compileContext, compileFilter, type CompileContext, type TableScope } from './compile-filter.js';
import { compileSort } from './compile-sort.js';
import { keysetConditions, selectKeys } from './keyset-sql.js';
import { aliasedTable, columnRef } from './relationship-sql.js';
import { selectPlan } from './row-codec.js';
import type { SqlExecutor } from './sql-executor.js';
import { type MappedType, requireMappedType, type ResolvedSqlMapping } from './sql-mapping.js';
import type { CompiledRead, RawResult, SqlRead } from './sql-read.js';
import { readShape } from './read-shape.js';
import type { StatementCache } from './statement-cache.js';

/** The alias of the primary table of a statement. */
export const ROOT = 't0';

/** One page of a read: the rows, the total unless `withTotal: false`, the keys for a keyset window. */
export interface PageResult {
  readonly rows: Row[];
  readonly total?: number;
  readonly totalEstimated?: boolean;
  readonly keys?: KeyValue[][];
}

/** What one page statement reads: whose rows, from where, under which conditions. */
export interface PageQuery {
  readonly scope: TableScope;
  /** The `from` clause: the scope's table, joined to a join table for a related read. */
  readonly from: RawBuilder<unknown>;
  /** Conditions beside the request's filter (a related read's link to its owner). */
  readonly conditions: readonly RawBuilder<SqlBool>[];
  readonly request: Omit<ReadRequest, 'type'>;
  /** Select the ids only (linkage), not the request's attributes. */
  readonly idsOnly: boolean;
}

function whereClause(conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`` : sql` where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The page statement: rows of `page.scope` matching its conditions and the request's
 * filter, inside its keyset window, sorted and paged, with each row's sort key values
 * when there is a window; then the count of the filter (not the window) when a page or
 * window narrows the rows, unless `withTotal` is `false`.
 */
export function compilePage(executor: SqlExecutor, context: CompileContext, page: PageQuery): CompiledRead<PageResult> {
  const { scope, from, conditions, request } = page;
  const filtered = request.filter === null ? conditions : [...conditions, compileFilter(request.filter, scope, context)];
  const sort = compileSort(request.sort, scope, context);
  const { keyset, limit, offset } = request;
  const window = keyset === undefined ? [] : keysetConditions(sort.keys, keyset, context.dialect);
  const plan = selectPlan(scope.mapped, scope.alias, page.idsOnly ? [] : request.attributes);
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
  const rowsQuery = sql`select ${sql.join(columns)} from ${from}${joins}${whereClause([...filtered, ...window])}${orderBy}${paging}`;
  const counted = request.withTotal !== false && (limit !== null || keyset !== undefined);
  const statements: CompiledQuery[] = [rowsQuery.compile(executor)];
  const estimate = counted ? estimatePlan(request.estimateAbove, context) : undefined;
  if (estimate === undefined) {
    if (counted) statements.push(sql`select count(*) as ${sql.id('n')} from ${from}${whereClause(filtered)}`.compile(executor));
  } else {
    statements.push(...estimate.statements(from, whereClause(filtered)).map((statement) => statement.compile(executor)));
  }
  return {
    statements,
    inOrder: false,
    decode: ([result, count, planned]) => {
      const raws = result?.rows ?? [];
      const rows = raws.map((raw) => plan.decode(raw));
      const exact =
        request.withTotal === false ? undefined : count === undefined ? offset + rows.length : Number(count.rows[0]?.['n'] ?? 0);
      const counts = exact === undefined ? {} : estimate === undefined || planned === undefined ? { total: exact } : estimate.decode(exact, planned);
      return {
        rows,
        ...counts,
        ...(keyPlan === undefined ? {} : { keys: raws.map((raw) => keyPlan.decode(raw)) }),
      };
    },
  };
}

/**
 * `count: 'estimated'` on PostgreSQL (and PGlite), as PostgREST: the count of the
 * filter stopped at `estimateAbove + 1` rows, beside the planner's estimate of the
 * same `select` (`EXPLAIN`, which plans and runs nothing). At or below the bound the
 * count is exact; above it the total is the planner's rows, never less than the bound
 * + 1 the stopped count has seen. Both run beside the page, so no round trip is added.
 * SQLite and MySQL/MariaDB have no planner estimate of a filtered `select` (SQLite's
 * plan has no row counts, MySQL's `rows` are rows examined, not matched): they count
 * exactly (docs/sql-layer.md, "Estimated counts").
 */
function estimatePlan(estimateAbove: number | undefined, context: CompileContext) {
  if (estimateAbove === undefined || context.dialect.name !== 'postgres') return undefined;
  const bound = estimateAbove + 1;
  return {
    statements: (from: RawBuilder<unknown>, where: RawBuilder<unknown>): RawBuilder<unknown>[] => [
      sql`select count(*) as ${sql.id('n')} from (select 1 as ${sql.id('x')} from ${from}${where} limit ${bound}) as ${sql.id('c')}`,
      sql`explain (format json) select 1 from ${from}${where}`,
    ],
    decode: (counted: number, planned: RawResult): { total: number; totalEstimated?: true } => {
      if (counted < bound) return { total: counted };
      return { total: Math.max(bound, plannedRows(planned)), totalEstimated: true };
    },
  };
}

/** The planner's row estimate of the top plan node of `EXPLAIN (FORMAT JSON)`; 0 when it cannot be read. */
function plannedRows(result: RawResult): number {
  const cell = Object.values(result.rows[0] ?? {})[0];
  const document: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const rows = Array.isArray(document) ? (document[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined)?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/**
 * A collection read (`GET /persons?…`): one page statement, and the count when
 * needed; through `cache` when given, its statements compiled once per shape.
 */
export function collectionRead(mapping: ResolvedSqlMapping, request: ReadRequest, cache?: StatementCache): SqlRead<PageResult> {
  const mapped = requireMappedType(mapping, request.type);
  const scope = { mapped, alias: ROOT };
  return {
    filter: request.filter,
    compile: (executor, dialect) => {
      const compile = (read: ReadRequest): CompiledRead<PageResult> =>
        compilePage(executor, compileContext(mapping, dialect, 's'), {
          scope,
          from: aliasedTable(mapped.table, ROOT),
          conditions: [],
          request: read,
          idsOnly: false,
        });
      return cache === undefined ? compile(request) : cache.compile(executor, readShape(request), dialect, compile, request);
    },
  };
}

/**
 * The statement asking whether the record `id` of `owner` exists (and meets
 * `condition`, on the owner aliased `ROOT`, when given); its answer is whether it returns a row.
 */
export function ownerExistsStatement(executor: SqlExecutor, owner: MappedType, id: Id, condition?: RawBuilder<SqlBool>): CompiledQuery {
  const byId = sql<SqlBool>`${columnRef(ROOT, owner.primaryKey)} = ${id}`;
  return sql`select 1 as ${sql.id('x')} from ${aliasedTable(owner.table, ROOT)}${whereClause(condition === undefined ? [byId] : [byId, condition])}`.compile(
    executor,
  );
}
