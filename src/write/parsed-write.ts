import type { Operation } from '../operations/operation-node.js';

/**
 * Where an operation came from in its request document, for the `source.pointer`
 * of an error a data layer reports about it: `pointer`, the operation's place
 * (`''` for a single-resource route, `/atomic:operations/3` in a batch); `ref`, the
 * member naming the resource it changes (`undefined` when the URL names it).
 */
export interface OperationSource {
  readonly pointer: string;
  readonly ref: string | undefined;
}

/** A request document parsed: its operations, and where each came from. */
export interface ParsedWrite {
  readonly operations: readonly Operation[];
  readonly sources: readonly OperationSource[];
}
