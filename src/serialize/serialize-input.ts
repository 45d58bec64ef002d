/**
 * What the serializer reads: the result of one execution, as the executor
 * (`src/execute/`) returns it, and the request the document answers.
 */
export type { Execution, Linkage, RelationshipExecution, Resource } from '../execute/execution.js';

/** The request a document answers: its raw, percent-encoded path and query string. */
export interface DocumentRequest {
  /** The path as sent, percent-encoded, without the query (`/persons`). */
  readonly path: string;
  /** The raw query string without `?`; `''` when there is none. */
  readonly query: string;
}
