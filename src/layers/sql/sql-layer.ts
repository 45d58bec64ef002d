/**
 * The SQL data layer: evaluates QueryASTs with one statement per read (plus one
 * count), and applies write lists in one transaction each, on any Kysely instance
 * for PostgreSQL (and PGlite), MySQL/MariaDB or SQLite, with exactly the semantics
 * of the memory layer. Each call's statements
 * are compiled in their own module (read-page, read-one, read-related, read-included)
 * without a database, then run through the session (timeouts, cancellation, errors).
 */
import { andNode } from '../../ast/filter-factories.js';
import type { FilterNode } from '../../ast/filter-node.js';
import { OPERATORS, type Operator } from '../../ast/operators.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import type { Capabilities } from '../capabilities.js';
import type { DataLayer, LayerContext, WriteRequest, WriteResult } from '../data-layer.js';
import { applyOperations } from './apply-operations.js';
import { collectionRead } from './read-page.js';
import { includedRead } from './read-included.js';
import { oneRead } from './read-one.js';
import { linkageOf, relatedRead } from './read-related.js';
import { callRead, type SqlLayerCall, type SqlStatement } from './sql-layer-call.js';
import { detectDialect, dialectHooks, type SqlDialect, type SqlDialectName } from './sql-dialect.js';
import type { SqlExecutor } from './sql-executor.js';
import { type ResolvedSqlMapping, resolveSqlMapping, type SqlMapping } from './sql-mapping.js';
import { createSqlSession } from './sql-session.js';
import { runsAsOneStatement } from './single-statement.js';
import { createStatementCache } from './statement-cache.js';
import { kyselyRunner, type PreparableSqliteDatabase, preparedRunner, type PreparedRunner } from './statement-runner.js';
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
  /**
   * The most query shapes whose compiled collection-read statements are kept and run
   * again with new values as parameters (docs/sql-layer.md, "Statement cache"); the
   * least recently used is dropped first. Default 256; 0 compiles every read.
   */
  readonly statementCacheSize?: number;
  /**
   * SQLite only: the better-sqlite3 `Database` given to the Kysely instance's
   * `SqliteDialect`. With it the layer keeps the statements it runs most prepared
   * (reads of a cached shape, inserts; at most `statementCacheSize`, the least
   * recently used dropped first) instead of letting Kysely's driver prepare each
   * again, run on the same connection in turn with Kysely's own (docs/sql-layer.md,
   * "Prepared statements"). Those statements bypass the Kysely instance's `log`.
   * `verify()` checks it is the database under `db`.
   */
  readonly sqliteDatabase?: PreparableSqliteDatabase;
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
  /**
   * The statements `call` would run, compiled and not run: no database is touched.
   * Each is what the driver receives (through the Kysely instance's plugins), text
   * and bound parameters, in the order the layer sends them. `read` gives the page and
   * its count (when counted); `readRelated`/`readLinkage` the owner's existence check,
   * the page and its count; `readIncluded` one statement per `includeChunkSize` owner
   * ids, none for no ids. A request's includes depend on its page's rows: compile
   * each `readIncluded` call with the ids the executor passes (`explainQuery` lists
   * every call). A filter that lower-cases text compiles with the case rewrites the
   * engine reported at its first such read (or `verify()`); before that, with the
   * dialect's defaults. Statement timeouts add `BEGIN`, a `set_config` and `COMMIT`
   * (PostgreSQL) or `SET SESSION` (MySQL) around these; they are not listed.
   *
   * @example
   * const [page, count] = layer.compile({ method: 'read', request: { type: 'person', filter: null, sort, offset: 0, limit: 10 } });
   * page?.sql; // 'select "t0"."id" as "c0", … from "person" as "t0" order by "t0"."id" collate "C" asc limit $1 offset $2'
   * page?.parameters; // [10, 0]
   */
  compile(call: SqlLayerCall): SqlStatement[];
  /**
   * Applies a list of write operations in one transaction, all or nothing, as the
   * memory layer does (docs/sql-layer.md, "Writes"): ids of integer types are
   * generated by the database, of string types with `crypto.randomUUID()`.
   *
   * @example
   * const { ids } = await layer.apply({ operations: [createOperation('computer', { attributes: { serial: 'X1' }, relationships: {} })] }, { signal });
   */
  apply(request: WriteRequest, context: LayerContext): Promise<WriteResult>;
}

