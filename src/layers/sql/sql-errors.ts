/**
 * Database failures as `DataLayerError`s: timeouts and cancellations become
 * `timeout`, unreachable servers and exhausted pools `unavailable`, everything
 * else `internal`. The message is for logs; clients never see it.
 */
import { DataLayerError } from '../data-layer.js';

/** PostgreSQL SQLSTATEs and MySQL/MariaDB errnos, Node and driver error codes. */
const TIMEOUT_CODES = new Set<unknown>(['57014', 1969, 3024, 'ER_STATEMENT_TIMEOUT', 'ER_QUERY_TIMEOUT']);
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
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  1040, // ER_CON_COUNT_ERROR
  1203, // ER_TOO_MANY_USER_CONNECTIONS
]);
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg Pool exhausted
  /connection terminated/i,
  /no connections? available/i,
  /queue limit reached/i, // mysql2 pool queue
  /pool is closed/i,
];

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

/**
 * Wraps anything a driver threw in a `DataLayerError` with the right reason.
 *
 * @example
 * try { await query.execute(db); } catch (error) { throw toDataLayerError(error); }
 */
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
    if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CODES.has(errno)) {
      return new DataLayerError('unavailable', `database unavailable: ${message}`, { cause: error });
    }
    const text = item instanceof Error ? item.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(text))) {
      return new DataLayerError('unavailable', `database unavailable: ${message}`, { cause: error });
    }
  }
  return new DataLayerError('internal', `database error: ${message}`, { cause: error });
}
