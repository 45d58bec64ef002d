/**
 * The SQL data layer: evaluates QueryASTs with one statement per read (plus one
 * count), on any Kysely instance for PostgreSQL (and PGlite), MySQL/MariaDB or
 * SQLite, with exactly the semantics of the memory layer.
 */
import { sql, type SqlBool } from 'kysely';
import { OPERATORS, type Operator } from '../../ast/operators.js';
import type { SortKey } from '../../ast/query-ast.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { SqlExecutor } from './sql-executor.js';
import type { ResourceSchema } from '../../schema/schema.js';
import {
  type DataLayer,
  type Id,
  type IncludeRequest,
  type IncludeResult,
  type LayerContext,
  type ReadRequest,
  type ReadResult,
  type RelatedReadRequest,
  type Row,
} from '../data-layer.js';
import { compileContext, type TableScope } from './compile-filter.js';
import { ownerExists, readPage, ROOT } from './read-page.js';
import { createSqlSession } from './sql-session.js';
import { compileSort } from './compile-sort.js';
import { aliasedTable, columnRef, relatedSource } from './relationship-sql.js';
import { decodeId, selectPlan } from './row-codec.js';
import { detectDialect, dialectHooks, type SqlDialect, type SqlDialectName } from './sql-dialect.js';
import {
  requireMappedRelationship,
  requireMappedType,
  type ResolvedSqlMapping,
  resolveSqlMapping,
  type SqlMapping,
} from './sql-mapping.js';
import { verifySqlSetup } from './verify-setup.js';

/** Options of `createSqlLayer`. */
export interface SqlLayerOptions {
  /** Your Kysely instance; the layer never closes it. */
  readonly db: SqlExecutor;
  readonly schema: ResourceSchema;
  /** Tables, columns and foreign keys; every part defaults from the schema. */
  readonly mapping?: SqlMapping;
  /** Detected from the Kysely adapter when omitted; pass hooks (`mysqlDialect('utf8mb4_0900_bin')`) to tune one. */
  readonly dialect?: SqlDialectName | SqlDialect;
  /**
   * Cancels any statement running longer (PostgreSQL: `statement_timeout` in a
   * transaction, and an aborted signal cancels the running statement with
   * `pg_cancel_backend`; MySQL/MariaDB: `max_execution_time`/`max_statement_time`
   * on the connection). SQLite cannot interrupt a statement; ignored there.
   */
  readonly statementTimeoutMs?: number;
  /** Owner ids per `IN` list of an include query (larger sets are split). Default 5,000. */
  readonly includeChunkSize?: number;
}

/** The SQL data layer, with the resolved mapping and dialect it uses. */
export interface SqlLayer extends DataLayer {
  readonly dialect: SqlDialectName;
  readonly mapping: ResolvedSqlMapping;
  /**
   * Checks at start-up that every mapped table and column exists and the engine has
   * the functions the layer calls; rejects with a `SqlSetupError` naming each.
   *
   * @example
   * await layer.verify(); // SqlSetupError: column "vol_titel" of table "book" (book.title): no such column: vol_titel
   */
  verify(): Promise<void>;
}

const ALL_OPERATORS: ReadonlySet<Operator> = new Set<Operator>(OPERATORS);
const ID_ASC: readonly SortKey[] = [{ path: [], field: 'id', direction: 'asc' }];


/**
 * Creates the SQL data layer over a Kysely instance. The mapping is checked
 * against the schema here (a `SchemaError` names the type and field at fault);
 * `verify()` checks it against the database. On SQLite, call
 * `registerSqliteFunctions` on the connection first.
 *
 * @example
 * const db = new Kysely({ dialect: new PostgresDialect({ pool: new Pool({ connectionString }) }) });
 * const layer = createSqlLayer({ db, schema: exampleSchema, statementTimeoutMs: 5_000 });
 * const { rows, total } = await layer.read(
 *   { type: 'person', filter: null, sort: [{ path: [], field: 'id', direction: 'asc' }], offset: 0, limit: 30 },
 *   { signal: AbortSignal.timeout(10_000) },
 * );
 */
