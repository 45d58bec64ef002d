/**
 * Keeps a dropped database connection from killing the process. `pg` and `mysql2`
 * report a connection the server ended (an administrator's terminate or `KILL`, a
 * restart, a failover, an idle timeout) as an `'error'` event: on the pool for an
 * idle `pg` client, on the client or connection itself while it is checked out. An
 * `'error'` event nobody listens to throws, and Node exits. The guard listens on the
 * pool and on every connection the pool opens; the statement that was running
 * still fails (a 503 through the SQL layer), the pool drops the dead connection and
 * opens a new one for the next request.
 */

/** What the guard needs of a pool: `pg`'s `Pool` and `mysql2`'s `createPool()` both fit. */
export interface GuardablePool {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/** A connection as the pool's `connect` (`pg`) or `connection` (`mysql2`) event hands it over. */
interface PooledConnection {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Options of `guardPool`. */
export interface GuardPoolOptions {
  /** Told of each connection error the guard catches, once (to log it); default: nothing. */
  readonly onError?: (error: Error) => void;
}

/**
 * Listens for `'error'` on `pool` and on each connection it opens, so that a
 * connection the database ends never crashes the process. Call it on the pool
 * before the first query, and hand the pool to Kysely. Returns `pool`.
 *
 * @example
 * const pool = guardPool(new pg.Pool({ connectionString }));
 * const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
 * // mysql2: guardPool(createPool({ uri, charset: 'utf8mb4' }))
 */
export function guardPool<P extends GuardablePool>(pool: P, options: GuardPoolOptions = {}): P {
  // pg re-emits an idle client's error on the pool: report each error once.
  const reported = new WeakSet<object>();
  const onError = (error: unknown): void => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    try {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // A failing logger must not bring back the crash the guard prevents.
    }
  };
  const guardConnection = (connection: PooledConnection): void => {
    connection.on('error', onError);
  };
  pool.on('error', onError);
  pool.on('connect', guardConnection); // pg: a new client, before it is checked out
  pool.on('connection', guardConnection); // mysql2: a new pooled connection
  return pool;
}
