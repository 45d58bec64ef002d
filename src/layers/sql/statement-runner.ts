/**
 * How the SQL layer runs a compiled statement. By default through Kysely
 * (`executeQuery`). On SQLite, given the better-sqlite3 `Database` under the Kysely
 * instance (`createSqlLayer({ sqliteDatabase })`), the layer keeps its statements
 * prepared: Kysely's SQLite driver prepares every statement again, and preparing
 * one of the layer's statements costs SQLite more than running it (a create's
 * `insert … returning`, a read's page and count). The layer's texts repeat by
 * shape, never holding a value (statement-cache.ts, insert-statement.ts), so a
 * statement prepared once serves every later request of its shape.
 *
 * A prepared statement runs on the same connection, in turn with every other
 * statement of the Kysely instance: inside the transaction it belongs to, or else
 * while holding Kysely's connection (its executor's `provideConnection`), as Kysely
 * holds it to run a statement.
 * Statements run this way bypass the Kysely instance's `log` (a Kysely instance
 * with plugins always runs through Kysely, so a plugin sees every statement).
 */
import { type CompiledQuery, sql } from 'kysely';
import { LruCache } from '../lru-cache.js';
import type { SqlExecutor } from './sql-executor.js';
import type { RawResult } from './sql-read.js';
import { SqlSetupError } from './sql-setup-error.js';

/** Runs one compiled statement on `executor` (a Kysely instance or transaction). */
export type StatementRunner = (executor: SqlExecutor, statement: CompiledQuery) => Promise<RawResult>;

/** A prepared statement of a better-sqlite3 `Database` (or compatible). */
export interface PreparedSqliteStatement {
  /** Whether the statement returns rows (a `select`, or a write with `returning`). */
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
}

/** The part of a better-sqlite3 `Database` the layer prepares its statements with. */
export interface PreparableSqliteDatabase {
  prepare(sql: string): PreparedSqliteStatement;
  function(name: string, options: { deterministic: boolean }, implementation: () => unknown): unknown;
}

/** Runs every statement through Kysely. */
export const kyselyRunner: StatementRunner = (executor, statement) => executor.executeQuery<Record<string, unknown>>(statement);

/** A runner on prepared SQLite statements, and the check that its database is the Kysely instance's. */
export interface PreparedRunner {
  readonly run: StatementRunner;
  /**
   * Checks that the database given is the one under the Kysely instance (a function
   * registered on it answers a query sent through Kysely); rejects with a
   * `SqlSetupError` otherwise. Runs once; the first statement waits for it.
   */
  check(): Promise<void>;
}

/** Distinguishes the check functions of several layers on one database. */
let checks = 0;

/**
 * The runner of a layer over `db` whose statements are prepared on `database`,
 * keeping the `maxStatements` most recently used (0: every statement through Kysely).
 *
 * @example
 * const database = new Database('app.db');
 * const runner = preparedRunner(new Kysely({ dialect: new SqliteDialect({ database }) }), database, 256);
 * const { rows } = await runner.run(db, CompiledQuery.raw('select name from person where id = ?', ['1']));
 */
export function preparedRunner(db: SqlExecutor, database: PreparableSqliteDatabase, maxStatements: number): PreparedRunner {
  const statements = maxStatements === 0 ? undefined : new LruCache<string, PreparedSqliteStatement>(maxStatements);
  let checking: Promise<void> | undefined;
  let checked = false;

  const confirmed = (): void => {
    checked = true;
  };
  /** The check, run once at a time on the Kysely instance (it waits for the connection). */
  const check = (): Promise<void> => {
    checking ??= sameDatabase(db, database).then(confirmed, (error: unknown) => {
      checking = undefined;
      throw error;
    });
    return checking;
  };
  /** The check for a statement of `executor`: a transaction holds the connection, so it checks on it, apart. */
  const checkFor = (executor: SqlExecutor): Promise<void> =>
    executor.isTransaction ? sameDatabase(executor, database).then(confirmed) : check();

  /** Runs a statement prepared once while its text stays among the most recently used. */
  const runPrepared = (cache: LruCache<string, PreparedSqliteStatement>, { sql: text, parameters }: CompiledQuery): RawResult => {
    let statement = cache.get(text);
    if (statement === undefined) {
      statement = database.prepare(text);
      cache.set(text, statement);
    }
    if (statement.reader) return { rows: statement.all(parameters) as Record<string, unknown>[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };

  /** Runs `statement` prepared: a transaction holds the connection already; otherwise hold it as Kysely does to run a statement. */
  const runOn = (cache: LruCache<string, PreparedSqliteStatement>, executor: SqlExecutor, statement: CompiledQuery): Promise<RawResult> =>
    executor.isTransaction
      ? new Promise((resolve) => {
          resolve(runPrepared(cache, statement));
        })
      : executor.getExecutor().provideConnection(async () => runPrepared(cache, statement));

  // Not async: the promise of the statement is returned as it is, without one more promise around it.
  const run: StatementRunner = (executor, statement) => {
    if (statements === undefined || executor.getExecutor().plugins.length > 0) return kyselyRunner(executor, statement);
    return checked ? runOn(statements, executor, statement) : checkFor(executor).then(() => runOn(statements, executor, statement));
  };

  return { run, check };
}

/** Rejects with a `SqlSetupError` unless `database` is the database `executor` runs its statements on. */
async function sameDatabase(executor: SqlExecutor, database: PreparableSqliteDatabase): Promise<void> {
  const name = `jq_layer_check_${String(++checks)}`;
  const token = `${name}:${globalThis.crypto.randomUUID()}`;
  database.function(name, { deterministic: false }, () => token);
  let answer: unknown;
  try {
    ({ rows: [{ answer } = { answer: undefined }] } = await sql<{ answer: unknown }>`select ${sql.raw(name)}() as answer`.execute(executor));
  } catch {
    answer = undefined;
  }
  if (answer !== token) {
    throw new SqlSetupError([
      { message: 'sqliteDatabase is not the database under the Kysely instance: give the better-sqlite3 Database passed to its SqliteDialect' },
    ]);
  }
}