export function createSqlLayer(options: SqlLayerOptions): SqlLayer {
  const { db, statementTimeoutMs } = options;
  const mapping = resolveSqlMapping(resolveSchema(options.schema), options.mapping);
  const dialect =
    typeof options.dialect === 'object' ? options.dialect : dialectHooks(options.dialect ?? detectDialect(db));
  const chunkSize = options.includeChunkSize ?? 5_000;
  if (statementTimeoutMs !== undefined && !(Number.isInteger(statementTimeoutMs) && statementTimeoutMs > 0)) {
    throw new Error('statementTimeoutMs must be a positive integer');
  }
  const session = createSqlSession(db, dialect, statementTimeoutMs);
  const run = session.run;

  async function readRelatedRows(
    request: RelatedReadRequest,
    context: LayerContext,
    idsOnly: boolean,
  ): Promise<ReadResult | null> {
    const owner = requireMappedType(mapping, request.type);
    const relationship = requireMappedRelationship(owner, request.relationship);
    const target = requireMappedType(mapping, relationship.relationship.target);
    const { from, ownerKey } = relatedSource(relationship, owner, target, ROOT);
    const link = sql<SqlBool>`${ownerKey} = ${request.id}`;
    const scope: TableScope = { mapped: target, alias: ROOT };
    const toOne = !relationship.relationship.toMany;
    const page = toOne ? { filter: null, sort: ID_ASC, offset: 0, limit: null } : request;
    const pageRequest: Omit<ReadRequest, 'type'> =
      request.attributes === undefined ? page : { ...page, attributes: request.attributes };
    return run(context.signal, async (executor) => {
      const [exists, result] = await Promise.all([
        ownerExists(executor, owner, request.id),
        readPage(executor, compileContext(mapping, session.hooks(), 's'), scope, from, [link], pageRequest, idsOnly),
      ]);
      return exists ? result : null;
    }, pageRequest.filter);
  }

  return {
    dialect: dialect.name,
    mapping,
    operators: ALL_OPERATORS,
    async verify() {
      await session.prepare();
      await verifySqlSetup(db, mapping, session.hooks());
    },

    async read(request, context) {
      const mapped = requireMappedType(mapping, request.type);
      return run(context.signal, (executor) =>
        readPage(executor, compileContext(mapping, session.hooks(), 's'), { mapped, alias: ROOT }, aliasedTable(mapped.table, ROOT), [], request, false),
      request.filter);
    },

    async readOne(type, id, context) {
      const mapped = requireMappedType(mapping, type);
      const plan = selectPlan(mapped, ROOT);
      return run(context.signal, async (executor) => {
        const { rows } = await sql<Record<string, unknown>>`select ${sql.join(plan.columns)} from ${aliasedTable(mapped.table, ROOT)} where ${columnRef(ROOT, mapped.primaryKey)} = ${id}`.execute(
          executor,
        );
        const raw = rows[0];
        return raw === undefined ? null : plan.decode(raw);
      });
    },

    async readRelated(request, context) {
      return readRelatedRows(request, context, false);
    },

    async readLinkage(request, context) {
      const result = await readRelatedRows(request, context, true);
      if (result === null) return null;
      const { rows, ...counted } = result;
      return { ids: rows.map((row) => row.id), ...counted };
    },

    async readIncluded(request: IncludeRequest, context: LayerContext): Promise<IncludeResult> {
      const owner = requireMappedType(mapping, request.type);
      const relationship = requireMappedRelationship(owner, request.relationship);
      const target = requireMappedType(mapping, relationship.relationship.target);
      const { from, ownerKey } = relatedSource(relationship, owner, target, ROOT);
      const plan = selectPlan(target, ROOT, request.attributes);
      const sort = compileSort(ID_ASC, { mapped: target, alias: ROOT }, compileContext(mapping, session.hooks(), 's'));
      const orderBy = sort.orderBy === null ? sql`` : sql` order by ${sort.orderBy}`;
      const result = new Map<string, Row[]>(request.ids.map((id) => [String(id), []]));
      const ids = [...new Set(request.ids)];
      const chunks: Id[][] = [];
      for (let start = 0; start < ids.length; start += chunkSize) chunks.push(ids.slice(start, start + chunkSize));
      return run(context.signal, async (executor) => {
        for (const chunk of chunks) {
          const { rows } = await sql<Record<string, unknown>>`select ${ownerKey} as ${sql.id('o')}, ${sql.join(plan.columns)} from ${from} where ${ownerKey} in (${sql.join(chunk)})${orderBy}`.execute(
            executor,
          );
          for (const raw of rows) {
            result.get(String(decodeId(owner.type.id, raw['o'])))?.push(plan.decode(raw));
          }
        }
        return result;
      });
    },
  };
}
