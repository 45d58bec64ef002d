/**
 * The explanation of one request, as `explainQuery`, the handler's `explain` route
 * and the `explain` command give it: JSON-safe, so it can be printed or served as is.
 */
import type { QueryAST } from '../ast/query-ast.js';
import type { LayerCall, Recording } from './recorder.js';

/** A SQL statement the request ran: text, bound parameters, and the engine's plan when asked for. */
export interface ExplainedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  /** The rows of `EXPLAIN` (`EXPLAIN QUERY PLAN` on SQLite), with `plan: true`. */
  readonly plan?: readonly Record<string, unknown>[];
}

/** What a request means and costs. */
export interface Explanation {
  /** The resolved QueryAST (`undefined` only when the request failed before parsing). */
  readonly ast: QueryAST | undefined;
  /** The number of data-layer calls: one for the primary data, one per include path step. */
  readonly callCount: number;
  /** Each call with the request the data layer received: the memory layer's whole plan. */
  readonly calls: readonly LayerCall[];
  /** The SQL statements run, in order (empty for a layer that is not SQL, or not `explainable`). */
  readonly statements: readonly ExplainedStatement[];
}

/** Turns a recording into an explanation, running each statement's plan when `plan` is set. */
export async function explanationOf(recording: Recording, plan: boolean): Promise<Explanation> {
  const statements: ExplainedStatement[] = [];
  for (const statement of recording.statements) {
    const base = { sql: statement.sql, parameters: statement.parameters.map(jsonSafe) };
    statements.push(plan && statement.plan !== undefined ? { ...base, plan: (await statement.plan()).map(jsonSafeRow) } : base);
  }
  return {
    ast: recording.ast,
    callCount: recording.calls.length,
    calls: recording.calls.map((call) => ({ method: call.method, request: jsonSafe(call.request) })),
    statements,
  };
}

/** JSON has no bigint, Date or byte array: write them as strings. */
function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, jsonSafe(item)]));
  }
  return value;
}

function jsonSafeRow(row: Record<string, unknown>): Record<string, unknown> {
  return jsonSafe(row) as Record<string, unknown>;
}