const ALL_OPERATORS: ReadonlySet<Operator> = new Set<Operator>(OPERATORS);
const ROW_FILTERS: Capabilities = { rowFilters: true };

/**
 * Creates the SQL data layer over a Kysely instance. The mapping is checked
 * against the schema here (a `SchemaError` names the type and field at fault);
 * `verify()` checks it against the database. On SQLite, call
 * `registerSqliteFunctions` on the connection first, and give it as `sqliteDatabase`.
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
  const cacheSize = options.statementCacheSize ?? 256;
  if (!(Number.isInteger(cacheSize) && cacheSize >= 0)) throw new Error('statementCacheSize must be an integer of 0 or more');
  const cache = createStatementCache(cacheSize);
  const prepared = preparedStatements(options, dialect.name, cacheSize);
  const session = createSqlSession(db, dialect, statementTimeoutMs, prepared?.run ?? kyselyRunner);
  return {
    dialect: dialect.name,
    mapping,
    operators: ALL_OPERATORS,
    // Row filters of include, related and linkage reads are conditions of their own statements.
    capabilities: ROW_FILTERS,
    async verify() {
      await session.prepare();
      await verifySqlSetup(db, mapping, session.hooks());
      await prepared?.check();
    },
    // Async, so that a request naming no mapped type or relationship rejects instead of throwing.
    read: async (request, context) => session.execute(context.signal, collectionRead(mapping, request, cache)),
    readOne: async (type, id, context) => session.execute(context.signal, oneRead(mapping, type, id)),
    readRelated: async (request, context) =>
      session.execute(context.signal, relatedRead(mapping, request, { idsOnly: false })),
    readLinkage: async (request, context) =>
      linkageOf(await session.execute(context.signal, relatedRead(mapping, request, { idsOnly: true }))),
    readIncluded: async (request, context) =>
      session.execute(context.signal, includedRead(mapping, request, { chunkSize })),
    apply: async (request, context) =>
      session.transact(
        context.signal,
        (transaction) =>
          applyOperations({ transaction, mapping, dialect: session.hooks(), signal: context.signal, runner: session.runner }, request),
        scopeFilters(mapping, request),
        runsAsOneStatement(request),
      ),
    compile: (call) =>
      session.compile(callRead(mapping, call, chunkSize)).statements.map(({ sql, parameters }) => ({ sql, parameters })),
  };
}

/** The runner on prepared statements of a layer given `sqliteDatabase`. */
function preparedStatements(options: SqlLayerOptions, dialect: SqlDialectName, maxStatements: number): PreparedRunner | undefined {
  const { sqliteDatabase } = options;
  if (sqliteDatabase === undefined) return undefined;
  if (dialect !== 'sqlite') throw new Error(`sqliteDatabase is for the 'sqlite' dialect; this layer's is '${dialect}'`);
  if (typeof sqliteDatabase.prepare !== 'function' || typeof sqliteDatabase.function !== 'function') {
    throw new Error('sqliteDatabase must be a better-sqlite3 Database (with prepare and function)');
  }
  return preparedRunner(options.db, sqliteDatabase, maxStatements);
}

/** Every type's scope and write permission filters of a write, as one node: the session prepares case folding when one lower-cases text. */
function scopeFilters(mapping: ResolvedSqlMapping, { scope, permits }: WriteRequest): FilterNode | null {
  if (scope === undefined && permits === undefined) return null;
  const changes = ['create', 'update', 'delete'] as const;
  const filters = [...mapping.types.keys()].flatMap((type) => [scope?.(type), ...changes.map((change) => permits?.(type, change))]);
  const given = filters.filter((filter): filter is FilterNode => filter !== undefined);
  return given.length === 0 ? null : andNode(given);
}
