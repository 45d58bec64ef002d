/**
 * The session concerns of the SQL layer: the dialect's `prepare` run once before
 * the first query that lower-cases text, statement timeouts (the dialect's
 * `withStatementTimeout` hook), and abort: a request whose signal fires rejects at
 * once, and every failure becomes a `DataLayerError`.
 */
import type { FilterNode } from '../../ast/filter-node.js';
import { foldFilter, type FilterFolder } from '../../ast/fold-filter.js';
import { isOperationError } from '../../operations/operation-error.js';
import { DataLayerError } from '../data-layer.js';
import type { SqlDialect } from './sql-dialect.js';
import { toDataLayerError } from './sql-errors.js';
import type { SqlExecutor } from './sql-executor.js';
import { executeCompiled, type CompiledRead, type SqlRead } from './sql-read.js';
import type { StatementRunner } from './statement-runner.js';

/** How the layer runs statements. */
export interface SqlSession {
  /** The hooks statements are compiled with: the dialect, then what its `prepare` resolved to. */
  hooks(): SqlDialect;
  /** Runs the dialect's `prepare` once (again after a failure); later calls share it. */
  prepare(): Promise<unknown>;
  /** Runs `work`, after the dialect's `prepare` when `filter` lower-cases text. */
  run<T>(signal: AbortSignal, work: (executor: SqlExecutor) => Promise<T>, filter?: FilterNode | null): Promise<T>;
  /** How the layer runs a compiled statement. */
  readonly runner: StatementRunner;
  /** Compiles the statements of one layer call with the hooks of the moment, and runs them. */
  execute<T>(signal: AbortSignal, read: SqlRead<T>): Promise<T>;
  /** Compiles the statements of one layer call with the hooks of the moment; runs nothing. */
  compile<T>(read: SqlRead<T>): CompiledRead<T>;
  /**
   * Runs `work` in one transaction (the statement timeout's, or a new one), after
   * the dialect's `prepare` when `filter` lower-cases text. Unlike `run`, an aborted
   * signal does not settle it early: `work` checks the signal between its
   * statements, so the outcome reported is the transaction's. An `OperationError`
   * passes through (the transaction rolled back); any other failure becomes a
   * `DataLayerError`. `alone`: `work` runs one statement, atomic by itself, so it
   * runs without `BEGIN`/`COMMIT` (still inside the statement timeout's transaction).
   */
  transact<T>(
    signal: AbortSignal,
    work: (transaction: SqlExecutor) => Promise<T>,
    filter?: FilterNode | null,
    alone?: boolean,
  ): Promise<T>;
}

/** The session of one layer over `db`, running each compiled statement with `runner`. */
export function createSqlSession(
  db: SqlExecutor,
  dialect: SqlDialect,
  statementTimeoutMs: number | undefined,
  runner: StatementRunner,
): SqlSession {
  let hooks = dialect;
  let preparing: Promise<unknown> | undefined;

  /** Runs the dialect's `prepare` once (again after a failure), before the first query. */
  function prepared(): Promise<unknown> {
    const { prepare } = dialect;
    if (prepare === undefined) return Promise.resolve();
    preparing ??= prepare(db).then(
      (ready) => {
        hooks = ready;
      },
      (error: unknown) => {
        preparing = undefined;
        throw error;
      },
    );
    return preparing;
  }

  /** Starts `work` with the statement timeout, after `prepare` when `filter` lower-cases text. */
  function started<T>(signal: AbortSignal, work: (executor: SqlExecutor) => Promise<T>, filter: FilterNode | null): Promise<T> {
    if (signal.aborted) throw aborted(signal);
    const start = (): Promise<T> => {
      if (signal.aborted) throw aborted(signal);
      const { withStatementTimeout } = dialect;
      if (statementTimeoutMs === undefined || withStatementTimeout === undefined) return work(db);
      return withStatementTimeout(db, work, statementTimeoutMs, signal);
    };
    return filter !== null && foldsCase(filter) ? prepared().then(start) : start();
  }

  async function run<T>(
    signal: AbortSignal,
    work: (executor: SqlExecutor) => Promise<T>,
    filter: FilterNode | null = null,
  ): Promise<T> {
    try {
      return await raceAbort(started(signal, work, filter), signal);
    } catch (error) {
      throw toDataLayerError(error);
    }
  }

  async function transact<T>(
    signal: AbortSignal,
    work: (transaction: SqlExecutor) => Promise<T>,
    filter: FilterNode | null = null,
    alone = false,
  ): Promise<T> {
    const inTransaction = (executor: SqlExecutor): Promise<T> =>
      alone || executor.isTransaction ? work(executor) : executor.transaction().execute(work);
    try {
      return await started(signal, inTransaction, filter);
    } catch (error) {
      throw isOperationError(error) ? error : toDataLayerError(error);
    }
  }

  return {
    hooks: () => hooks,
    prepare: prepared,
    run,
    runner,
    execute: (signal, read) => run(signal, (executor) => executeCompiled(executor, read.compile(executor, hooks), runner), read.filter),
    compile: (read) => read.compile(db, hooks),
    transact,
  };
}

const CASE_OPERATORS: ReadonlySet<string> = new Set(['ilike', 'notilike', 'match']);

const FOLDS_CASE: FilterFolder<boolean> = {
  compare: (node) => CASE_OPERATORS.has(node.op),
  compare_fields: () => false,
  and: (node, _, folds) => node.nodes.some((child) => folds(child)),
  or: (node, _, folds) => node.nodes.some((child) => folds(child)),
  not: (node, _, folds) => folds(node.node),
  any: (node, _, folds) => folds(node.node),
  has: (node, _, folds) => folds(node.node),
};

/** Whether a filter lower-cases text somewhere (`ilike`, `notilike`, `match`). */
function foldsCase(node: FilterNode): boolean {
  return foldFilter(node, FOLDS_CASE);
}

/**
 * The error of a request whose signal aborted.
 */
export function aborted(signal: AbortSignal): DataLayerError {
  return new DataLayerError('timeout', 'the request was aborted', { cause: signal.reason });
}

/** Settles with `promise`, or rejects as soon as `signal` aborts. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(aborted(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
