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
export const postgresStatementTimeout: StatementTimeout = (db, work, ms, signal) =>
  db.transaction().execute(async (trx) => {
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
  });

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
    try {
      return await work(connection);
    } finally {
      await sql`set session ${variable} = 0`.execute(connection);
    }
  });
};
