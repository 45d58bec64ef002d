/**
 * Statement timeouts per engine, as the `withStatementTimeout` hook of a dialect:
 * each runs `work` on an executor whose statements stop after `ms` milliseconds.
 */
import { sql } from 'kysely';
import type { SqlExecutor } from './sql-executor.js';

/** Runs `work` with a statement timeout of `ms`; `signal` may cancel the running statement. */
export type StatementTimeout = <T>(
  db: SqlExecutor,
  work: (executor: SqlExecutor) => Promise<T>,
  ms: number,
  signal: AbortSignal,
) => Promise<T>;

/**
 * PostgreSQL and PGlite: `statement_timeout` local to a transaction; on abort the
 * running statement is cancelled from another connection (never our own: PGlite
 * has one).
 */
export const postgresStatementTimeout: StatementTimeout = async (db, work, ms, signal) => {
  // When the connection dies, Kysely's rollback fails too and its error replaces the
  // statement's: keep the statement's, which says why (an administrator's terminate).
  let failure: { readonly error: unknown } | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      try {
        const { rows } = await sql<{ pid: unknown }>`select set_config('statement_timeout', ${String(ms)}, true), pg_backend_pid() as ${sql.id('pid')}`.execute(trx);
        const pid = Number(rows[0]?.pid);
        const cancel = (): void => {
          sql`select pg_cancel_backend(${pid}) where pg_backend_pid() <> ${pid}`.execute(db).catch(() => undefined);
        };
        signal.addEventListener('abort', cancel, { once: true });
        try {
          return await work(trx);
        } finally {
          signal.removeEventListener('abort', cancel);
        }
      } catch (error) {
        failure = { error };
        throw error;
      }
    });
  } catch (error) {
    throw failure === undefined ? error : failure.error;
  }
};

/** The session variable of a MySQL-family server, asked once per Kysely instance. */
const timeoutVariables = new WeakMap<SqlExecutor, Promise<'max_statement_time' | 'max_execution_time'>>();

/**
 * MySQL (`max_execution_time`, milliseconds) and MariaDB (`max_statement_time`,
 * seconds): set on one connection for the work, reset after.
 */
export const mysqlStatementTimeout: StatementTimeout = async (db, work, ms) => {
  let pending = timeoutVariables.get(db);
  if (pending === undefined) {
    pending = sql<{ v: string }>`select version() as v`
      .execute(db)
      .then(({ rows }) => (/mariadb/i.test(rows[0]?.v ?? '') ? 'max_statement_time' : 'max_execution_time'));
    timeoutVariables.set(db, pending);
  }
  const name = await pending;
  const variable = sql.raw(name);
  const value = name === 'max_statement_time' ? ms / 1000 : ms;
  return db.connection().execute(async (connection) => {
    await sql`set session ${variable} = ${value}`.execute(connection);
    const reset = (): Promise<unknown> => sql`set session ${variable} = 0`.execute(connection);
    const result = await work(connection).catch(async (error: unknown) => {
      // A connection that died cannot be reset: report why the work failed, not that.
      await reset().catch(() => undefined);
      throw error;
    });
    await reset();
    return result;
  });
};
