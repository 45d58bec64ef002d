/**
 * Database failures as `DataLayerError`s: timeouts and cancellations become
 * `timeout`; unreachable servers, dropped connections, exhausted pools, a
 * transaction ended by a deadlock or a serialization failure (worth running again)
 * and a SQLite file that is damaged or gone become `unavailable`; everything else
 * `internal`. The message is for logs; clients never see it.
 */
import { DataLayerError } from '../data-layer.js';

/** PostgreSQL SQLSTATEs and MySQL/MariaDB errnos, Node and driver error codes. */
const TIMEOUT_CODES = new Set<unknown>([
  '57014', // query_canceled: statement_timeout, a cancel
  '55P03', // lock_not_available: lock_timeout
  1969, // MariaDB ER_STATEMENT_TIMEOUT
  3024, // MySQL ER_QUERY_TIMEOUT
  1205, // ER_LOCK_WAIT_TIMEOUT: innodb_lock_wait_timeout
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
]);
const UNAVAILABLE_CODES = new Set<unknown>([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'POOL_CLOSED',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  '53300', // too_many_connections
  '57P01', // admin_shutdown: pg_terminate_backend, a fast or smart shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout
  '40001', // serialization_failure: a transaction to run again
  '40P01', // deadlock_detected: this transaction was the one ended
  1213, // ER_LOCK_DEADLOCK
  1040, // ER_CON_COUNT_ERROR
  1053, // ER_SERVER_SHUTDOWN
  1203, // ER_TOO_MANY_USER_CONNECTIONS
  1927, // ER_CONNECTION_KILLED (MariaDB: KILL of the connection)
  2013, // CR_SERVER_LOST
  4031, // ER_CLIENT_INTERACTION_TIMEOUT (MySQL 8: wait_timeout)
]);
/**
 * PostgreSQL's class 08 (connection exception), and the SQLite result codes of a
 * database file that is damaged, not a database, unreadable or gone (extended
 * codes included: `SQLITE_IOERR_SHORT_READ`).
 */
const UNAVAILABLE_CODE_PATTERN = /^(?:08[0-9A-Z]{3}|SQLITE_(?:CORRUPT|NOTADB|IOERR|CANTOPEN|READONLY_DBMOVED)(?:_[A-Z_]+)?)$/;
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg Pool exhausted
  /connection terminated/i,
  /no connections? available/i,
  /queue limit reached/i, // mysql2 pool queue
  /pool is closed/i,
  /not queryable/i, // pg: a statement (a rollback) on a client whose connection died
  /connection is in closed state/i, // mysql2: the same
];

function isUnavailableCode(code: unknown): boolean {
  return UNAVAILABLE_CODES.has(code) || (typeof code === 'string' && UNAVAILABLE_CODE_PATTERN.test(code));
}

function codeOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; errno?: unknown };
  return record.code ?? record.errno;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 5; ) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
    if (current === undefined && chain.at(-1) instanceof AggregateError) {
      chain.push(...(chain.at(-1) as AggregateError).errors);
      break;
    }
  }
  return chain;
}

/** Wraps anything a driver threw in a `DataLayerError` with the right reason. */
export function toDataLayerError(error: unknown): DataLayerError {
  if (error instanceof DataLayerError) return error;
  const chain = causes(error);
  const message = error instanceof Error ? error.message : String(error);
  for (const item of chain) {
    const code = codeOf(item);
    const errno = typeof item === 'object' && item !== null ? (item as { errno?: unknown }).errno : undefined;
    if (TIMEOUT_CODES.has(code) || TIMEOUT_CODES.has(errno)) {
      return new DataLayerError('timeout', `database statement timed out: ${message}`, { cause: error });
    }
    if (isUnavailableCode(code) || isUnavailableCode(errno)) {
      return new DataLayerError('unavailable', `database unavailable: ${message}`, { cause: error });
    }
    const text = item instanceof Error ? item.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(text))) {
      return new DataLayerError('unavailable', `database unavailable: ${message}`, { cause: error });
    }
  }
  return new DataLayerError('internal', `database error: ${message}`, { cause: error });
}
