import type { FilterNode } from '../../ast/filter-node.js';
import type { SqlDialect } from './sql-dialect.js';
import type { SqlExecutor } from './sql-executor.js';

/**
 * The statements of one layer call, compiled when they run, with the hooks the
 * session resolved by then (its `prepare` may replace the dialect's).
 *
 * @example
 * const read: SqlRead<Row | null> = oneRead(mapping, 'person', '1');
 * await session.execute(signal, read);
 */
export interface SqlRead<T> {
  /** The filter compiled into the statements: the session prepares case folding for it. */
  readonly filter: FilterNode | null;
  run(executor: SqlExecutor, dialect: SqlDialect): Promise<T>;
}
