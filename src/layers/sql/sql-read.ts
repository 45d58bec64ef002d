/**
 * A layer call of the SQL layer in two steps, as Kysely compiles and then executes:
 * `compile` builds every statement the call runs (text and bound parameters, touching
 * no database), and the session executes them and hands their results to `decode`.
 */
import type { CompiledQuery, QueryResult } from 'kysely';
import type { FilterNode } from '../../ast/filter-node.js';
import type { SqlDialect } from './sql-dialect.js';
import type { SqlExecutor } from './sql-executor.js';
import type { StatementRunner } from './statement-runner.js';

/** The raw rows of one statement's result. */
export type RawResult = QueryResult<Record<string, unknown>>;

/** The statements of one layer call, compiled, and how their results become its answer. */
export interface CompiledRead<T> {
  readonly statements: readonly CompiledQuery[];
  /** Runs the statements one after another (include chunks) instead of all at once. */
  readonly inOrder: boolean;
  /** The answer from each statement's result, in the order of `statements`. */
  decode(results: readonly RawResult[]): T;
}

/** One layer call, compiled with the hooks of the moment (the session's `prepare` may replace the dialect's). */
export interface SqlRead<T> {
  /** The filter compiled into the statements: the session prepares case folding for it. */
  readonly filter: FilterNode | null;
  /** Compiles the statements with `executor`'s query compiler and plugins; runs nothing. */
  compile(executor: SqlExecutor, dialect: SqlDialect): CompiledRead<T>;
}

/** Executes the compiled statements of a read on `executor` with `runner` and decodes their results. */
export async function executeCompiled<T>(executor: SqlExecutor, compiled: CompiledRead<T>, runner: StatementRunner): Promise<T> {
  const run = (statement: CompiledQuery): Promise<RawResult> => runner(executor, statement);
  if (!compiled.inOrder) return compiled.decode(await Promise.all(compiled.statements.map(run)));
  const results: RawResult[] = [];
  for (const statement of compiled.statements) results.push(await run(statement));
  return compiled.decode(results);
}
