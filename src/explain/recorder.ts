/**
 * The record of one explained request: every data-layer call and SQL statement made
 * while it runs, gathered through `AsyncLocalStorage` so concurrent requests never
 * mix and code that is not being explained pays one store lookup per call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryAST } from '../ast/query-ast.js';

/** One call a data layer received, with the request it was given. */
export interface LayerCall {
  readonly method: 'read' | 'readOne' | 'readRelated' | 'readLinkage' | 'readIncluded';
  /** The request as the layer received it (`readOne`: `{ type, id }`). */
  readonly request: unknown;
}

/** A statement a SQL layer ran, compiled: its text and bound parameters. */
export interface RecordedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  /** Runs the engine's plan of this statement, when it can be planned. */
  readonly plan?: () => Promise<readonly Record<string, unknown>[]>;
}

/** What one explained request made happen. */
export interface Recording {
  ast: QueryAST | undefined;
  readonly calls: LayerCall[];
  readonly statements: RecordedStatement[];
}

const storage = new AsyncLocalStorage<Recording>();

/** The recording of the request being explained here, if any. */
export function currentRecording(): Recording | undefined {
  return storage.getStore();
}

/** Runs `work` and records what it makes a data layer do. */
export async function record<T>(work: () => Promise<T>): Promise<{ result: T; recording: Recording }> {
  const recording: Recording = { ast: undefined, calls: [], statements: [] };
  const result = await storage.run(recording, work);
  return { result, recording };
}

/** Notes the resolved AST of the request being explained (no effect outside one). */
export function noteAst(ast: QueryAST): void {
  const recording = storage.getStore();
  if (recording !== undefined) recording.ast = ast;
}
